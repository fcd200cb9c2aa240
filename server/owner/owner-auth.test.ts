import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedPopup } from '../test-support/fixtures.ts';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const ACME_TOKEN = 'acme-owner-token-4f1c2a9e7b';
const GLOBEX_TOKEN = 'globex-owner-token-8d3e6b1a0c';

let test: TestDatabase;
let app: FastifyInstance;
let clientsDir: string;

before(async () => {
  test = await openTestDatabase();
  clientsDir = await mkdtemp(path.join(os.tmpdir(), 'poptin-owner-auth-'));
  await writeFile(
    path.join(clientsDir, 'acme.json'),
    JSON.stringify({ client_id: 'acme', owner_token_sha256: sha256(ACME_TOKEN) }),
  );
  await writeFile(
    path.join(clientsDir, 'globex.json'),
    JSON.stringify({ client_id: 'globex', owner_token_sha256: sha256(GLOBEX_TOKEN) }),
  );
  await writeFile(path.join(clientsDir, 'initech.json'), JSON.stringify({ client_id: 'initech' }));
  app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, clientsDir });
  for (const [clientId, poptinId] of [
    ['acme', 'acmepopup0001'],
    ['globex', 'globexpopup01'],
    ['initech', 'initechpopup1'],
  ] as const) {
    const popup = await seedPopup(test.configuration, { client_id: clientId, poptin_id: poptinId });
    const response = await app.inject({
      method: 'POST',
      url: `/api/display/conversion/${popup.viewer_id}`,
      payload: `email=lead%40${clientId}.example&idempotency_key=lead-of-${clientId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(response.statusCode, 200, response.body);
  }
});
after(async () => {
  await app.close();
  await test.dispose();
  await rm(clientsDir, { recursive: true, force: true });
});

let nextAddress = 1;
/** Each case comes from an address of its own, so failures counted in one do not lock another out. */
const newAddress = () => `198.51.100.${nextAddress++}`;

const ownerGet = (url: string, token: string | null, remoteAddress: string) =>
  app.inject({
    method: 'GET',
    url,
    remoteAddress,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });

describe('owner tokens', () => {
  it('a client’s own token reads that client’s leads, CSV and stats, and nothing of another client', async () => {
    const address = newAddress();
    const leads = await ownerGet('/api/owner/acme/leads', ACME_TOKEN, address);
    assert.equal(leads.statusCode, 200);
    assert.deepEqual(
      leads.json().leads.map((lead: { email: string }) => lead.email),
      ['lead@acme.example'],
    );
    assert.equal((await ownerGet('/api/owner/acme/leads.csv', ACME_TOKEN, address)).statusCode, 200);
    assert.equal((await ownerGet('/api/owner/acme/stats', ACME_TOKEN, address)).statusCode, 200);

    for (const url of [
      '/api/owner/globex/leads',
      '/api/owner/globex/leads.csv',
      '/api/owner/initech/stats',
      '/api/owner/nobody/leads',
    ]) {
      const refused = await ownerGet(url, ACME_TOKEN, address);
      assert.equal(refused.statusCode, 403, url);
      assert.ok(!refused.body.includes('@globex') && !refused.body.includes('@initech'), url);
    }
    assert.deepEqual(
      (await ownerGet('/api/owner/globex/leads', GLOBEX_TOKEN, address))
        .json()
        .leads.map((lead: { email: string }) => lead.email),
      ['lead@globex.example'],
    );
  });

  it('a client’s own token keeps its full power: it makes site API tokens, listed as made by it, and changes the site', async () => {
    const address = newAddress();
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, remoteAddress: address, headers: { authorization: `Bearer ${ACME_TOKEN}` }, payload });
    const made = await call('POST', '/api/owner/acme/tokens', { name: 'Nightly export' });
    assert.equal(made.statusCode, 201, made.body);
    assert.deepEqual(made.json().token.createdBy, { key: 'client token' });
    assert.deepEqual(made.json().token.scopes, ['leads:read']);
    assert.equal((await call('PATCH', '/api/owner/acme/site', { language: 'he' })).statusCode, 200);
    assert.equal((await call('DELETE', `/api/owner/acme/tokens/${made.json().token.id}`)).statusCode, 204);
  });

  it('OWNER_TOKEN reads every client, those without a token of their own too', async () => {
    const address = newAddress();
    for (const clientId of ['acme', 'globex', 'initech']) {
      const response = await ownerGet(`/api/owner/${clientId}/leads`, OWNER_TOKEN, address);
      assert.equal(response.statusCode, 200, clientId);
      assert.equal(response.json().leads[0].email, `lead@${clientId}.example`);
    }
  });

  it('answers 429 with Retry-After from the 11th wrong token in a minute, even for the right token, from that address only', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      const response = await ownerGet('/api/owner/acme/leads', i % 2 ? `guess-${i}` : null, address);
      assert.equal(response.statusCode, 401, `attempt ${i + 1}`);
    }
    const limited = await ownerGet('/api/owner/acme/leads', 'guess-11', address);
    assert.equal(limited.statusCode, 429);
    assert.ok(
      Number(limited.headers['retry-after']) >= 1 && Number(limited.headers['retry-after']) <= 60,
      String(limited.headers['retry-after']),
    );
    assert.match(limited.json().message, /Too many wrong owner tokens/);
    assert.equal((await ownerGet('/api/owner/acme/leads', OWNER_TOKEN, address)).statusCode, 429);
    assert.equal((await ownerGet('/api/owner/acme/leads', ACME_TOKEN, newAddress())).statusCode, 200);
  });

  it('does not count a valid token used on another client as a wrong one', async () => {
    const address = newAddress();
    for (let i = 0; i < 15; i++)
      assert.equal((await ownerGet('/api/owner/globex/stats', ACME_TOKEN, address)).statusCode, 403);
    assert.equal((await ownerGet('/api/owner/acme/stats', ACME_TOKEN, address)).statusCode, 200);
  });

  it('marks every owner answer Cache-Control: no-store', async () => {
    const address = newAddress();
    for (const token of [OWNER_TOKEN, ACME_TOKEN, 'wrong']) {
      for (const url of ['/api/owner/acme/leads', '/api/owner/acme/leads.csv', '/api/owner/globex/stats']) {
        assert.equal(
          (await ownerGet(url, token, address)).headers['cache-control'],
          'no-store',
          `${url} with ${token}`,
        );
      }
    }
  });
});
