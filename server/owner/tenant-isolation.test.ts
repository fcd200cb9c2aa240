import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SITE_TOKEN_SCOPES } from '../../src/core/api/site-token-contract.ts';
import { useTestApp } from '../test-support/app.ts';
import { seedClient, seedPopup } from '../test-support/fixtures.ts';
import { asConsole, createOwner, signIn } from '../test-support/owners.ts';

const shared = useTestApp();

interface Route {
  method: string;
  url: string;
}

/** Every route of the app, read from the router's own listing, so that a route added later is checked too. */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? paths[depth - 1]! : '') + match[2]!;
    paths[depth] = url;
    for (const method of match[3]?.split(', ') ?? [])
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url });
  }
  return routes;
}

const ownerRoutesOfASite = (app: FastifyInstance) =>
  routesOf(app).filter((route) => route.url.startsWith('/api/owner/:clientId/'));

const BODIES: Record<string, object> = {
  PUT: { draft: { poptin_name: 'Taken over', poptin_type: 'lightbox' }, revision: 1 },
  POST: { config: { poptin_name: 'Planted', poptin_type: 'lightbox' }, name: 'planted token' },
  PATCH: { name: 'Taken over' },
  DELETE: {},
};

/** Globex's pop-up, its token and its site as they were: nothing an owner of Acme does may change them. */
async function globexState() {
  const [popups, tokens, site, leads] = await Promise.all([
    shared.test.db.query(
      "SELECT poptin_id, draft, config, active, revision, deleted_at FROM popups WHERE client_id = 'globex' ORDER BY poptin_id",
    ),
    shared.test.db.query("SELECT id, name FROM site_tokens WHERE client_id = 'globex' ORDER BY id"),
    shared.test.db.query("SELECT name, allowed_origins, lang FROM clients WHERE client_id = 'globex'"),
    shared.test.db.query("SELECT id, email, spam_reason FROM conversions WHERE client_id = 'globex' ORDER BY id"),
  ]);
  return { popups, tokens, site, leads };
}

async function twoSites() {
  await seedClient(shared.test.configuration, { client_id: 'acme' });
  await seedClient(shared.test.configuration, { client_id: 'globex', name: 'Globex' });
  await seedPopup(shared.test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
  const globexPopup = await seedPopup(shared.test.configuration, { client_id: 'globex', poptin_id: 'globexpopup01' });
  await shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${globexPopup.viewer_id}`,
    payload: 'email=person%40globex.example&idempotency_key=globex-lead-0001',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const { token } = await shared.app.ownerSide.accounts.createSiteToken('globex', {
    name: 'globex script',
    scopes: ['leads:read'],
    madeBy: { key: 'OWNER_TOKEN' },
  });
  await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
  return { globexPopup, globexTokenId: token.id, session: await signIn(shared.app, 'ana@acme.example') };
}

function fill(url: string, values: { clientId: string; poptinId: string; tokenId: number }): string {
  return url
    .replace(':clientId', values.clientId)
    .replace(':poptinId', values.poptinId)
    .replace(':revision', '1')
    .replace(':tokenId', String(values.tokenId))
    .replace(':leadId', '1')
    .replace(':testId', values.poptinId)
    .replace(/\/people$/, `/people?email=person%40${values.clientId}.example`)
    .replace(/\/stats\/report$/, '/stats/report?from=2026-01-01&to=2026-01-31')
    .replace(/\/preview-link$/, '/preview-link?url=https%3A%2F%2Facme.example%2F');
}

describe('tenant isolation: an owner of site A on site B', () => {
  it('finds the owner API routes of a site (the listing the checks below walk)', () => {
    const urls = ownerRoutesOfASite(shared.app).map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'GET /api/owner/:clientId/leads',
      'PUT /api/owner/:clientId/popups/:poptinId',
      'DELETE /api/owner/:clientId/tokens/:tokenId',
      'POST /api/owner/:clientId/popups/:poptinId/revisions/:revision/restore',
      'GET /api/owner/:clientId/popups/:poptinId/preview-link',
    ]) {
      assert.ok(urls.includes(expected), expected);
    }
    assert.ok(urls.length >= 20, `${urls.length} routes`);
  });

  it('gets 403 on every route of site B with a session, and changes nothing there', async () => {
    const { globexPopup, globexTokenId, session } = await twoSites();
    const before = await globexState();
    for (const route of ownerRoutesOfASite(shared.app)) {
      const url = fill(route.url, { clientId: 'globex', poptinId: globexPopup.poptin_id, tokenId: globexTokenId });
      const response = await asConsole(shared.app, session, {
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : BODIES[route.method],
      });
      assert.equal(response.statusCode, 403, `${route.method} ${url}: ${response.body}`);
    }
    assert.deepEqual(await globexState(), before);
  });

  it("gets 404 when it names site B's pop-up or token under its own site A, and changes nothing there", async () => {
    const { globexPopup, globexTokenId, session } = await twoSites();
    const before = await globexState();
    const naming = ownerRoutesOfASite(shared.app).filter(
      (route) => route.url.includes(':poptinId') || route.url.includes(':tokenId'),
    );
    assert.ok(naming.length >= 12);
    for (const route of naming) {
      const url = fill(route.url, { clientId: 'acme', poptinId: globexPopup.poptin_id, tokenId: globexTokenId });
      const response = await asConsole(shared.app, session, {
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : BODIES[route.method],
      });
      assert.equal(response.statusCode, 404, `${route.method} ${url}: ${response.body}`);
    }
    assert.deepEqual(await globexState(), before);
  });

  it("gets 403 on every route of site B with site A's API token", async () => {
    const { globexPopup, globexTokenId } = await twoSites();
    const { secret } = await shared.app.ownerSide.accounts.createSiteToken('acme', {
      name: 'acme script',
      scopes: SITE_TOKEN_SCOPES,
      madeBy: { key: 'OWNER_TOKEN' },
    });
    for (const route of ownerRoutesOfASite(shared.app)) {
      const url = fill(route.url, { clientId: 'globex', poptinId: globexPopup.poptin_id, tokenId: globexTokenId });
      const response = await shared.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${secret}` },
        payload: route.method === 'GET' ? undefined : BODIES[route.method],
      });
      assert.equal(response.statusCode, 403, `${route.method} ${url}: ${response.body}`);
    }
  });

  it('gets 403, not a server error, for a site id that cannot be one', async () => {
    const { session } = await twoSites();
    for (const clientId of ['a%00b', 'no%20body', 'x'.repeat(65)]) {
      const response = await asConsole(shared.app, session, { method: 'GET', url: `/api/owner/${clientId}/popups` });
      assert.equal(response.statusCode, 403, clientId);
    }
  });

  it('does not see site B in its lists of sites', async () => {
    const { session } = await twoSites();
    for (const url of ['/api/owner/sites', '/api/auth/me']) {
      const { sites } = (await asConsole(shared.app, session, { method: 'GET', url })).json();
      assert.deepEqual(
        sites.map((site: { clientId: string }) => site.clientId),
        ['acme'],
        url,
      );
    }
  });

  it('is refused every admin route', async () => {
    const { session } = await twoSites();
    const adminRoutes = routesOf(shared.app).filter((route) => route.url.startsWith('/api/admin/'));
    assert.ok(adminRoutes.length >= 4);
    for (const route of adminRoutes) {
      const url = route.url.replace(':ownerId', '1');
      const response = await asConsole(shared.app, session, {
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : { name: 'x' },
      });
      assert.equal(response.statusCode, 403, `${route.method} ${url}`);
    }
  });

  it('without a session or token, every owner, auth and admin route but sign-in answers 401', async () => {
    // Open by design: signing in, by password or by a mailed link, and whether a link can be mailed.
    const SIGN_IN_ROUTES = new Set([
      '/api/auth/sign-in',
      '/api/auth/sign-in-options',
      '/api/auth/sign-in-link',
      '/api/auth/sign-in-link/use',
    ]);
    await twoSites();
    const routes = routesOf(shared.app).filter(
      (route) => /^\/api\/(owner|auth|admin)\//.test(route.url) && !SIGN_IN_ROUTES.has(route.url),
    );
    for (const route of routes) {
      const url = fill(route.url, { clientId: 'acme', poptinId: 'acmepopup0001', tokenId: 1 })
        .replace(':ownerId', '1')
        .replace(':id', 'lightbox');
      const response = await shared.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : BODIES[route.method],
      });
      assert.equal(response.statusCode, 401, `${route.method} ${url}`);
    }
  });
});
