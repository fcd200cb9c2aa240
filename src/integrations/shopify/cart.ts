import type { AddToCartItem } from '../../core/products/add-to-cart.ts';
import { log } from '../../core/safety.ts';
import type { StoreCart } from '../store.ts';

type Fetch = typeof fetch;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Reads `{root}cart.js` (widget §7): the price is total_price divided by 100. */
export function cartFromShopify(body: unknown): StoreCart {
  const cart = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const lines = Array.isArray(cart.items) ? (cart.items as Record<string, unknown>[]) : [];
  const total = Number(cart.total_price);
  return {
    items: lines
      .filter((line) => line && typeof line === 'object')
      .map((line) => ({
        productId: text(line.product_id),
        variantId: text(line.variant_id ?? line.id) || undefined,
        quantity: Number(line.quantity) || 0,
      })),
    total: Number.isFinite(total) ? total / 100 : 0,
    itemCount: Number(cart.item_count) || 0,
    cartId: text(cart.token),
  };
}

/** The visitor's cart; a failed read is an error the caller logs (the pop-up it was for is not shown). */
export async function readShopifyCart(fetchImpl: Fetch, root: string): Promise<StoreCart> {
  // Never from the HTTP cache: the cart changes under the same address.
  const response = await fetchImpl(`${root}cart.js`, {
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Shopify cart.js answered HTTP ${response.status}`);
  return cartFromShopify(await response.json());
}

/**
 * Adds to the cart through `{root}cart/add.js` (widget §7: items of id and quantity). Shopify answers 422
 * when the item cannot be added (sold out, unknown variant): that is only logged.
 */
export async function addToShopifyCart(fetchImpl: Fetch, root: string, item: AddToCartItem): Promise<boolean> {
  const response = await fetchImpl(`${root}cart/add.js`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ items: [{ id: Number(item.id) || item.id, quantity: item.quantity }] }),
  });
  if (response.status === 422) {
    const answer = (await response.json().catch(() => null)) as { description?: string } | null;
    log.warn(`Shopify did not add ${item.id} to the cart: ${answer?.description ?? 'HTTP 422'}`);
    return false;
  }
  if (!response.ok) throw new Error(`Shopify cart/add.js answered HTTP ${response.status}`);
  return true;
}
