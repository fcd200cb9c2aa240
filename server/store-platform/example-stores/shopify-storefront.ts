// The example Shopify storefront's cart calls (served with the examples, and by the end-to-end tests): a cart
// per visitor cookie; the catalogue is the product feed of the shop's client on this server.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ConfigurationRepository } from '../../configuration/repository.ts';
import { CART_ROUTES, type CatalogueVariant, ShopifyCart } from './shopify-cart.ts';

export const SHOPIFY_STOREFRONT_PREFIX = '/examples/shopify-store';
const CART_COOKIE = 'cart';

export interface ShopifyStorefrontOptions {
  configuration: Pick<ConfigurationRepository, 'findClient'>;
  /** The client whose product feed is the storefront's catalogue. */
  clientId: string;
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export const shopifyStorefrontRoutes: FastifyPluginAsync<ShopifyStorefrontOptions> = async (
  app,
  { configuration, clientId },
) => {
  const carts = new Map<string, ShopifyCart>();
  const catalogue = async (): Promise<CatalogueVariant[]> =>
    ((await configuration.findClient(clientId))?.store?.products ?? []).map((product) => ({
      variantId: product.variant_id ?? product.product_id,
      productId: product.product_id,
      title: product.title,
      price: product.price,
      inventory: product.inventory_quantity ?? null,
      handle: product.handle,
    }));

  for (const route of CART_ROUTES) {
    app.route<{ Body: Record<string, unknown> }>({
      method: route === 'cart.js' ? 'GET' : 'POST',
      url: `${SHOPIFY_STOREFRONT_PREFIX}/${route}`,
      handler: async (request, reply) => {
        let cart = carts.get(cookieOf(request, CART_COOKIE) ?? '');
        if (!cart) {
          cart = new ShopifyCart(randomBytes(12).toString('hex'));
          carts.set(cart.token, cart);
          reply.header('Set-Cookie', `${CART_COOKIE}=${cart.token}; Path=/; SameSite=Lax`);
        }
        const answer = cart.handle(request.method, route, request.body ?? {}, await catalogue());
        return reply.code(answer.status).header('Cache-Control', 'no-store').send(answer.body);
      },
    });
  }
};
