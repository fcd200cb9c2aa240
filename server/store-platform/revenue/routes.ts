// The store platforms' order webhooks (POST /api/webhooks/shopify/orders-create, POST /api/webhooks/wix/orders) and
// the site's attribution window (/api/owner/{clientId}/store-revenue, for signed-in owners and the owner keys only).
import type { KeyObject } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { SHOP_DOMAIN } from '../../coupons/shopify-discounts.ts';
import type { SqlRunner } from '../../db/database.ts';
import { errorBody } from '../../platform/errors.ts';
import { CLIENT_ID_PATTERN } from '../../platform/ids.ts';
import {
  type IncomingOrder,
  OrderPayloadError,
  readShopifyOrder,
  readWixEvent,
  SHOPIFY_ORDER_TOPIC,
  shopifySignatureHolds,
  verifiedJwt,
  WIX_ORDER_CREATED,
  wixPublicKey,
} from './orders.ts';
import {
  attributionSettingsOf,
  clientOfShop,
  clientOfWixInstance,
  MAX_ATTRIBUTION_DAYS,
  MIN_ATTRIBUTION_DAYS,
  recordOrder,
  type StorePlatform,
  setAttributionDays,
} from './revenue-store.ts';

export const SHOPIFY_ORDERS_WEBHOOK = '/api/webhooks/shopify/orders-create';
export const WIX_ORDERS_WEBHOOK = '/api/webhooks/wix/orders';
/** An order with many lines is far larger than the display API's bodies; still bounded. */
export const ORDER_WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface StoreWebhookSecrets {
  /** SHOPIFY_API_SECRET: the Shopify app's client secret, the key of its webhooks' HMAC. */
  shopifySecret?: string;
  /** WIX_WEBHOOK_PUBLIC_KEY: the Wix app's public key (PEM or its base64), which verifies its webhooks' JWT. */
  wixPublicKey?: string;
}

const notSetUp = (reply: FastifyReply, platform: string) =>
  reply.code(404).send(errorBody(404, `${platform} order webhooks are not set up on this server`));

/** The one answer to a sender that cannot prove it is the platform, whatever else is wrong. */
const unsigned = (reply: FastifyReply) => reply.code(401).send(errorBody(401, 'The webhook signature does not hold'));

async function count(
  db: SqlRunner,
  reply: FastifyReply,
  client: Parameters<typeof recordOrder>[1] | null,
  platform: StorePlatform,
  order: IncomingOrder,
) {
  // Signed by the platform, for a store no site connects (any more): refused, so its deliveries show as failing.
  if (!client) return reply.code(404).send(errorBody(404, 'No site on this server is connected to this store'));
  return { success: true, outcome: await recordOrder(db, client, platform, order) };
}

const headerText = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export const storeOrderWebhooks: FastifyPluginAsync<{ db: SqlRunner; secrets: StoreWebhookSecrets }> = async (
  app,
  { db, secrets },
) => {
  // The signatures cover the bytes as sent: in this scope alone every body stays a Buffer, unparsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ORDER_WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  let wixKey: KeyObject | null = null;
  try {
    wixKey = secrets.wixPublicKey ? wixPublicKey(secrets.wixPublicKey) : null;
  } catch (error) {
    throw new Error(`WIX_WEBHOOK_PUBLIC_KEY is not a public key: ${(error as Error).message}`);
  }
  const rawBody = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  app.post(SHOPIFY_ORDERS_WEBHOOK, async (request, reply) => {
    if (!secrets.shopifySecret) return notSetUp(reply, 'Shopify');
    const body = rawBody(request.body);
    if (!shopifySignatureHolds(body, headerText(request.headers['x-shopify-hmac-sha256']), secrets.shopifySecret))
      return unsigned(reply);
    const topic = headerText(request.headers['x-shopify-topic']);
    if (topic !== SHOPIFY_ORDER_TOPIC)
      return reply.code(400).send(errorBody(400, `This address takes the ${SHOPIFY_ORDER_TOPIC} topic only`));
    const shop = headerText(request.headers['x-shopify-shop-domain'])?.toLowerCase() ?? '';
    if (!SHOP_DOMAIN.test(shop))
      return reply
        .code(400)
        .send(errorBody(400, 'X-Shopify-Shop-Domain must be a shop domain such as x.myshopify.com'));
    const deliveryId = headerText(request.headers['x-shopify-webhook-id'])?.slice(0, 100) || null;
    const order = readShopifyOrder(body, deliveryId);
    return count(db, reply, await clientOfShop(db, shop), 'shopify', order);
  });

  app.post(WIX_ORDERS_WEBHOOK, async (request, reply) => {
    if (!wixKey) return notSetUp(reply, 'Wix');
    const claims = verifiedJwt(rawBody(request.body).toString('utf8'), wixKey);
    if (!claims) return unsigned(reply);
    const event = readWixEvent(claims);
    if (event.eventType !== WIX_ORDER_CREATED || !event.order)
      return reply.code(400).send(errorBody(400, `This address takes the ${WIX_ORDER_CREATED} event only`));
    if (!event.instanceId) return reply.code(400).send(errorBody(400, 'The event names no app instance'));
    return count(db, reply, await clientOfWixInstance(db, event.instanceId), 'wix', event.order);
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof OrderPayloadError) return reply.code(400).send(errorBody(400, error.message));
    throw error;
  });
};

const params = { type: 'object', properties: { clientId: { type: 'string', pattern: CLIENT_ID_PATTERN } } };

/** Under /api/owner, after its authentication. */
export const storeRevenueRoutes: FastifyPluginAsync<{ db: SqlRunner }> = async (app, { db }) => {
  app.get<{ Params: { clientId: string } }>(
    '/:clientId/store-revenue',
    { schema: { params } },
    async (request, reply) => {
      const settings = await attributionSettingsOf(db, request.params.clientId);
      return settings ?? reply.code(404).send(errorBody(404, `Unknown site ${request.params.clientId}`));
    },
  );

  app.put<{ Params: { clientId: string }; Body: { attributionDays: number } }>(
    '/:clientId/store-revenue',
    {
      schema: {
        params,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['attributionDays'],
          properties: {
            attributionDays: { type: 'integer', minimum: MIN_ATTRIBUTION_DAYS, maximum: MAX_ATTRIBUTION_DAYS },
          },
        },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const days = request.body.attributionDays;
      // Ajv lets a form's "1e309" through as Infinity, past minimum and maximum.
      if (!Number.isSafeInteger(days) || days < MIN_ATTRIBUTION_DAYS || days > MAX_ATTRIBUTION_DAYS)
        return reply
          .code(400)
          .send(
            errorBody(400, `body/attributionDays must be a whole number of days from 1 to ${MAX_ATTRIBUTION_DAYS}`),
          );
      if (!(await setAttributionDays(db, clientId, days)))
        return reply.code(404).send(errorBody(404, `Unknown site ${clientId}`));
      return attributionSettingsOf(db, clientId);
    },
  );
};
