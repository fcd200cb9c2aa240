import { type Language, translate } from '../../core/i18n/strings.ts';
import { listenSafely, log } from '../../core/safety.ts';
import { createTimers } from '../../core/timers.ts';
import { emitWindow } from '../shared/emit.ts';

/** Widget §4: the "Copied" tooltip shows 0.5 s, then fades for 0.3 s. */
export const COUPON_TOOLTIP_MS = 500;
export const COUPON_FADE_MS = 300;

export interface CouponCopyDetail {
  event_name: 'couponCopy';
  coupon_code: string;
  prize_label: string;
}

function couponCode(element: HTMLElement): string {
  return (element.dataset.poptinCoupon || element.textContent || '').trim();
}

/** `[data-poptin-coupon]` in a template: a button that copies the code, says "Copied" and tells the page. */
export function bindCoupons(content: HTMLElement, language: Language): () => void {
  const timers = createTimers();
  const later = timers.later;

  content.querySelectorAll<HTMLElement>('[data-poptin-coupon]').forEach((coupon) => {
    // Kept as read now: the tooltip added on copy becomes part of the element's text.
    coupon.dataset.poptinCoupon = couponCode(coupon);
    coupon.setAttribute('role', 'button');
    if (!coupon.hasAttribute('tabindex')) coupon.tabIndex = 0;
    coupon.setAttribute('aria-label', `${translate(language, 'couponLabel')}: ${couponCode(coupon)}`);
  });

  const copy = (coupon: HTMLElement) => {
    const code = couponCode(coupon);
    navigator.clipboard?.writeText(code).catch((error: unknown) => log.warn('coupon not copied', error));
    coupon.querySelector('.poptin-tooltip')?.remove();
    const tooltip = document.createElement('span');
    tooltip.className = 'poptin-tooltip';
    tooltip.setAttribute('role', 'status');
    tooltip.textContent = translate(language, 'copied');
    coupon.append(tooltip);
    later(() => tooltip.classList.add('is-fading'), COUPON_TOOLTIP_MS);
    later(() => tooltip.remove(), COUPON_TOOLTIP_MS + COUPON_FADE_MS);
    emitWindow<CouponCopyDetail>('couponCopy', {
      event_name: 'couponCopy',
      coupon_code: code,
      prize_label: coupon.dataset.prizeLabel ?? '',
    });
  };

  const couponOf = (event: Event) =>
    (event.target as Element | null)?.closest<HTMLElement>('[data-poptin-coupon]') ?? null;
  const stopClicks = listenSafely(content, 'click', (event) => {
    const coupon = couponOf(event);
    if (coupon) copy(coupon);
  });
  const stopKeys = listenSafely<KeyboardEvent>(content, 'keydown', (event) => {
    const coupon = couponOf(event);
    if (!coupon || (event.key !== 'Enter' && event.key !== ' ') || coupon instanceof HTMLButtonElement) return;
    event.preventDefault();
    copy(coupon);
  });
  return () => {
    stopClicks();
    stopKeys();
    timers.clearAll();
  };
}
