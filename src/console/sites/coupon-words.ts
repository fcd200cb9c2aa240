// What the coupon routes say of a source or of an uploaded list (server/coupons/routes.ts, code-list.ts,
// code-pattern.ts), in the owner's language; anything else is said as the owner routes' fields are.
import { fieldMessageWords, type MessageWords, wordsOf } from '../components/field-messages.ts';
import type { Translate } from '../i18n/strings.ts';
import { fill } from '../insights/model.ts';

const COUPON_MESSAGES: MessageWords = [
  [
    /^line (\d+): a code may be at most 64 characters long \(this one has (\d+)\)/,
    (match, t) => fill(t('srvCouponLineTooLong'), { line: match[1]!, n: match[2]! }),
  ],
  [
    /^line (\d+): "(.*)" is not a code: /,
    (match, t) => fill(t('srvCouponLineNotCode'), { line: match[1]!, code: match[2]! }),
  ],
  [
    /^line (\d+): (.*) is already on line (\d+)$/,
    (match, t) => fill(t('srvCouponLineRepeated'), { line: match[1]!, code: match[2]!, first: match[3]! }),
  ],
  [/^line (\d+): a quoted cell is never closed/, (match, t) => fill(t('srvCouponLineUnclosed'), { line: match[1]! })],
  [/^the file is larger than (\d+) MB$/, (match, t) => fill(t('srvCouponFileTooLarge'), { n: match[1]! })],
  [/^and more: /, (_, t) => t('srvCouponMore')],
  [/^it holds no codes/, (_, t) => t('srvCouponNoCodes')],
  [
    /^it holds (\d+) codes; a list holds at most (\d+)$/,
    (match, t) => fill(t('srvCouponTooMany'), { n: match[1]!, max: match[2]! }),
  ],
  [/^a pattern is 1 to 64 letters/, (_, t) => t('srvCouponPattern')],
  [
    /^a pattern needs at least (\d+) X .*; it has (\d+)$/,
    (match, t) => fill(t('srvCouponPatternRandoms'), { min: match[1]!, n: match[2]! }),
  ],
  [/^is required: the shop, the discount and its value$/, (_, t) => t('srvCouponShopify')],
  [/^must be the shop's domain/, (_, t) => t('srvCouponShop')],
  [/^a percentage is at most 100$/, (_, t) => t('srvCouponPercent')],
  [/^is required: the shop's Admin API access token/, (_, t) => t('srvCouponToken')],
];

export function couponMessageWords(message: string, t: Translate): string {
  const words = wordsOf(COUPON_MESSAGES, message, t);
  return words === message ? fieldMessageWords(message, t) : words;
}
