// The example Wix store's platform calls (served with the examples, and by the end-to-end tests): anonymous
// visitor tokens and the visitor's current cart as the platform's commerce API answers them (404 when there is
// none; add to cart creates it). Its catalogue is the product feed of the site's client on this server.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ConfigurationRepository, StoreProduct } from '../../configuration/repository.ts';

export const WIX_API_PREFIX = '/examples/wix-api';
const WIX_STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';
const TOKEN_SECONDS = 14_400;

export interface WixApiOptions {
  configuration: Pick<ConfigurationRepository, 'findClient'>;
  clientId: string;
}

interface Cart {
  id: string;
  lines: { productId: string; quantity: number }[];
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({
    message: 'Cart not found',
    details: { applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'Cart not found', data: {} } },
  });

export const wixApiRoutes: FastifyPluginAsync<WixApiOptions> = async (app, { configuration, clientId }) => {
  const visitors = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const carts = new Map<string, Cart>();
  const catalogue = async (): Promise<{ products: StoreProduct[]; currency: string }> => {
    const settings = (await configuration.findClient(clientId))?.store;
    return { products: settings?.products ?? [], currency: settings?.currency ?? 'USD' };
  };

  const issue = (visitor: string) => {
    const access = randomBytes(16).toString('hex');
    const refresh = randomBytes(16).toString('hex');
    visitors.set(access, visitor);
    refreshTokens.set(refresh, visitor);
    return { access_token: access, refresh_token: refresh, expires_in: TOKEN_SECONDS, token_type: 'Bearer' };
  };

  app.post<{ Body: Record<string, unknown> }>(`${WIX_API_PREFIX}/oauth2/token`, async (request, reply) => {
    const body = request.body ?? {};
    if (body.grantType === 'anonymous') return issue(randomBytes(8).toString('hex'));
    const visitor = body.grantType === 'refresh_token' ? refreshTokens.get(String(body.refreshToken)) : undefined;
    if (!visitor) return reply.code(400).send({ message: 'invalid grant', details: {} });
    return issue(visitor);
  });

  const visitorOf = (request: FastifyRequest, reply: FastifyReply): string | null => {
    const visitor = visitors.get(request.headers.authorization ?? '');
    if (!visitor) void reply.code(401).send({ message: 'Unauthorized', details: {} });
    return visitor ?? null;
  };

  const cartJson = async (cart: Cart) => {
    const { products, currency } = await catalogue();
    const lineItems = cart.lines.flatMap((line, index) => {
      const product = products.find((candidate) => candidate.product_id === line.productId);
      if (!product) return [];
      return [
        {
          id: `line-${index + 1}`,
          quantity: line.quantity,
          catalogReference: { catalogItemId: product.product_id, appId: WIX_STORES_APP_ID },
          rootCatalogItemId: product.product_id,
          productName: { original: product.title },
          price: { amount: product.price.toFixed(2) },
        },
      ];
    });
    const subtotal = lineItems.reduce((sum, line) => sum + Number(line.price.amount) * line.quantity, 0);
    return { cart: { id: cart.id, currency, lineItems, subtotal: { amount: subtotal.toFixed(2), currency } } };
  };

  const addLines = async (
    cart: Cart,
    body: Record<string, unknown> | undefined,
    reply: FastifyReply,
  ): Promise<boolean> => {
    const { products } = await catalogue();
    const lines = Array.isArray(body?.lineItems) ? (body.lineItems as Record<string, unknown>[]) : [];
    if (lines.length === 0) {
      void reply.code(400).send({
        message: 'INVALID_ARGUMENT',
        details: { validationError: { fieldViolations: [{ field: 'lineItems', description: 'must not be empty' }] } },
      });
      return false;
    }
    for (const line of lines) {
      const id = String((line.catalogReference as Record<string, unknown> | undefined)?.catalogItemId ?? '');
      if (!products.some((product) => product.product_id === id)) {
        void reply.code(400).send({
          message: `Product ${id} not found`,
          details: {
            applicationError: { code: 'PRODUCT_NOT_FOUND', description: `Product ${id} not found`, data: {} },
          },
        });
        return false;
      }
      const quantity = Math.max(1, Number(line.quantity) || 1);
      const existing = cart.lines.find((candidate) => candidate.productId === id);
      if (existing) existing.quantity += quantity;
      else cart.lines.push({ productId: id, quantity });
    }
    return true;
  };

  app.get(`${WIX_API_PREFIX}/ecom/v1/carts/current`, async (request, reply) => {
    const visitor = visitorOf(request, reply);
    if (!visitor) return reply;
    const cart = carts.get(visitor);
    return cart ? cartJson(cart) : notFound(reply);
  });

  app.post<{ Body: Record<string, unknown> }>(
    `${WIX_API_PREFIX}/ecom/v1/carts/current/add-to-cart`,
    async (request, reply) => {
      const visitor = visitorOf(request, reply);
      if (!visitor) return reply;
      const cart = carts.get(visitor) ?? { id: randomBytes(8).toString('hex'), lines: [] };
      if (!(await addLines(cart, request.body, reply))) return reply;
      carts.set(visitor, cart);
      return cartJson(cart);
    },
  );

  app.post<{ Body: Record<string, unknown> }>(`${WIX_API_PREFIX}/ecom/v1/carts`, async (request, reply) => {
    const visitor = visitorOf(request, reply);
    if (!visitor) return reply;
    const cart: Cart = { id: randomBytes(8).toString('hex'), lines: [] };
    if (!(await addLines(cart, request.body, reply))) return reply;
    carts.set(visitor, cart);
    return cartJson(cart);
  });
};
