import { evaluateCartTrigger, readCartAction } from '../rules/cart.ts';
import { combine } from '../safety.ts';
import { later } from '../timers.ts';
import { fireOnce } from './fire-once.ts';
import { cartTriggerEnabled } from './plan.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

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
