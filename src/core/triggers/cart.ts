import {
  type CartEvent,
  type CartEventKind,
  type CartState,
  cartTriggerEnabled,
  evaluateCartTrigger,
  readCartAction,
} from '../rules/cart.ts';
import { combine, guard } from '../safety.ts';
import { later } from '../timers.ts';
import { fireOnce } from './fire-once.ts';
import { type CartEventSource, type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

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

/**
 * Cart trigger (shopify_cart_trigger_* / wix_cart_trigger_active): fires on the first cart event that
 * satisfies the configured action, products and comparison; a cart_item or cart_value condition that
 * already holds for the known cart fires at once.
 */
export function armCart(context: TriggerContext): Disarm {
  const settings = context.config.cart;
  const source = context.cartEvents;
  if (!cartTriggerEnabled(settings) || !source) return () => {};
  const gate = fireOnce(() => context.fire(TRIGGER_NAMES.cart));
  const cleanups: Disarm[] = [
    source.subscribe((event) => {
      if (evaluateCartTrigger(settings, event).allowed) gate.fire();
    }),
  ];
  const action = readCartAction(settings.shopifyAction);
  const known = source.current();
  if (known && (action === 'cart_item' || action === 'cart_value')) {
    if (evaluateCartTrigger(settings, { kind: 'cart_updated', productIds: [], cart: known }).allowed)
      cleanups.push(later(context.window, 0, gate.fire));
  }
  const disarm = combine(cleanups);
  gate.onFire(disarm);
  return disarm;
}
