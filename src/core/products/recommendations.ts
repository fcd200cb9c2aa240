// Product recommendations (widget §3 settings and items, §5 title rules, §9 limits): pure, no page.
import { readNumber, readString } from '../config/values.ts';
import { safeLinkUrl, safeNavigationUrl } from '../safe-url.ts';
import { MAX_RECENT_PRODUCTS } from './limits.ts';

export type StorePlatform = 'shopify' | 'wix';

export const RECOMMENDATION_CATEGORIES = ['manual', 'product_collection', 'last_visited', 'product_in_cart'] as const;
export const BUTTON_ACTIONS = [
  'add_to_cart',
  'add_to_cart_redirect',
  'redirect',
  'redirect_blank',
  'no_buttons',
] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

/** Widget §9: at most 3 products shown; recent products and the cart's last items are 3 too. */
export const MAX_PRODUCTS = 3;
/** Widget §5: Shopify-style titles are cut at 50 characters, Wix-style at 18; Wix descriptions at 64. */
export const TITLE_LIMIT: Readonly<Record<StorePlatform, number>> = { shopify: 50, wix: 18 };
export const WIX_DESCRIPTION_LIMIT = 64;
/** Widget §9: the wrapper is laid out again this long after the products arrive (images settle). */
export const WRAPPER_LAYOUT_DELAY_MS = 500;

export interface RecommendationSettings {
  /** manual, product_collection, last_visited, product_in_cart, or algorithm_id_<n>. */
  category: string;
  /** Product ids for `manual`, or the collection for `product_collection`. */
  manualProducts: string[];
  count: number;
  buttonsAction: ButtonAction;
}

export interface ProductItem {
  productId: string;
  variantId: string;
  image: string;
  description: string;
  title: string;
  /** Where the product page is: a Shopify handle or a Wix path. */
  path: string;
  inventoryQuantity: number | null;
  price: number;
  compareAtPrice: number | null;
  currency: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => String(item).trim()).filter(Boolean);
  return readString(value)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The pop-up's recommendation settings (`product_recommendation`, or `product_settings`), or null when it has
 * none. A category or button action it does not know is an error that names it.
 */
export function readRecommendationSettings(raw: Record<string, unknown>): RecommendationSettings | null {
  const source = raw.product_recommendation ?? raw.product_settings;
  if (source === undefined || source === null || source === '') return null;
  let settings: unknown = source;
  if (typeof source === 'string') {
    try {
      settings = JSON.parse(source);
    } catch {
      throw new Error('product_recommendation must be a JSON object');
    }
  }
  if (!isRecord(settings)) throw new Error('product_recommendation must be an object');
  const category = readString(settings.category, 'manual').trim();
  if (!(RECOMMENDATION_CATEGORIES as readonly string[]).includes(category) && !/^algorithm_id_\w+$/.test(category)) {
    throw new Error(`unknown product recommendation category "${category}"`);
  }
  const action = readString(settings.buttons_action, 'add_to_cart').trim();
  if (!(BUTTON_ACTIONS as readonly string[]).includes(action))
    throw new Error(`unknown product button action "${action}"`);
  const count = Math.round(readNumber(settings.count) ?? MAX_PRODUCTS);
  return {
    category,
    manualProducts: list(settings.manual_products),
    count: Math.min(MAX_PRODUCTS, Math.max(1, Number.isFinite(count) ? count : MAX_PRODUCTS)),
    buttonsAction: action as ButtonAction,
  };
}

export interface RecommendationContext {
  recentProductIds: string[];
  cartProductIds: string[];
  /** The product this page shows: never recommended to the visitor looking at it. */
  viewedProductId?: string;
}

/**
 * What the recommendation call sends (widget §7): the settings, and the products the category picks from or, for
 * an algorithm, those the visitor already has in hand (the product on this page and the cart's), to be left out.
 */
export function recommendationRequest(settings: RecommendationSettings, context: RecommendationContext) {
  const viewed = context.viewedProductId ? [context.viewedProductId] : [];
  const productIds =
    settings.category === 'last_visited'
      ? context.recentProductIds.filter((id) => !viewed.includes(id)).slice(0, MAX_RECENT_PRODUCTS)
      : settings.category === 'product_in_cart'
        ? context.cartProductIds.slice(-MAX_RECENT_PRODUCTS)
        : settings.category.startsWith('algorithm_id_')
          ? [...new Set([...viewed, ...context.cartProductIds])]
          : [];
  return {
    category: settings.category,
    manual_products: settings.manualProducts,
    count: settings.count,
    product_ids: productIds,
  };
}

/** A product whose stock is counted and spent: it cannot be bought, so it is not offered. */
export const isSoldOut = (product: ProductItem): boolean =>
  product.inventoryQuantity !== null && product.inventoryQuantity <= 0;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const amount = (value: unknown) => {
  const number = typeof value === 'number' ? value : Number.parseFloat(text(value));
  return Number.isFinite(number) ? number : null;
};

/**
 * The items of a recommendation answer (`data.products`), at most `count` of them. An item without an id,
 * a title or a price is left out, and so are a sold-out item and those named in `leaveOut` (the product the
 * visitor is looking at), whatever the server sent; the answer's currency is used where an item has none.
 */
export function readProducts(
  products: unknown,
  options: { currency: string; count: number; leaveOut?: readonly string[] },
): ProductItem[] {
  if (!Array.isArray(products)) throw new Error('the answer has no product list');
  const items: ProductItem[] = [];
  for (const product of products) {
    if (!isRecord(product)) continue;
    const productId = text(product.product_id);
    const title = text(product.title);
    const price = amount(product.price);
    if (!productId || !title || price === null) continue;
    if (options.leaveOut?.includes(productId)) continue;
    const inventory = amount(product.inventory_quantity);
    const item: ProductItem = {
      productId,
      variantId: text(product.variant_id) || productId,
      image: text(product.image),
      description: text(product.desc),
      title,
      path: text(product.path) || (text(product.handle) ? `products/${text(product.handle)}` : ''),
      inventoryQuantity: inventory === null ? null : Math.trunc(inventory),
      price,
      compareAtPrice: amount(product.compare_at_price),
      currency: text(product.currency) || options.currency,
    };
    if (isSoldOut(item)) continue;
    items.push(item);
    if (items.length >= Math.min(options.count, MAX_PRODUCTS)) break;
  }
  return items;
}

/** Cuts at `limit` characters (whole code points) and ends with an ellipsis when anything was cut. */
export function cutText(value: string, limit: number): string {
  const characters = [...value.trim()];
  return characters.length <= limit ? characters.join('') : `${characters.slice(0, limit).join('').trimEnd()}…`;
}

export function productTitle(title: string, platform: StorePlatform): string {
  return cutText(title, TITLE_LIMIT[platform]);
}

/** Wix descriptions come as markup: the text only, entities decoded, spaces collapsed, cut at 64. */
export function wixDescription(markup: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  const plain = markup
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (match, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return entities[name.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, ' ');
  return cutText(plain, WIX_DESCRIPTION_LIMIT);
}

/** Each card's share of the row by how many products there are (widget §9 width table). */
export function productWidthPercent(count: number): number {
  return count <= 1 ? 100 : count === 2 ? 50 : 33.33;
}

/** Where a product's page is, from the store's root ("/" or "/en/"). */
export function productUrl(product: ProductItem, storeRoot: string): string | null {
  if (/^https?:\/\//i.test(product.path)) return safeNavigationUrl(product.path);
  const root = storeRoot.endsWith('/') ? storeRoot : `${storeRoot}/`;
  return safeLinkUrl(root + product.path.replace(/^\/+/, ''));
}

/** The buttons a card has for an action: an add-to-cart button, a link to the product, or none. */
export function cardButton(
  action: ButtonAction,
): { kind: 'add'; redirect: boolean } | { kind: 'link'; newTab: boolean } | null {
  switch (action) {
    case 'add_to_cart':
      return { kind: 'add', redirect: false };
    case 'add_to_cart_redirect':
      return { kind: 'add', redirect: true };
    case 'redirect':
      return { kind: 'link', newTab: false };
    case 'redirect_blank':
      return { kind: 'link', newTab: true };
    case 'no_buttons':
      return null;
  }
}

/** What `<poptin-product-recommendations>` shows. */
export interface RecommendationModel {
  platform: StorePlatform;
  products: ProductItem[];
  buttonsAction: ButtonAction;
  /** The store's root path, for product links. */
  storeRoot: string;
  lang?: string;
}

/**
 * The model of an element placed by hand: `products` is a JSON list of items as the recommendation answer
 * carries them. Null without products; an error naming the attribute when one is unreadable.
 */
export function recommendationModelFromAttributes(attributes: {
  products: string | null;
  platform: string | null;
  currency: string | null;
  buttons: string | null;
  storeRoot: string | null;
}): RecommendationModel | null {
  if (!attributes.products) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(attributes.products);
  } catch {
    throw new Error('the products attribute must be a JSON list of products');
  }
  const platform = attributes.platform === 'wix' ? 'wix' : 'shopify';
  if (attributes.platform && attributes.platform !== platform)
    throw new Error(`platform must be "shopify" or "wix", not "${attributes.platform}"`);
  const buttonsAction = (attributes.buttons ?? 'add_to_cart') as ButtonAction;
  if (!(BUTTON_ACTIONS as readonly string[]).includes(buttonsAction))
    throw new Error(`unknown product button action "${buttonsAction}"`);
  return {
    platform,
    products: readProducts(parsed, { currency: attributes.currency ?? 'USD', count: MAX_PRODUCTS }),
    buttonsAction,
    storeRoot: attributes.storeRoot ?? '/',
  };
}
