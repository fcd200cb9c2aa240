// Add-to-cart buttons of a pop-up (widget §3 design_properties): `add_to_cart` and `shopify_add_to_cart_2`…`_6`
// (Wix: `wix_add_to_cart`, `wix_add_to_cart_2`…`_6`), each "item id@quantity@redirect flag".
import type { StorePlatform } from './recommendations.ts';

export interface AddToCartItem {
  /** A Shopify variant id, or a Wix catalog item (product) id. */
  id: string;
  quantity: number;
  /** Go to the cart page once it is added. */
  redirect: boolean;
}

/** Reads one "id@quantity@redirect" triple; quantity defaults to 1, redirect to off. Null when empty. */
export function parseAddToCart(value: unknown): AddToCartItem | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const [idPart = '', quantityPart = '', redirectPart = ''] = String(value)
    .split('@')
    .map((part) => part.trim());
  if (!idPart) return null;
  if (!/^[\w-]+$/.test(idPart)) throw new Error(`add-to-cart item id "${idPart}" is not an id`);
  const quantity = quantityPart === '' ? 1 : Number(quantityPart);
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new Error(`add-to-cart quantity "${quantityPart}" must be a whole number of at least 1`);
  return {
    id: idPart,
    quantity,
    redirect: ['1', 'true', 'yes', 'on', 'redirect'].includes(redirectPart.toLowerCase()),
  };
}

/** The design property of button `slot` (1 to 6) on a platform. */
export function addToCartProperty(platform: StorePlatform, slot: number): string {
  if (platform === 'wix') return slot === 1 ? 'wix_add_to_cart' : `wix_add_to_cart_${slot}`;
  return slot === 1 ? 'add_to_cart' : `shopify_add_to_cart_${slot}`;
}

/** The item of a template's `[data-poptin-add-to-cart="N"]` button (N 1 to 6, empty meaning 1). */
export function addToCartItemOf(
  designProperties: Record<string, unknown>,
  platform: StorePlatform,
  slotText: string,
): AddToCartItem | null {
  const slot = slotText.trim() === '' ? 1 : Number(slotText);
  if (!Number.isInteger(slot) || slot < 1 || slot > 6)
    throw new Error(`add-to-cart button "${slotText}" must be 1 to 6`);
  return parseAddToCart(designProperties[addToCartProperty(platform, slot)]);
}
