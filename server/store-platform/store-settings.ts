// The `store` section of a client file: the client's online store and its product feed, checked with messages
// that name the field, so an owner's typo is a clear error at start and never a broken recommendation later.
import type { StoreProduct, StoreSettings } from '../configuration/repository.ts';

export class StoreSettingsError extends Error {}

function fail(message: string): never {
  throw new StoreSettingsError(message);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const MAX_PRODUCTS = 5_000;

function idOf(value: unknown, where: string): string {
  const id = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id))
    fail(`${where} must be an id of 1-64 letters, digits, "_" or "-"`);
  return id;
}

function optionalText(value: unknown, where: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) fail(`${where} must be text of at most ${max} characters`);
  return value;
}

function money(value: unknown, where: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0)
    fail(`${where} must be an amount of 0 or more`);
  return number;
}

function parseProduct(value: unknown, index: number): StoreProduct {
  const where = `store.products[${index}]`;
  if (!isRecord(value)) fail(`${where} must be an object`);
  const title = optionalText(value.title, `${where}.title`, 500);
  if (!title?.trim()) fail(`${where}.title is required`);
  const collections = value.collections ?? [];
  if (!Array.isArray(collections) || !collections.every((name) => typeof name === 'string'))
    fail(`${where}.collections must be a list of collection names`);
  const inventory = value.inventory_quantity;
  if (inventory !== undefined && inventory !== null && !Number.isInteger(inventory))
    fail(`${where}.inventory_quantity must be a whole number`);
  const rank = value.rank ?? 0;
  if (typeof rank !== 'number' || !Number.isFinite(rank)) fail(`${where}.rank must be a number`);
  return {
    product_id: idOf(value.product_id, `${where}.product_id`),
    variant_id: value.variant_id === undefined ? undefined : idOf(value.variant_id, `${where}.variant_id`),
    title,
    price: money(value.price, `${where}.price`),
    compare_at_price:
      value.compare_at_price === undefined || value.compare_at_price === null
        ? null
        : money(value.compare_at_price, `${where}.compare_at_price`),
    image: optionalText(value.image, `${where}.image`, 2048),
    desc: optionalText(value.desc, `${where}.desc`, 10_000),
    handle: optionalText(value.handle, `${where}.handle`, 255),
    path: optionalText(value.path, `${where}.path`, 2048),
    inventory_quantity: (inventory as number | null | undefined) ?? null,
    collections: collections as string[],
    rank,
  };
}

export function parseStoreSettings(value: unknown): StoreSettings | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) fail('store must be an object');
  const {
    platform,
    shop,
    instance_id: instanceId,
    currency = 'USD',
    products = [],
    price_rules: priceRules = [],
  } = value;
  if (platform !== 'shopify' && platform !== 'wix') fail('store.platform must be "shopify" or "wix"');
  if (platform === 'shopify' && (typeof shop !== 'string' || !/^[a-z0-9][a-z0-9.-]{0,253}$/i.test(shop)))
    fail('store.shop must be the shop domain, e.g. "my-shop.myshopify.com"');
  if (instanceId !== undefined && (typeof instanceId !== 'string' || !/^[\w-]{1,64}$/.test(instanceId)))
    fail('store.instance_id must be the Wix app instance id, e.g. "a1b2c3d4-…"');
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
    fail('store.currency must be an ISO 4217 code such as "USD"');
  if (!Array.isArray(products)) fail('store.products must be a list');
  if (products.length > MAX_PRODUCTS) fail(`store.products holds at most ${MAX_PRODUCTS} products`);
  if (!Array.isArray(priceRules)) fail('store.price_rules must be a list');
  const parsed = products.map(parseProduct);
  const seen = new Set<string>();
  for (const product of parsed) {
    if (seen.has(product.product_id)) fail(`store.products: product_id ${product.product_id} appears twice`);
    seen.add(product.product_id);
  }
  return {
    platform,
    ...(typeof shop === 'string' ? { shop: shop.toLowerCase() } : {}),
    ...(typeof instanceId === 'string' ? { instance_id: instanceId } : {}),
    currency,
    products: parsed,
    price_rules: priceRules,
  };
}
