// Calls: analytics, auth and consistency headers, the long-GET fallback, paging, host and paths, GraphQL.
import { createClient } from '../../../src/sdk/client.ts';
import { SdkError } from '../../../src/sdk/errors.ts';
import { resolvePublicPath } from '../../../src/sdk/paths.ts';
import { ApiKeyStrategy } from '../../../src/sdk/strategies/api-key.ts';
import { API_KEY } from '../fixtures.ts';
import { platformHooks, rejection, type Suite } from '../harness.ts';
import { oauthClient } from '../helpers.ts';

export function httpCases(suite: Suite): void {
  const { describe, it, assert } = suite;

  describe('platform SDK calls', () => {
    platformHooks(suite);

    describe('headers', () => {
      it('every call, token calls included, sends the analytics header naming the package and method', async () => {
        const { client } = oauthClient(suite);
        await client.request('/v1/items', { methodFqn: 'items.list' });
        const requests = await suite.platform().requests();
        assert.deepEqual(
          requests.map((r) => `${r.path} ${r.headers['x-wix-bi-gateway']}`),
          [
            '/oauth2/token environment=js-sdk,package-name=poptin-elements/sdk,method-fqn=oauth.token.anonymous',
            '/v1/items environment=js-sdk,package-name=poptin-elements/sdk,method-fqn=items.list',
          ],
        );
      });

      it('sends the strategy auth headers on API calls', async () => {
        const { auth, client } = oauthClient(suite);
        await client.request('/v1/items');
        const [items] = await suite.platform().requests('/v1/items');
        assert.equal(items.headers.authorization, auth.getTokens().accessToken.value);
      });

      it('saves the consistency header of every reply and sends it on the next call', async () => {
        const { client } = oauthClient(suite);
        assert.equal(client.http.consistencyToken, undefined);
        await client.request('/v1/items');
        await client.request('/v1/items', { method: 'POST', body: { name: 'K3 Madya' } });
        const [token, first, second] = await suite.platform().requests();
        assert.equal(token.headers['x-wix-consistent'], undefined, 'nothing to send before the first reply');
        assert.equal(first.headers['x-wix-consistent'], `cst-${token.seq}`);
        assert.equal(second.headers['x-wix-consistent'], `cst-${first.seq}`);
        assert.equal(client.http.consistencyToken, `cst-${second.seq}`);
      });
    });

    describe('query fallback', () => {
      it('a GET whose query is exactly 4000 characters stays a GET', async () => {
        const { client } = oauthClient(suite);
        const reply = await client.request<{ form: string }>('/v1/items', { params: { q: 'x'.repeat(3998) } });
        assert.equal(reply.form, 'GET');
        const [items] = await suite.platform().requests('/v1/items');
        assert.equal(items.method, 'GET');
      });

      it('a GET whose query exceeds 4000 characters is posted in its fallback form', async () => {
        const { client } = oauthClient(suite);
        const params = { q: 'x'.repeat(3999) };
        const reply = await client.request<{ form: string; body: unknown }>('/v1/items', { params });
        assert.equal(reply.form, 'POST');
        assert.deepEqual(reply.body, params);
        const [items] = await suite.platform().requests('/v1/items');
        assert.equal(items.method, 'POST');
        assert.equal(items.headers['x-http-method-override'], 'GET');
        assert.deepEqual(items.query, {});
      });

      it("a long query goes to the endpoint's own fallback path when it has one", async () => {
        const { client } = oauthClient(suite);
        const filter = { title: { $in: Array.from({ length: 400 }, (_, i) => `pelatihan-k3-${i}`) } };
        const reply = await client.query<{ form: string; body: { query: Record<string, unknown> } }>(
          '/v1/items',
          { filter },
          { fallbackPath: '/v1/items/query' },
        );
        assert.equal(reply.form, 'POST');
        assert.deepEqual(reply.body.query, { filter, paging: { limit: 50 } });
        const [request] = await suite.platform().requests('/v1/items/query');
        assert.equal(request.headers['x-http-method-override'], undefined);
      });
    });

    describe('paging, host and paths', () => {
      it('queries default to a page size of 50 and keep an explicit one', async () => {
        const { client } = oauthClient(suite);
        const plain = await client.query<{ query: Record<string, string[]> }>('/v1/items');
        assert.deepEqual(plain.query, { 'query.paging.limit': ['50'] });
        const cursor = await client.query<{ query: Record<string, string[]> }>('/v1/items', {
          cursorPaging: { cursor: 'abc' },
        });
        assert.deepEqual(cursor.query, { 'query.cursorPaging.limit': ['50'], 'query.cursorPaging.cursor': ['abc'] });
        const explicit = await client.query<{ query: Record<string, string[]> }>('/v1/items', {
          paging: { limit: 10, offset: 20 },
        });
        assert.deepEqual(explicit.query, { 'query.paging.limit': ['10'], 'query.paging.offset': ['20'] });
      });

      it('maps internal paths to the public ones, first matching prefix first', () => {
        assert.equal(resolvePublicPath('/v1/oauth/token'), '/oauth2/token');
        assert.equal(resolvePublicPath('/v1/oauth/token-info'), '/oauth2/token-info');
        assert.equal(resolvePublicPath('/v2/login'), '/_api/iam/authentication/v2/login');
        assert.equal(resolvePublicPath('/v2/EMAIL/verify'), '/_api/iam/authentication/v2/EMAIL/verify');
        assert.equal(resolvePublicPath('/v1/redirect-session'), '/_api/redirects-api/v1/redirect-session');
        assert.equal(resolvePublicPath('/v1/oauthx'), '/v1/oauthx', 'a prefix matches whole segments only');
        assert.equal(resolvePublicPath('/oauth/access'), '/oauth/access');
        assert.equal(resolvePublicPath('/v2/login', [{ internal: '/v2', public: '/auth' }]), '/auth/login');
      });

      it('sends every call to the configured API host', async () => {
        const { auth, client } = oauthClient(suite);
        assert.equal(client.http.host, suite.platform().baseUrl);
        await client.request('/v1/items');
        assert.equal((await suite.platform().requests()).length, 2);
        assert.equal(auth.getTokens().refreshToken.role, 'visitor');
      });

      it('writes to the current cart go to the cart host whatever host the client uses; reads stay on it', async () => {
        const cartHost = suite.platform().baseUrl;
        const siteHost = cartHost.replace('127.0.0.1', 'localhost');
        const { auth } = oauthClient(suite);
        const client = createClient({ auth, host: siteHost, cartCurrentHost: cartHost });
        const lineItems = [{ catalogReference: { catalogItemId: 'k3-umum' }, quantity: 1 }];
        const write = await client.request<{
          host: string;
          cart: { lineItems: { rootCatalogItemId: string; quantity: number }[] };
        }>('/ecom/v1/carts/current/add-to-cart', { body: { lineItems } });
        const read = await client.request<{ host: string }>('/ecom/v1/carts/current');
        assert.equal(read.host, new URL(siteHost).host);
        assert.equal(write.host, new URL(cartHost).host);
        assert.deepEqual(
          write.cart.lineItems.map((line) => [line.rootCatalogItemId, line.quantity]),
          [['k3-umum', 1]],
        );
        const explicit = await client.request<{ host: string }>('/ecom/v1/carts/current/add-to-cart', {
          body: { lineItems },
          host: siteHost,
        });
        assert.equal(explicit.host, new URL(siteHost).host, 'a host given for the call wins');
        assert.equal(createClient({ auth }).http.cartCurrentHost, 'https://www.wixapis.com');
      });

      it('posts GraphQL to the versioned path with query and variables', async () => {
        const auth = ApiKeyStrategy({ apiKey: API_KEY.key, siteId: API_KEY.siteId });
        const client = createClient({ auth, host: suite.platform().baseUrl });
        const query = 'query Courses($slug: String) { course(slug: $slug) { title } }';
        const reply = await client.graphql(query, { slug: 'ahli-k3-madya' }, { apiVersion: 'v1' });
        assert.deepEqual(reply.data, { echo: { version: 'v1', query, variables: { slug: 'ahli-k3-madya' } } });
        const alpha = await client.graphql('{ ping }');
        assert.deepEqual(alpha.data, { echo: { version: 'alpha', query: '{ ping }', variables: null } });
        const [request] = await suite.platform().requests('/graphql/v1');
        assert.deepEqual(request.body, { query, variables: { slug: 'ahli-k3-madya' } });
      });

      it('any status other than 200 raises an error, even a success status', async () => {
        const { client } = oauthClient(suite);
        await client.request('/v1/items');
        await suite.platform().script({ path: '/v1/items', status: 201, body: { created: true } });
        const error = await rejection(client.request('/v1/items'));
        assert.ok(error instanceof SdkError);
        assert.equal(error.status, 201);
      });
    });
  });
}
