// The page's cart changes, as the store integrations report them: what the cart trigger (cart.ts) listens to, and the
// last known cart for the products a pop-up recommends.
import type { CartEvent, CartEventKind, CartState } from '../rules/cart.ts';
import { guard } from '../safety.ts';
import type { CartEventSource } from './types.ts';

export interface CartEventHub extends CartEventSource {
  /** Store integrations call this for each cart change they observe; `cart` defaults to the last known cart. */
  fireCartEvent(kind: CartEventKind, detail?: { productIds?: string[]; cart?: CartState }): void;
}

const EMPTY_CART: CartState = { items: [], total: 0 };

export function createCartEvents(): CartEventHub {
  const listeners = new Set<(event: CartEvent) => void>();
  let last: CartState | null = null;
  return {
    fireCartEvent(kind, detail = {}) {
      if (detail.cart) last = detail.cart;
      const event: CartEvent = { kind, productIds: detail.productIds ?? [], cart: last ?? EMPTY_CART };
      for (const listener of [...listeners]) guard('cart event listener', () => listener(event));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => last,
  };
}
