// The visitor's own coupon code, given by the server with their lead (docs/coupons.md), written into the pop-up: into
// its `[data-poptin-coupon]` elements (a game's win screen, the thank-you screen), or, when the template has none, a
// copyable code added to the thank-you screen. Its own chunk: loaded only when a lead's answer carries a code.

import type { Language } from '../../core/i18n/strings.ts';
import { bindCoupons } from './coupon.ts';

// The words live here rather than in core/i18n/strings.ts: that table loads with every lightbox, these only here.
const WORDS: Record<Language, { yourCode: string; noneLeft: string }> = {
  en: {
    yourCode: 'Your code',
    noneLeft: 'Your details are saved, but there is no code left to give you right now.',
  },
  he: {
    yourCode: 'הקוד שלך',
    noneLeft: 'הפרטים שלך נשמרו, אבל כרגע לא נשאר קוד לתת לך.',
  },
};

const COUPON = '[data-poptin-coupon]';

// Set through the CSSOM, which a strict Content-Security-Policy allows, on what this module adds to a template.
const LINE = { margin: '16px 0 0', fontSize: '15px', lineHeight: '1.5' };
const CODE = {
  marginInlineStart: '6px',
  padding: '8px 14px',
  font: '700 16px/1.2 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  letterSpacing: '0.06em',
  color: 'inherit',
  background: '#fff',
  border: '2px dashed currentColor',
  borderRadius: '8px',
};

/** Writes `code` (or, when it is '', says in words that none was left) where the pop-up shows its coupon. */
export function showCouponAnswer(content: HTMLElement | null, code: string, language: Language): void {
  if (!content) return;
  const words = WORDS[language] ?? WORDS.en;
  const coupons = [...content.querySelectorAll<HTMLElement>(COUPON)];
  const document = content.ownerDocument;
  if (!code) {
    const note = document.createElement('p');
    note.setAttribute('role', 'status');
    note.dataset.poptinCouponNone = '';
    note.dir = 'auto';
    note.textContent = words.noneLeft;
    Object.assign(note.style, LINE);
    if (coupons.length > 0) coupons.forEach((coupon) => coupon.replaceWith(note.cloneNode(true)));
    else placeOf(content).append(note);
    return;
  }
  if (coupons.length > 0) {
    for (const coupon of coupons) {
      coupon.dataset.poptinCoupon = code;
      coupon.textContent = code;
      coupon.setAttribute('aria-label', `${words.yourCode}: ${code}`);
    }
    return;
  }
  const block = document.createElement('p');
  block.dataset.poptinCouponAnswer = '';
  block.setAttribute('role', 'status');
  block.dir = 'auto';
  Object.assign(block.style, LINE);
  const coupon = document.createElement('button');
  coupon.type = 'button';
  coupon.dataset.poptinCoupon = code;
  coupon.textContent = code;
  Object.assign(coupon.style, CODE);
  block.append(`${words.yourCode}: `, coupon);
  placeOf(content).append(block);
  bindCoupons(block, language);
}

/** The thank-you screen, else the form's screen (its "sent" message shows there), else the template itself. */
function placeOf(content: HTMLElement): HTMLElement {
  return (
    content.querySelector<HTMLElement>('[data-poptin-screen="thank-you"]') ??
    content.querySelector<HTMLElement>('form')?.parentElement ??
    content
  );
}
