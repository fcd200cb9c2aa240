// The owner API of coupon sources: /api/owner/{clientId}/coupons (list, create or change, delete) and a list's
// upload, /coupons/{sourceId}/codes. Behind registerOwnerAuth; a site token needs the popups:write scope.
import type { FastifyPluginAsync } from 'fastify';
import { COUPON_SOURCE_KINDS, type CouponSourceInput } from '../../src/core/api/coupon-contract.ts';
import { type FieldError, fieldErrors } from '../owner/fields.ts';
import { errorBody } from '../platform/errors.ts';
import { CLIENT_ID_PATTERN, POPTIN_ID_PATTERN } from '../platform/ids.ts';
import { CodeListError, MAX_LIST_BYTES, readCodeList } from './code-list.ts';
import { patternProblem } from './code-pattern.ts';
import type { StoredSource } from './coupon-store.ts';
import type { Coupons } from './index.ts';
import { SHOP_DOMAIN } from './shopify-discounts.ts';

const clientId = { type: 'string', pattern: CLIENT_ID_PATTERN };
const sourceId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const MAX_THRESHOLD = 100_000;

const sourceBody = {
  type: 'object',
  additionalProperties: false,
  required: ['poptinId', 'kind'],
  properties: {
    poptinId: { type: 'string', pattern: POPTIN_ID_PATTERN },
    prizeId: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' },
    kind: { type: 'string', enum: [...COUPON_SOURCE_KINDS] },
    pattern: { type: 'string', maxLength: 64 },
    shopify: {
      type: 'object',
      additionalProperties: false,
      required: ['shop', 'valueType', 'value'],
      properties: {
        shop: { type: 'string', maxLength: 100 },
        valueType: { type: 'string', enum: ['percentage', 'fixed_amount'] },
        value: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 },
        token: { type: 'string', minLength: 1, maxLength: 200 },
      },
    },
    lowStockThreshold: { type: 'integer', minimum: 0, maximum: MAX_THRESHOLD },
  },
};

/** What the console sees of a source: never its token. */
const shown = ({ sealedToken: _sealed, ...source }: StoredSource) => source;

export const couponRoutes: FastifyPluginAsync<{ coupons: Coupons }> = async (app, { coupons }) => {
  const { store } = coupons;

  app.get<{ Params: { clientId: string } }>(
    '/:clientId/coupons',
    { schema: { params: { type: 'object', properties: { clientId } } } },
    async (request) => ({ sources: (await store.sources(request.params.clientId)).map(shown) }),
  );

  app.put<{ Params: { clientId: string }; Body: CouponSourceInput }>(
    '/:clientId/coupons',
    { schema: { params: { type: 'object', properties: { clientId } }, body: sourceBody } },
    async (request, reply) => {
      const body = request.body;
      const problems: FieldError[] = [];
      const pattern = body.kind === 'list' ? null : (body.pattern ?? 'WELCOME-XXXXXX');
      const wrongPattern = pattern === null ? null : patternProblem(pattern);
      if (wrongPattern) problems.push({ field: 'pattern', message: wrongPattern });
      if (body.kind === 'shopify') {
        if (!body.shopify)
          problems.push({ field: 'shopify', message: 'is required: the shop, the discount and its value' });
        else {
          if (!SHOP_DOMAIN.test(body.shopify.shop))
            problems.push({
              field: 'shopify.shop',
              message: "must be the shop's domain, such as my-shop.myshopify.com",
            });
          if (body.shopify.valueType === 'percentage' && body.shopify.value > 100)
            problems.push({ field: 'shopify.value', message: 'a percentage is at most 100' });
        }
      }
      if (problems.length > 0) return fieldErrors(reply, problems);
      const prizeId = body.prizeId ?? '';
      const token = body.kind === 'shopify' ? body.shopify?.token : undefined;
      if (body.kind === 'shopify' && !token) {
        const existing = (await store.sources(request.params.clientId)).find(
          (source) => source.poptinId === body.poptinId && source.prizeId === prizeId,
        );
        if (!existing?.hasShopifyToken)
          return fieldErrors(reply, [
            {
              field: 'shopify.token',
              message: "is required: the shop's Admin API access token (write_price_rules, write_discounts)",
            },
          ]);
      }
      const saved = await store.saveSource(request.params.clientId, body.poptinId, prizeId, {
        kind: body.kind,
        pattern,
        shopify:
          body.kind === 'shopify' && body.shopify
            ? { shop: body.shopify.shop, valueType: body.shopify.valueType, value: body.shopify.value }
            : null,
        sealedToken: token ? await coupons.box.seal(token) : undefined,
        lowStockThreshold: body.lowStockThreshold ?? 50,
      });
      if (!saved) return reply.code(404).send(errorBody(404, `Unknown pop-up ${body.poptinId}`));
      return { source: shown(saved) };
    },
  );

  app.delete<{ Params: { clientId: string; sourceId: number } }>(
    '/:clientId/coupons/:sourceId',
    { schema: { params: { type: 'object', properties: { clientId, sourceId } } } },
    async (request, reply) => {
      if (!(await store.deleteSource(request.params.clientId, request.params.sourceId)))
        return reply.code(404).send(errorBody(404, `Unknown coupon source ${request.params.sourceId}`));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { clientId: string; sourceId: number }; Body: { csv: string; replace?: boolean } }>(
    '/:clientId/coupons/:sourceId/codes',
    {
      bodyLimit: MAX_LIST_BYTES + 64 * 1024,
      schema: {
        params: { type: 'object', properties: { clientId, sourceId } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['csv'],
          properties: { csv: { type: 'string', maxLength: MAX_LIST_BYTES }, replace: { type: 'boolean' } },
        },
      },
    },
    async (request, reply) => {
      const { clientId: site, sourceId: id } = request.params;
      const source = await store.source(site, id);
      if (!source) return reply.code(404).send(errorBody(404, `Unknown coupon source ${id}`));
      if (source.kind !== 'list')
        return reply.code(409).send(errorBody(409, 'This source makes its codes: only a list takes uploaded codes'));
      let codes: string[];
      try {
        codes = readCodeList(request.body.csv);
      } catch (error) {
        if (!(error instanceof CodeListError)) throw error;
        // Each problem of the file apart, so that a console can say each in its owner's language.
        return fieldErrors(
          reply,
          error.problems.map((message) => ({ field: 'csv', message })),
          error.message,
        );
      }
      const result = await store.uploadCodes(id, codes, request.body.replace === true);
      return { ...result, source: shown((await store.source(site, id))!) };
    },
  );
};
