import type { StoreCart } from '../store.ts';

/** The Wix Stores app, whose products a cart line refers to. */
export const WIX_STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * A Wix cart, as the commerce API answers it or as the display answer's `wix_cart_details` carries it
 * (widget §3: line items with rootCatalogItemId and productName.original, subtotal.amount).
 */
export function cartFromWix(value: unknown): StoreCart {
  const cart = record(value);
  const lines = Array.isArray(cart.lineItems) ? cart.lineItems.map(record) : [];
  const total = Number.parseFloat(text(record(cart.subtotal).amount));
  const items = lines.map((line) => ({
    productId: text(line.rootCatalogItemId) || text(record(line.catalogReference).catalogItemId),
    variantId: text(record(record(line.catalogReference).options).variantId) || undefined,
    quantity: Number(line.quantity) || 0,
  }));
  return {
    items,
    total: Number.isFinite(total) ? total : 0,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    cartId: text(cart.id),
  };
}

/** The names of the cart's products, for browse abandonment and recommendations. */
export function wixCartProductNames(value: unknown): Map<string, string> {
  const lines = Array.isArray(record(value).lineItems) ? (record(value).lineItems as unknown[]).map(record) : [];
  return new Map(
    lines.map((line) => [
      text(line.rootCatalogItemId) || text(record(line.catalogReference).catalogItemId),
      text(record(line.productName).original),
    ]),
  );
}
