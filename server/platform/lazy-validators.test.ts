import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildLazyValidator, REQUEST_AJV_OPTIONS } from './lazy-validators.ts';

/** One route with a body, a query string and a path parameter to validate, answering what reached it. */
async function appWith(validators: 'lazy' | "Fastify's own"): Promise<FastifyInstance> {
  const app = Fastify({
    ajv: REQUEST_AJV_OPTIONS,
    ...(validators === 'lazy'
      ? { schemaController: { compilersFactory: { buildValidator: buildLazyValidator } } }
      : {}),
  });
  app.post(
    '/items/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]{3}$' } } },
        querystring: { type: 'object', properties: { count: { type: 'integer', minimum: 1 } } },
        body: {
          type: 'object',
          required: ['tags'],
          properties: {
            tags: { type: 'array', items: { type: 'string', maxLength: 5 } },
            size: { type: ['string', 'number'], default: 'm' },
          },
        },
      },
    },
    async (request) => ({ params: request.params, query: request.query, body: request.body }),
  );
  app.post('/list', { schema: { body: { type: 'array', items: { type: 'string' } } } }, async (request) => ({
    body: request.body,
  }));
  await app.ready();
  return app;
}

describe('request schemas compiled on first call', () => {
  it("answers every request as Fastify's own validators compiled up front do: what passes, coerced and defaulted, and each refusal's message", async () => {
    const [lazy, upFront] = await Promise.all([appWith('lazy'), appWith("Fastify's own")]);
    try {
      const requests = [
        { url: '/items/abc?count=5', payload: { tags: ['a', 'b'] } },
        // A lone value where a list is asked: coerced into a list of one, a change of the body's own part.
        { url: '/items/abc', payload: { tags: 'a', size: 3 } },
        { url: '/items/abc?count=0', payload: { tags: [] } },
        { url: '/items/ab1', payload: { tags: [] } },
        { url: '/items/abc', payload: { tags: ['far too long'] } },
        { url: '/items/abc', payload: {} },
        { url: '/items/abc', payload: { tags: [{ nested: true }] } },
        // The whole body a lone value where a list is asked: the validator replaces the request's body itself.
        { url: '/list', payload: '"one"', headers: { 'content-type': 'application/json' } },
      ];
      for (const request of requests) {
        const [fromLazy, fromUpFront] = await Promise.all(
          [lazy, upFront].map((app) => app.inject({ method: 'POST', ...request })),
        );
        assert.equal(fromLazy!.statusCode, fromUpFront!.statusCode, request.url);
        assert.deepEqual(fromLazy!.json(), fromUpFront!.json(), `${request.url} ${JSON.stringify(request.payload)}`);
      }
      const coerced = await lazy.inject({ method: 'POST', url: '/items/abc?count=5', payload: { tags: 'a' } });
      assert.deepEqual(coerced.json(), {
        params: { id: 'abc' },
        query: { count: 5 },
        body: { tags: ['a'], size: 'm' },
      });
      assert.deepEqual((await lazy.inject({ method: 'POST', ...requests.at(-1)! })).json(), { body: ['one'] });
      const refused = await lazy.inject({ method: 'POST', url: '/items/abc', payload: {} });
      assert.equal(refused.statusCode, 400);
      assert.match(refused.json().message, /body must have required property 'tags'/);
    } finally {
      await Promise.all([lazy.close(), upFront.close()]);
    }
  });
});
