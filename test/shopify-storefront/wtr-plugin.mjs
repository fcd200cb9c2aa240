// @web/test-runner middleware: a fake Shopify storefront answered by the dev server itself under /__shopify__/,
// so the browser tests reach it on their own origin as a theme's scripts reach the real one. The cart is the
// example store's (server/store-platform/example-stores/shopify-cart.ts); POST /__shopify__/__reset empties it and its call log.
import { tsImport } from 'tsx/esm/api';

export const STOREFRONT_ROOT = '/__shopify__/';

/** The storefront's catalogue: a sold-out headlamp, for the 422. */
const CATALOGUE = [
  { variantId: '4001', productId: '7001', title: 'Trail backpack', price: 49, inventory: 10 },
  { variantId: '4002', productId: '7002', title: 'Water bottle', price: 24, inventory: 10 },
  { variantId: '4004', productId: '7004', title: 'Headlamp', price: 34, inventory: 0 },
];

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return Object.fromEntries(new URLSearchParams(text));
  }
}

export function shopifyStorefrontMiddleware() {
  const loaded = tsImport('../../server/store-platform/example-stores/shopify-cart.ts', import.meta.url);
  let cart = null;
  const calls = [];
  return async (context, next) => {
    if (!context.path.startsWith(STOREFRONT_ROOT)) return next();
    const { ShopifyCart } = await loaded;
    cart ??= new ShopifyCart('cart-token-1');
    const route = context.path.slice(STOREFRONT_ROOT.length);
    const body = context.method === 'POST' ? await readBody(context.req) : {};
    let answer;
    if (route === '__reset') {
      cart = new ShopifyCart('cart-token-1');
      calls.length = 0;
      answer = { status: 200, body: { ok: true } };
    } else if (route === '__calls') {
      answer = { status: 200, body: { calls } };
    } else {
      calls.push(`${context.method} ${route}`);
      answer = cart.handle(context.method, route, body, CATALOGUE);
    }
    context.status = answer.status;
    context.set('Cache-Control', 'no-store');
    context.type = 'application/json';
    context.body = JSON.stringify(answer.body);
  };
}
