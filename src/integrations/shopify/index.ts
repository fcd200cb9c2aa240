// The Shopify storefront integration (widget §4, §7): cart.js, the page's own cart calls, cart/add.js,
// the Customer Privacy API and the analytics meta. A chunk of its own, loaded only on a Shopify storefront.
import { log } from '../../core/safety.ts';
import { waitForConsent } from '../consent.ts';
import type { StoreCart, StoreIntegration } from '../store.ts';
import { addToShopifyCart, readShopifyCart } from './cart.ts';
import { shopifyConsent } from './consent.ts';
import { detectShopify, type ShopifyWindow, shopifyCustomerId, shopifyViewedProduct } from './detect.ts';
import { observeCartCalls } from './observe.ts';

export { detectShopify } from './detect.ts';

export function createShopifyIntegration(win: Window & typeof globalThis & ShopifyWindow): StoreIntegration | null {
  const storefront = detectShopify(win);
  if (!storefront) return null;
  const { shop, root } = storefront;
  // Our own reads and writes go through the page's fetch as it was when we started, not through our watcher.
  const pageFetch = win.fetch.bind(win);
  const read = (): Promise<StoreCart | null> =>
    readShopifyCart(pageFetch, root).catch((error: unknown) => {
      log.warn('the Shopify cart could not be read', error);
      return null;
    });
  return {
    platform: 'shopify',
    shop,
    root,
    customerId: async () => shopifyCustomerId(win),
    consent: (signal) => waitForConsent(() => shopifyConsent(win), win, signal),
    readCart: read,
    observeCart: (onChange) => observeCartCalls(win, () => void read().then(onChange)),
    async addToCart(item) {
      const added = await addToShopifyCart(pageFetch, root, item);
      return { added, cart: await read() };
    },
    cartUrl: () => `${root}cart`,
    viewedProduct: () => shopifyViewedProduct(win),
  };
}
