import type { CartTriggerSettings } from '../config/types.ts';
import { readNumber } from '../config/values.ts';
import { allow, block, type RuleResult } from './types.ts';

export const CART_ACTIONS = ['added_product', 'removed_product', 'cart_item', 'cart_value'] as const;
export type CartAction = (typeof CART_ACTIONS)[number];

export const CART_COMPARISONS = ['greater_than', 'equal', 'greater_than_or_equal'] as const;
export type CartComparison = (typeof CART_COMPARISONS)[number];

export type ProductScope = { kind: 'any_product' } | { kind: 'empty_cart' } | { kind: 'ids'; ids: string[] };

export interface CartItem {
  productId: string;
  variantId?: string;
  quantity: number;
}

export interface CartState {
  items: CartItem[];
  /** Cart value in currency units (a store's total_price in cents is divided by 100 before it gets here). */
  total: number;
}

/** What a store integration reports: a product added or removed, or the cart re-read after any change. */
export type CartEventKind = 'added_product' | 'removed_product' | 'cart_updated';

export interface CartEvent {
  kind: CartEventKind;
  /** Products the event concerns (added or removed). */
  productIds: string[];
  /** The cart after the event. */
  cart: CartState;
}

export function readCartAction(word: string): CartAction | null {
  const normalized = word.trim().toLowerCase();
  return (CART_ACTIONS as readonly string[]).includes(normalized) ? (normalized as CartAction) : null;
}

const COMPARISON_ALIASES: Record<string, CartComparison> = {
  greater_than: 'greater_than',
  gt: 'greater_than',
  '>': 'greater_than',
  equal: 'equal',
  equals: 'equal',
  eq: 'equal',
  '=': 'equal',
  greater_than_or_equal: 'greater_than_or_equal',
  gte: 'greater_than_or_equal',
  '>=': 'greater_than_or_equal',
};

export function readCartComparison(word: string): CartComparison | null {
  return COMPARISON_ALIASES[word.trim().toLowerCase()] ?? null;
}

export function compareAmount(actual: number, comparison: CartComparison, expected: number): boolean {
  switch (comparison) {
    case 'greater_than':
      return actual > expected;
    case 'equal':
      return Math.abs(actual - expected) < 1e-9;
    case 'greater_than_or_equal':
      return actual >= expected;
  }
}

/** shopify_cart_trigger_products: "any_product", "empty_cart", or a comma list of product (or variant) ids. */
export function parseProductScope(text: string): ProductScope {
  const normalized = text.trim().toLowerCase();
  if (normalized === '' || normalized === 'any_product' || normalized === 'any') return { kind: 'any_product' };
  if (normalized === 'empty_cart') return { kind: 'empty_cart' };
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return ids.length ? { kind: 'ids', ids } : { kind: 'any_product' };
}

/**
 * Whether a cart event satisfies the pop-up's cart trigger (widget §3 cart trigger settings, §5 cart
 * comparisons). Both store platforms use the shopify_cart_trigger_* action, products and comparison.
 * - added_product / removed_product: the event is that action on a product in scope (empty_cart: the cart
 *   is empty after the event);
 * - cart_item: the number of items in scope (sum of quantities) compares with the value; without a
 *   comparison, at least one such item; empty_cart: the cart is empty;
 * - cart_value: the cart total compares with the value.
 */
export function evaluateCartTrigger(settings: CartTriggerSettings, event: CartEvent): RuleResult {
  const name = 'cart_trigger';
  const action = readCartAction(settings.shopifyAction);
  if (!action) return block(name, `unknown cart action "${settings.shopifyAction}"`);
  const scope = parseProductScope(settings.shopifyProducts);
  const comparisonWord = settings.shopifyCartSpecFilter.trim();
  const comparison = comparisonWord ? readCartComparison(comparisonWord) : null;
  if (comparisonWord && !comparison) return block(name, `unknown cart comparison "${comparisonWord}"`);
  const expected = readNumber(settings.shopifyCartSpecValue);
  const isEmpty = event.cart.items.length === 0 || event.cart.items.every((item) => item.quantity <= 0);

  if (action === 'added_product' || action === 'removed_product') {
    if (event.kind !== action) return block(name, `waiting for ${action}; got ${event.kind}`);
    if (scope.kind === 'any_product') return allow(name, `${action}: any product`);
    if (scope.kind === 'empty_cart')
      return isEmpty
        ? allow(name, `${action} and the cart is now empty`)
        : block(name, `${action} but the cart is not empty`);
    const hit = event.productIds.find((id) => scope.ids.includes(id));
    return hit
      ? allow(name, `${action}: product ${hit}`)
      : block(
          name,
          `${action} of ${event.productIds.join(', ') || 'unknown product'}, not one of ${scope.ids.join(', ')}`,
        );
  }

  if (action === 'cart_item') {
    if (scope.kind === 'empty_cart')
      return isEmpty ? allow(name, 'the cart is empty') : block(name, 'the cart is not empty');
    const inScope = event.cart.items.filter(
      (item) =>
        scope.kind === 'any_product' ||
        scope.ids.includes(item.productId) ||
        (item.variantId !== undefined && scope.ids.includes(item.variantId)),
    );
    const count = inScope.reduce((sum, item) => sum + Math.max(0, item.quantity), 0);
    const rule =
      comparison && expected !== null
        ? { comparison, expected }
        : { comparison: 'greater_than_or_equal' as const, expected: 1 };
    const what = scope.kind === 'any_product' ? 'items in the cart' : `items of ${scope.ids.join(', ')} in the cart`;
    const verdict = `${count} ${what}, needs ${rule.comparison} ${rule.expected}`;
    return compareAmount(count, rule.comparison, rule.expected) ? allow(name, verdict) : block(name, verdict);
  }

  if (!comparison || expected === null) return block(name, 'cart_value needs a comparison and a value');
  const verdict = `cart value ${event.cart.total}, needs ${comparison} ${expected}`;
  return compareAmount(event.cart.total, comparison, expected) ? allow(name, verdict) : block(name, verdict);
}
