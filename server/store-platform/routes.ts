// The store calls of widget §7 on the reference server: product recommendations for both platforms, the
// client id of a Shopify shop, its price rules, and what the widget reports about the visitor's shopping
// (browse abandonment, Wix ordered products, website sessions, conversion activities), stored as sent.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ConversionActivityRequest,
  DISPLAY_ROUTES,
  type ProductRecommendationAnswer,
  type ProductRecommendationRequest,
  SHOPIFY_BROWSE_ABANDONMENT_PATH,
  type SuccessAnswer,
  type TotalWebsiteSessionRequest,
  type WixOrderedProductsRequest,
} from '../../src/core/api/contract.ts';
import type { ClientRecord, ConfigurationRepository } from '../configuration/repository.ts';
import { assertStorableText, checkedJson } from '../platform/body-parsers.ts';
import { originAllowedForClient } from '../platform/cors.ts';
import { errorBody } from '../platform/errors.ts';
import {
  browseAbandonmentSchema,
  conversionActivitySchema,
  productRecommendationSchema,
  shopifyClientIdSchema,
  shopifyPriceRulesSchema,
  totalWebsiteSessionSchema,
  wixOrderedProductsSchema,
} from '../platform/schemas.ts';
import { recommendProducts, toRecommendedProduct } from './recommend.ts';

export interface StoreRoutesOptions {
  configuration: ConfigurationRepository;
}

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .map((item) => String(item).trim())
    .filter(Boolean);

/** Every string in a body must be storable text (no NUL, no lone surrogate). */
function assertStorable(value: unknown, where: string): void {
  if (typeof value === 'string') return assertStorableText(value, where);
  if (Array.isArray(value)) return value.forEach((item, index) => assertStorable(item, `${where}/${index}`));
  if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) assertStorable(item, `${where}/${key}`);
}

async function clientOr404(
  configuration: Pick<ConfigurationRepository, 'findClient'>,
  clientId: string,
  reply: FastifyReply,
): Promise<ClientRecord | null> {
  const client = await configuration.findClient(clientId);
  if (!client) void reply.code(404).send(errorBody(404, `Unknown client ${clientId}`));
  return client;
}

function refuseOrigin(request: FastifyRequest, reply: FastifyReply, client: ClientRecord): boolean {
  if (originAllowedForClient(request, client.allowed_origins)) return false;
  void reply
    .code(403)
    .send(
      errorBody(
        403,
        `Origin ${request.headers.origin} is not allowed for this client: add it to allowed_origins of its client file`,
      ),
    );
  return true;
}

/** Under the display API prefix. */
export const storeRoutes: FastifyPluginAsync<StoreRoutesOptions> = async (app, { configuration }) => {
  app.post<{ Params: { platform: 'shopify' | 'wix'; poptinId: string }; Body: ProductRecommendationRequest }>(
    DISPLAY_ROUTES.productRecommendation,
    { schema: productRecommendationSchema },
    async (request, reply) => {
      const { platform, poptinId } = request.params;
      const popup = await configuration.findActivePopup(poptinId);
      if (!popup) return reply.code(404).send(errorBody(404, `Unknown pop-up ${poptinId}`));
      const client = await configuration.findClient(popup.client_id);
      const settings = client?.store;
      if (!settings || settings.platform !== platform) {
        return reply
          .code(404)
          .send(
            errorBody(
              404,
              `The client of pop-up ${poptinId} has no ${platform} store: add a store section to its client file`,
            ),
          );
      }
      const body = request.body ?? ({} as ProductRecommendationRequest);
      const products = recommendProducts(settings, {
        category: body.category || 'manual',
        manualProducts: list(body.manual_products),
        count: Number(body.count) || 3,
        productIds: list(body.product_ids),
      });
      return {
        success: true,
        currency: settings.currency,
        data: { products: products.map((product) => toRecommendedProduct(product, settings.currency)) },
      } satisfies ProductRecommendationAnswer;
    },
  );

  app.get<{ Params: { shop: string } }>(
    DISPLAY_ROUTES.shopifyClientId,
    { schema: shopifyClientIdSchema },
    async (request, reply) => {
      const clientId = await configuration.findClientByShop(request.params.shop);
      if (!clientId) return reply.code(404).send(errorBody(404, `No client has the shop ${request.params.shop}`));
      return { success: true, client_id: clientId };
    },
  );

  app.get<{ Params: { clientId: string } }>(
    DISPLAY_ROUTES.shopifyPriceRules,
    { schema: shopifyPriceRulesSchema },
    async (request, reply) => {
      const client = await clientOr404(configuration, request.params.clientId, reply);
      if (!client) return reply;
      return {
        success: true,
        price_rules: client.store?.platform === 'shopify' ? (client.store.price_rules ?? []) : [],
      };
    },
  );

  app.post<{ Body: WixOrderedProductsRequest }>(
    DISPLAY_ROUTES.wixSaveOrderedProducts,
    { schema: wixOrderedProductsSchema },
    async (request, reply) => {
      const body = request.body;
      assertStorable(body, 'body');
      const client = await clientOr404(configuration, body.client_id, reply);
      if (!client || refuseOrigin(request, reply, client)) return reply;
      await configuration.recordStoreActivity({
        client_id: client.client_id,
        kind: 'ordered_products',
        customer_id: body.customer_id,
        payload: { ...body },
      });
      return { success: true } satisfies SuccessAnswer;
    },
  );

  /** A converted visitor's activity for a client named in the path, stored with its e-mail and store fields. */
  const recordVisitorActivity =
    (kind: 'website_session' | 'conversion_activity') =>
    async (
      request: FastifyRequest<{
        Params: { clientId: string };
        Body: TotalWebsiteSessionRequest | ConversionActivityRequest;
      }>,
      reply: FastifyReply,
    ) => {
      assertStorable(request.body, 'body');
      const client = await clientOr404(configuration, request.params.clientId, reply);
      if (!client) return reply;
      const body = request.body;
      await configuration.recordStoreActivity({
        client_id: client.client_id,
        kind,
        customer_id: body.store_integration_customer_id || null,
        email: body.email || null,
        // A website session has no poptin_id of its own: one sent anyway is kept in the payload, not as the column.
        poptin_id: 'poptin_id' in body && typeof body.poptin_id === 'string' ? body.poptin_id : null,
        payload: { ...body },
      });
      return { success: true } satisfies SuccessAnswer;
    };

  app.post(
    DISPLAY_ROUTES.totalWebsiteSession,
    { schema: totalWebsiteSessionSchema },
    recordVisitorActivity('website_session'),
  );
  app.post(
    DISPLAY_ROUTES.conversionActivities,
    { schema: conversionActivitySchema },
    recordVisitorActivity('conversion_activity'),
  );
};

interface BrowseAbandonmentQuery {
  clientId: string;
  customer: string;
  products: string;
  data_for?: string;
  total_cart_value?: string;
}

/** `GET /shopify/save/browse-abandonment`, outside the display API prefix (widget §7). */
export const browseAbandonmentRoute: FastifyPluginAsync<StoreRoutesOptions> = async (app, { configuration }) => {
  app.get<{ Querystring: BrowseAbandonmentQuery }>(
    SHOPIFY_BROWSE_ABANDONMENT_PATH,
    { schema: browseAbandonmentSchema },
    async (request, reply) => {
      const query = request.query;
      assertStorable(query, 'querystring');
      let parsed: unknown;
      try {
        parsed = JSON.parse(query.products);
      } catch {
        return reply
          .code(400)
          .send(errorBody(400, 'querystring/products must be a JSON list of {product_id, product_name, category}'));
      }
      // Its texts are stored as jsonb, which holds no NUL and no lone surrogate: refused as a body's would be.
      const products = checkedJson(parsed, 'querystring/products', 1) as Record<string, unknown>[];
      if (
        !Array.isArray(products) ||
        products.length === 0 ||
        products.some((product) => !product || typeof product !== 'object' || !product.product_id)
      ) {
        return reply
          .code(400)
          .send(errorBody(400, 'querystring/products must be a non-empty list of products, each with a product_id'));
      }
      const client = await clientOr404(configuration, query.clientId, reply);
      if (!client || refuseOrigin(request, reply, client)) return reply;
      await configuration.recordStoreActivity({
        client_id: client.client_id,
        kind: 'browse_abandonment',
        customer_id: query.customer,
        payload: {
          customer: query.customer,
          products,
          data_for: query.data_for ?? '',
          total_cart_value: Number(query.total_cart_value) || 0,
        },
      });
      return { success: true } satisfies SuccessAnswer;
    },
  );
};
