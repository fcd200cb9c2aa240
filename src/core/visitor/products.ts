// Widget §3 visitor state: recent product ids (at most 3), browse-abandonment products, the store cart id and
// cart products, kept in local storage so they outlive the page.

import { MAX_RECENT_PRODUCTS } from '../products/limits.ts';
import type { KeyValueStore } from './browser-storage.ts';

export const PRODUCT_KEYS = {
  recentProductIds: 'poptin_recent_product_ids',
  browseProducts: 'poptin_browse_products',
  storeCartId: 'poptin_store_cart_id',
  cartProductIds: 'poptin_cart_product_ids',
} as const;

/** How many browsed products browse abandonment remembers. */
export const MAX_BROWSED_PRODUCTS = 20;

export interface RememberedProduct {
  productId: string;
  productName: string;
  category: string;
}

/** `list` with `item` first and no other copy of it, at most `max` long. */
export function pushRecent<T>(
  list: readonly T[],
  item: T,
  max: number,
  same: (a: T, b: T) => boolean = Object.is,
): T[] {
  return [item, ...list.filter((other) => !same(other, item))].slice(0, max);
}

function readList<T>(store: KeyValueStore, key: string, isItem: (value: unknown) => value is T): T[] {
  try {
    const parsed: unknown = JSON.parse(store.get(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;
const isProduct = (value: unknown): value is RememberedProduct =>
  !!value &&
  typeof value === 'object' &&
  isId((value as RememberedProduct).productId) &&
  typeof (value as RememberedProduct).productName === 'string';

export interface ProductMemory {
  /** A product page was seen: it becomes the most recent product, and a browsed one. */
  recordViewed(product: RememberedProduct): void;
  recentProductIds(): string[];
  browseProducts(): RememberedProduct[];
  rememberCart(cart: { cartId: string; items: { productId: string }[] }): void;
  storeCartId(): string;
  cartProductIds(): string[];
}

export function createProductMemory(local: KeyValueStore): ProductMemory {
  return {
    recordViewed(product) {
      local.set(
        PRODUCT_KEYS.recentProductIds,
        JSON.stringify(
          pushRecent(readList(local, PRODUCT_KEYS.recentProductIds, isId), product.productId, MAX_RECENT_PRODUCTS),
        ),
      );
      const browsed = pushRecent(
        readList(local, PRODUCT_KEYS.browseProducts, isProduct),
        product,
        MAX_BROWSED_PRODUCTS,
        (a, b) => a.productId === b.productId,
      );
      local.set(PRODUCT_KEYS.browseProducts, JSON.stringify(browsed));
    },
    recentProductIds: () => readList(local, PRODUCT_KEYS.recentProductIds, isId),
    browseProducts: () => readList(local, PRODUCT_KEYS.browseProducts, isProduct),
    rememberCart(cart) {
      if (cart.cartId) local.set(PRODUCT_KEYS.storeCartId, cart.cartId);
      const ids = [...new Set(cart.items.map((item) => item.productId).filter(isId))];
      local.set(PRODUCT_KEYS.cartProductIds, JSON.stringify(ids));
    },
    storeCartId: () => local.get(PRODUCT_KEYS.storeCartId) ?? '',
    cartProductIds: () => readList(local, PRODUCT_KEYS.cartProductIds, isId),
  };
}
