import type { ViewedProduct } from '../store.ts';

/** The parts of Shopify's storefront globals the widget reads; every one may be missing. */
export interface ShopifyWindow {
  Shopify?: {
    shop?: unknown;
    routes?: { root?: unknown };
    customerPrivacy?: ShopifyCustomerPrivacy;
  };
  ShopifyAnalytics?: { meta?: { page?: { customerId?: unknown }; product?: ShopifyMetaProduct } };
  __st?: { cid?: unknown };
}

export interface ShopifyMetaProduct {
  id?: unknown;
  title?: unknown;
  type?: unknown;
  variants?: { name?: unknown }[];
}

/** Shopify's Customer Privacy API, present when the store collects consent. */
export interface ShopifyCustomerPrivacy {
  shouldShowBanner?: () => boolean;
  currentVisitorConsent?: () => { marketing?: string };
}

export interface ShopifyStorefront {
  shop: string;
  root: string;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** A Shopify storefront, found as storefront apps find one: `window.Shopify` with its shop and root route. */
export function detectShopify(win: ShopifyWindow): ShopifyStorefront | null {
  const shopify = win.Shopify;
  if (!shopify || typeof shopify !== 'object') return null;
  const shop = text(shopify.shop);
  if (!shop) return null;
  const root = text(shopify.routes?.root) || '/';
  return { shop, root: root.endsWith('/') ? root : `${root}/` };
}

/** The signed-in customer's id, from the analytics meta Shopify prints on every page. */
export function shopifyCustomerId(win: ShopifyWindow): string {
  return text(win.ShopifyAnalytics?.meta?.page?.customerId) || text(win.__st?.cid);
}

/** The product of a product page, from the analytics meta. */
export function shopifyViewedProduct(win: ShopifyWindow): ViewedProduct | null {
  const product = win.ShopifyAnalytics?.meta?.product;
  const productId = text(product?.id);
  if (!product || !productId) return null;
  const productName = text(product.title) || text(product.variants?.[0]?.name).split(' - ')[0] || '';
  return { productId, productName, category: text(product.type) };
}
