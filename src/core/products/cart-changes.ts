import type { CartEventKind, CartState } from '../rules/cart.ts';

export interface CartChange {
  kind: CartEventKind;
  /** The products (and their variants) concerned, so a trigger may name either. */
  productIds: string[];
}

const lineKey = (item: { productId: string; variantId?: string }) => `${item.productId}/${item.variantId ?? ''}`;

/**
 * What happened between two readings of a cart: the lines whose quantity went up are added products, those
 * that went down or left are removed products; a cart that changed otherwise (or not at all) is an update.
 * Added comes before removed, and `cart_updated` always closes the list so value and item triggers see it.
 */
export function cartChanges(before: CartState | null, after: CartState): CartChange[] {
  const previous = new Map((before?.items ?? []).map((item) => [lineKey(item), item]));
  const current = new Map(after.items.map((item) => [lineKey(item), item]));
  const added = new Set<string>();
  const removed = new Set<string>();
  const note = (into: Set<string>, item: { productId: string; variantId?: string }) => {
    into.add(item.productId);
    if (item.variantId) into.add(item.variantId);
  };
  for (const [key, item] of current) if (item.quantity > (previous.get(key)?.quantity ?? 0)) note(added, item);
  for (const [key, item] of previous) if (item.quantity > (current.get(key)?.quantity ?? 0)) note(removed, item);
  const changes: CartChange[] = [];
  if (added.size) changes.push({ kind: 'added_product', productIds: [...added] });
  if (removed.size) changes.push({ kind: 'removed_product', productIds: [...removed] });
  changes.push({ kind: 'cart_updated', productIds: [] });
  return changes;
}
