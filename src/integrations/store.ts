// What the controller needs from an online store, whichever platform it runs on (widget §4 cart observation,
// §7 store calls). Each platform's module builds one of these; nothing here touches a page.
import type { AddToCartItem } from '../core/products/add-to-cart.ts';
import type { StorePlatform } from '../core/products/recommendations.ts';
import type { CartState } from '../core/rules/cart.ts';

/** A product the visitor looked at, for browse abandonment (widget §3 visitor state). */
export interface ViewedProduct {
  productId: string;
  productName: string;
  category: string;
}

/** A cart as a store reports it: the trigger's view of it, and what the display request sends. */
export interface StoreCart extends CartState {
  itemCount: number;
  /** The store's cart id (Shopify's cart token, Wix's cart id): the visitor state's store cart id. */
  cartId: string;
}

export const EMPTY_CART: StoreCart = { items: [], total: 0, itemCount: 0, cartId: '' };

export interface StoreIntegration {
  readonly platform: StorePlatform;
  /** Shopify's shop domain (`x.myshopify.com`); empty on Wix. */
  readonly shop: string;
  /** The store's root path, under which products and the cart live ("/" or "/fr/"). */
  readonly root: string;
  /** The signed-in customer or member, or empty. */
  customerId(): Promise<string>;
  /** Resolves true when the widget may start, false when the visitor said no (widget §4 consent gating) or `signal` aborted. */
  consent(signal?: AbortSignal): Promise<boolean>;
  /** The visitor's cart (empty when there is none); null when it could not be read. */
  readCart(): Promise<StoreCart | null>;
  /** Calls back with the cart read again after each change the page itself makes; returns the stop. */
  observeCart(onChange: (cart: StoreCart | null) => void): () => void;
  /** Adds to the cart (a refusal such as Shopify's 422 is logged only): whether it was added, and the cart after it. */
  addToCart(item: AddToCartItem): Promise<{ added: boolean; cart: StoreCart | null }>;
  /** A cart the display answer carries (Wix's `wix_cart_details`), when the platform sends one. */
  cartFromDisplayAnswer?(details: Record<string, unknown>): StoreCart | null;
  /** The cart page, for add-to-cart buttons that redirect. */
  cartUrl(): string;
  /** The product this page shows, if it is a product page. */
  viewedProduct(): ViewedProduct | null;
}
