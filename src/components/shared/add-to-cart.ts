// A button that adds to the visitor's cart (a template's add-to-cart button, a recommended product's) asks
// whoever knows the store: the controller answers `poptin-add-to-cart` with the outcome.
import type { AddToCartItem } from '../../core/products/add-to-cart.ts';
import { log } from '../../core/safety.ts';
import { emit } from './emit.ts';

export interface AddToCartDetail {
  item: AddToCartItem;
  /** The listener that adds it hands over the outcome: true once it is in the cart. */
  respondWith(outcome: Promise<boolean>): void;
}

/** Dispatches `poptin-add-to-cart` from `source`; false when nobody on the page can add to a cart, or it failed. */
export function requestAddToCart(source: Element, item: AddToCartItem): Promise<boolean> {
  let outcome: Promise<boolean> | null = null;
  emit<AddToCartDetail>(source, 'poptin-add-to-cart', {
    item,
    respondWith: (promise) => {
      outcome ??= promise;
    },
  });
  if (!outcome) {
    log.warn('nothing on this page adds to a cart: <poptin-controller> on a Shopify or Wix store does');
    return Promise.resolve(false);
  }
  return (outcome as Promise<boolean>).catch((error: unknown) => {
    log.warn(`${item.id} could not be added to the cart`, error);
    return false;
  });
}
