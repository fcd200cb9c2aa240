// What the owner routes say of a field (a site's in server/owner/site-routes.ts and normaliseOrigin, an owner's and a
// password's in server/owner/fields.ts, passwords.ts, admin-routes.ts and auth-routes.ts), in the owner's language;
// a message not listed here stays the server's own.
import type { Translate } from '../i18n/strings.ts';
import { fill } from '../insights/model.ts';

/** Server messages by pattern, each with its words in the console's language (the match gives its values). */
export type MessageWords = readonly [RegExp, (match: RegExpExecArray, t: Translate) => string][];

/** The words of the first pattern of `table` that `message` matches; the message as the server wrote it if none does. */
export function wordsOf(table: MessageWords, message: string, t: Translate): string {
  for (const [pattern, words] of table) {
    const match = pattern.exec(message);
    if (match) return words(match, t);
  }
  return message;
}

const FIELD_MESSAGES: MessageWords = [
  [/^is not a web address/, (_, t) => t('srvNotWebAddress')],
  [/^is required$/, (_, t) => t('srvRequired')],
  [/^must be 1-64 letters, digits/, (_, t) => t('srvClientIdCharacters')],
  [/^"(.+)" is a word of the owner API's paths/, (match, t) => fill(t('srvClientIdReserved'), { word: match[1]! })],
  [/^allowed origin "(.*)" is not a URL/, (match, t) => fill(t('srvOriginNotAddress'), { value: match[1]! })],
  [
    /^allowed origin "(.*)" must be scheme:\/\/host\[:port\] only, e\.g\. "(.*)"/,
    (match, t) => fill(t('srvOriginAlone'), { value: match[1]!, origin: match[2]! }),
  ],
  [/^"(.*)" is not a time zone/, (match, t) => fill(t('srvTimeZone'), { value: match[1]! })],
  [/^must be a name on one line/, (_, t) => t('srvSenderName')],
  [/^must be an e-mail address, e\.g\./, (_, t) => t('srvReplyTo')],
  [/^must be an http:\/\/ or https:\/\/ address/, (_, t) => t('srvHttpAddress')],
  [/^must be an e-mail address$/, (_, t) => t('srvEmail')],
  [/^must be at least (\d+) characters/, (match, t) => fill(t('srvPasswordShort'), { n: match[1]! })],
  [/^must be at most (\d+) characters/, (match, t) => fill(t('srvPasswordLong'), { n: match[1]! })],
  [/^must not be only spaces/, (_, t) => t('srvPasswordSpaces')],
  [/^is one of the most common passwords/, (_, t) => t('srvPasswordCommon')],
  [/^is not your current password/, (_, t) => t('srvNotCurrentPassword')],
  [/^cannot be taken from yourself/, (_, t) => t('srvOwnAdmin')],
];

export function fieldMessageWords(message: string, t: Translate): string {
  return wordsOf(FIELD_MESSAGES, message, t);
}
