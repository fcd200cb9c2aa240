import type { ConsentAnswer } from '../consent.ts';
import type { ShopifyWindow } from './detect.ts';

/**
 * The visitor's marketing consent through Shopify's Customer Privacy API: a store without the API, or one
 * whose visitor needs no banner, has nothing to wait for.
 */
export function shopifyConsent(win: ShopifyWindow): ConsentAnswer {
  const privacy = win.Shopify?.customerPrivacy;
  if (!privacy || typeof privacy.currentVisitorConsent !== 'function') return 'yes';
  if (typeof privacy.shouldShowBanner === 'function' && !privacy.shouldShowBanner()) return 'yes';
  const marketing = privacy.currentVisitorConsent()?.marketing ?? '';
  return marketing === 'yes' ? 'yes' : marketing === 'no' ? 'no' : 'undecided';
}
