import assert from 'node:assert/strict';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app.ts';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate.ts';
import { openPGlite } from '../db/pglite.ts';
import { routesOf } from '../platform/route-list.ts';
import { useTestApp } from '../test-support/app.ts';
import { blankDataDir } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { asConsole, createOwner, signIn } from '../test-support/owners.ts';
import { sha256Hex } from './accounts.ts';
import { ROUTES_FOR_OWNERS_ONLY, ROUTES_OF_SCOPE } from './token-scopes.ts';

const shared = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Acme with a pop-up and a lead, and Ana, a signed-in owner granted it. */
async function acmeWithAna() {
  await seedClient(shared.test.configuration);
  const popup = await seedPopup(shared.test.configuration, { poptin_id: 'acmepopup0001' });
  await shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: 'email=person%40acme.example&idempotency_key=acme-lead-0001',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const ana = await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
  return { popup, ana, session: await signIn(shared.app, 'ana@acme.example') };
}

async function createToken(session: string, body: object) {
  const response = await asConsole(shared.app, session, {
    method: 'POST',
    url: '/api/owner/acme/tokens',
    payload: body,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as { token: { id: number; scopes: string[] }; secret: string };
}

const withToken = (secret: string, method: Method, url: string, payload?: object) =>
  shared.app.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, payload } as InjectOptions);

async function listed(session: string) {
  const response = await asConsole(shared.app, session, { method: 'GET', url: '/api/owner/acme/tokens' });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().tokens as {
    id: number;
    name: string;
    scopes: string[];
    createdBy: { email: string } | { key: string } | null;
    lastUsedAt: string | null;
  }[];
}

/** What a token must not be able to change: its site's tokens, destinations, settings, pop-ups and leads. */
async function acmeState() {
  const [tokens, destinations, site, popups, leads] = await Promise.all([
    shared.test.db.query("SELECT id, name FROM site_tokens WHERE client_id = 'acme' ORDER BY id"),
    shared.test.db.query("SELECT id FROM destinations WHERE client_id = 'acme'"),
    shared.test.db.query("SELECT name, allowed_origins FROM clients WHERE client_id = 'acme'"),
    shared.test.db.query(
      "SELECT poptin_id, draft, active, revision, deleted_at FROM popups WHERE client_id = 'acme' ORDER BY poptin_id",
    ),
    shared.test.db.query("SELECT id, email, spam_reason FROM conversions WHERE client_id = 'acme' ORDER BY id"),
  ]);
  return { tokens, destinations, site, popups, leads };
}

describe('site API token scopes', () => {
  it('name every owner route of a site once, or leave it to owners; and only routes that exist', () => {
    const siteRoutes = routesOf(shared.app)
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/owner/:clientId/'))
      .map((route) => `${route.method} ${route.url.slice('/api/owner/:clientId'.length)}`);
    const named = [...Object.values(ROUTES_OF_SCOPE).flat(), ...ROUTES_FOR_OWNERS_ONLY];
    assert.deepEqual([...named].sort(), [...new Set(siteRoutes)].sort());
  });

  it('are leads:read alone unless others are chosen, and are listed with the creator and the last use', async () => {
    const { session } = await acmeWithAna();
    const plain = await createToken(session, { name: 'CRM export' });
    assert.deepEqual(plain.token.scopes, ['leads:read']);
    const wide = await createToken(session, { name: 'Deploy', scopes: ['popups:write', 'leads:read'] });
    assert.deepEqual(wide.token.scopes, ['leads:read', 'popups:write']);
    assert.equal((await withToken(plain.secret, 'GET', '/api/owner/acme/leads')).statusCode, 200);
    const tokens = await listed(session);
    assert.deepEqual(
      tokens.map(({ name, scopes, createdBy }) => ({ name, scopes, createdBy })),
      [
        { name: 'CRM export', scopes: ['leads:read'], createdBy: { email: 'ana@acme.example' } },
        { name: 'Deploy', scopes: ['leads:read', 'popups:write'], createdBy: { email: 'ana@acme.example' } },
      ],
    );
    assert.ok(tokens[0]!.lastUsedAt, 'the used token has a last use');
    assert.equal(tokens[1]!.lastUsedAt, null);
  });

  it('refuses unknown scope names, and none at all, with 400 and the names it knows', async () => {
    const { session } = await acmeWithAna();
    for (const scopes of [['leads:read', 'everything'], [], ['LEADS:READ']]) {
      const response = await asConsole(shared.app, session, {
        method: 'POST',
        url: '/api/owner/acme/tokens',
        payload: { name: 'Bad', scopes },
      });
      assert.equal(response.statusCode, 400, JSON.stringify(scopes));
      assert.match(response.json().message, /scope/);
      if (scopes.length > 0) assert.match(response.json().message, /leads:read, .*people:erase/);
    }
    assert.deepEqual(await listed(session), []);
  });

  it('refuses a name left out or of spaces alone, naming the field, and makes no token', async () => {
    const { session } = await acmeWithAna();
    for (const name of ['', ' \t ']) {
      const response = await asConsole(shared.app, session, {
        method: 'POST',
        url: '/api/owner/acme/tokens',
        payload: { name, scopes: ['leads:read'] },
      });
      assert.equal(response.statusCode, 400, JSON.stringify(name));
      assert.deepEqual(response.json().fields, [{ field: 'name', message: 'is required' }]);
    }
    assert.deepEqual(await listed(session), []);
  });

  it('lets a leads:read token read leads, the CSV, stats and reports, and refuses it every change with 403', async () => {
    const { popup, session } = await acmeWithAna();
    const { secret } = await createToken(session, { name: 'Reader', scopes: ['leads:read'] });
    const [lead] = await shared.test.db.query<{ id: number }>('SELECT id FROM conversions');
    for (const url of [
      '/api/owner/acme/leads',
      `/api/owner/acme/leads/${lead!.id}`,
      `/api/owner/acme/leads/${lead!.id}/deliveries`,
      '/api/owner/acme/leads.csv',
      '/api/owner/acme/stats',
      '/api/owner/acme/stats/report?from=2026-01-01&to=2026-01-31',
      '/api/owner/acme/ab-tests',
      '/api/owner/acme/store-activity',
    ]) {
      const response = await withToken(secret, 'GET', url);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    }
    const before = await acmeState();
    const popupUrl = `/api/owner/acme/popups/${popup.poptin_id}`;
    const refused: [Method, string, object?][] = [
      ['POST', '/api/owner/acme/tokens', { name: 'Another', scopes: ['leads:read'] }],
      ['GET', '/api/owner/acme/tokens'],
      ['DELETE', '/api/owner/acme/tokens/1'],
      [
        'POST',
        '/api/owner/acme/destinations',
        { kind: 'email', name: 'Exfiltrate', settings: { to: ['thief@evil.example'] } },
      ],
      ['GET', '/api/owner/acme/destinations'],
      ['DELETE', '/api/owner/acme/people?email=person%40acme.example'],
      ['GET', '/api/owner/acme/people?email=person%40acme.example'],
      ['GET', '/api/owner/acme/erasures'],
      ['PATCH', '/api/owner/acme/site', { allowedOrigins: ['https://evil.example'] }],
      ['GET', '/api/owner/acme/site'],
      ['PATCH', `/api/owner/acme/leads/${lead!.id}`, { spam: true }],
      ['GET', '/api/owner/acme/popups'],
      ['POST', '/api/owner/acme/popups', { templateId: 'lightbox' }],
      ['PUT', popupUrl, { draft: { poptin_name: 'Taken over', poptin_type: 'lightbox' }, revision: 1 }],
      ['POST', `${popupUrl}/publish`],
      ['POST', `${popupUrl}/pause`],
      ['DELETE', popupUrl],
      ['POST', `/api/owner/acme/ab-tests/${popup.poptin_id}/winner`, { poptin_id: popup.poptin_id }],
      ['POST', '/api/owner/sites', { name: 'Mine', allowedOrigins: [], language: 'en' }],
    ];
    for (const [method, url, payload] of refused) {
      const response = await withToken(secret, method, url, payload);
      assert.equal(response.statusCode, 403, `${method} ${url}: ${response.body}`);
      assert.ok(response.json().message, `${method} ${url} says why`);
    }
    assert.match(
      (await withToken(secret, 'POST', `${popupUrl}/publish`)).json().message,
      /popups:write/,
      'names the scope it lacks',
    );
    assert.deepEqual(await acmeState(), before);
  });

  it('never lets a token mint tokens or change the site, whatever its scopes', async () => {
    const { popup, session } = await acmeWithAna();
    const every = ['leads:read', 'leads:write', 'popups:write', 'destinations:write', 'people:erase'];
    const { secret } = await createToken(session, { name: 'Everything', scopes: every });
    const before = await acmeState();
    for (const [method, url, payload] of [
      ['POST', '/api/owner/acme/tokens', { name: 'Child', scopes: every }],
      ['PATCH', '/api/owner/acme/site', { allowedOrigins: ['https://evil.example'] }],
    ] as const) {
      assert.equal((await withToken(secret, method, url, payload)).statusCode, 403, `${method} ${url}`);
    }
    assert.deepEqual(await acmeState(), before);
    // Each scope opens its own routes.
    assert.equal((await withToken(secret, 'POST', `/api/owner/acme/popups/${popup.poptin_id}/pause`)).statusCode, 200);
    assert.equal((await withToken(secret, 'GET', '/api/owner/acme/destinations')).statusCode, 200);
    assert.equal(
      (await withToken(secret, 'GET', '/api/owner/acme/people?email=person%40acme.example')).statusCode,
      200,
    );
  });

  it('stops working once the owner who made it is deleted, or loses the site', async () => {
    const { ana, session } = await acmeWithAna();
    const { secret } = await createToken(session, { name: 'CRM export' });
    await createOwner(shared.app, 'bo@acme.example', { sites: ['acme'] });
    const bo = await signIn(shared.app, 'bo@acme.example');
    const boToken = await createToken(bo, { name: 'Bo export' });
    await createOwner(shared.app, 'root@example.com', { isAdmin: true });
    const admin = await signIn(shared.app, 'root@example.com');
    assert.equal((await withToken(secret, 'GET', '/api/owner/acme/leads')).statusCode, 200);
    assert.equal(
      (await asConsole(shared.app, admin, { method: 'DELETE', url: `/api/admin/owners/${ana.id}` })).statusCode,
      204,
    );
    assert.equal((await withToken(secret, 'GET', '/api/owner/acme/leads')).statusCode, 401);
    assert.deepEqual(
      (await listed(admin)).map((token) => token.name),
      ['Bo export'],
    );
    assert.equal((await withToken(boToken.secret, 'GET', '/api/owner/acme/leads')).statusCode, 200);
    const [boRow] = await shared.test.db.query<{ id: number }>("SELECT id FROM owners WHERE email = 'bo@acme.example'");
    await asConsole(shared.app, admin, {
      method: 'PATCH',
      url: `/api/admin/owners/${boRow!.id}`,
      payload: { sites: [] },
    });
    assert.equal((await withToken(boToken.secret, 'GET', '/api/owner/acme/leads')).statusCode, 401);
  });

  it('notes its last use at most once a minute', async () => {
    const { session } = await acmeWithAna();
    const { secret, token } = await createToken(session, { name: 'CRM export' });
    const lastUse = async () =>
      (
        await shared.test.db.query<{ last_used_at: Date | string }>(
          'SELECT last_used_at FROM site_tokens WHERE id = $1',
          [token.id],
        )
      )[0]!.last_used_at;
    await shared.test.db.query("UPDATE site_tokens SET last_used_at = now() - interval '30 seconds'");
    const recent = String(await lastUse());
    assert.equal((await withToken(secret, 'GET', '/api/owner/acme/leads')).statusCode, 200);
    assert.equal(String(await lastUse()), recent, 'used 30 s ago: not written again');
    await shared.test.db.query("UPDATE site_tokens SET last_used_at = now() - interval '2 minutes'");
    const old = String(await lastUse());
    assert.equal((await withToken(secret, 'GET', '/api/owner/acme/leads')).statusCode, 200);
    assert.notEqual(String(await lastUse()), old, 'used 2 minutes ago: noted now');
  });

  it('leaves OWNER_TOKEN its full power: it makes tokens, listed as made by it, and changes the site', async () => {
    await acmeWithAna();
    const made = await shared.app.inject({
      method: 'POST',
      url: '/api/owner/acme/tokens',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      payload: { name: 'Ops', scopes: ['destinations:write'] },
    });
    assert.equal(made.statusCode, 201, made.body);
    const tokens = (
      await shared.app.inject({
        method: 'GET',
        url: '/api/owner/acme/tokens',
        headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      })
    ).json().tokens;
    assert.deepEqual(tokens[0].createdBy, { key: 'OWNER_TOKEN' });
    assert.equal((await withToken(made.json().secret, 'GET', '/api/owner/acme/destinations')).statusCode, 200);
    const changed = await shared.app.inject({
      method: 'PATCH',
      url: '/api/owner/acme/site',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      payload: { name: 'Renamed' },
    });
    assert.equal(changed.statusCode, 200);
  });
});

describe('site API tokens made before scopes', () => {
  it('keep every route but tokens and the site; one with no creator stays, listed as orphaned', async () => {
    const dataDir = await blankDataDir();
    const olderDir = await mkdtemp(path.join(os.tmpdir(), 'poptin-older-migrations-'));
    const db = await openPGlite(dataDir);
    let app: FastifyInstance | undefined;
    try {
      for (const file of await readdir(MIGRATIONS_DIR)) {
        if (file < '054') await copyFile(path.join(MIGRATIONS_DIR, file), path.join(olderDir, file));
      }
      await runMigrations(db, olderDir);
      await db.query("INSERT INTO clients (client_id, name) VALUES ('acme', 'Acme')");
      const [ana] = await db.query<{ id: number }>(
        "INSERT INTO owners (email, name, password_hash) VALUES ('ana@acme.example', 'Ana', 'x') RETURNING id",
      );
      await db.query("INSERT INTO owner_sites (owner_id, client_id) VALUES ($1, 'acme')", [ana!.id]);
      await db.query(
        `INSERT INTO site_tokens (client_id, name, secret_sha256, created_by) VALUES
          ('acme', 'Ana script', $1, $2), ('acme', 'Old script', $3, NULL)`,
        [sha256Hex('pte_ana'), ana!.id, sha256Hex('pte_orphan')],
      );
      await runMigrations(db);
      app = await buildApp({ db, ownerToken: OWNER_TOKEN, rateLimit: false });
      const call = (secret: string, method: Method, url: string, payload?: object) =>
        app!.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, payload } as InjectOptions);
      for (const secret of ['pte_ana', 'pte_orphan']) {
        for (const url of ['leads', 'popups', 'destinations', 'erasures']) {
          assert.equal((await call(secret, 'GET', `/api/owner/acme/${url}`)).statusCode, 200, `${secret} ${url}`);
        }
        assert.equal(
          (await call(secret, 'POST', '/api/owner/acme/tokens', { name: 'Child' })).statusCode,
          403,
          `${secret} mints no token`,
        );
        assert.equal((await call(secret, 'PATCH', '/api/owner/acme/site', { name: 'X' })).statusCode, 403);
      }
      const tokens = (await call(OWNER_TOKEN, 'GET', '/api/owner/acme/tokens')).json().tokens;
      assert.deepEqual(
        tokens.map((token: { name: string; createdBy: unknown; scopes: string[] }) => [token.name, token.createdBy]),
        [
          ['Ana script', { email: 'ana@acme.example' }],
          ['Old script', null],
        ],
      );
      assert.deepEqual(tokens[1].scopes, [
        'leads:read',
        'leads:write',
        'popups:write',
        'destinations:write',
        'people:erase',
      ]);
    } finally {
      await app?.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(olderDir, { recursive: true, force: true });
    }
  });
});
