// The one-time sign-in link, mailed through a real SMTP server and used over real HTTP.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { eventually } from '../delivery/test-receiver.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN } from '../test-support/fixtures.ts';
import { createOwner, PASSWORD } from '../test-support/owners.ts';
import { startSmtp } from '../test-support/smtp.ts';

const PUBLIC_URL = 'https://popups.acme.example';

let test: TestDatabase;
let app: FastifyInstance;
let base: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

before(async () => {
  test = await openTestDatabase();
  smtp = await startSmtp();
  app = await buildApp({
    db: test.db,
    ownerToken: OWNER_TOKEN,
    trustProxy: { hops: 1 },
    publicUrl: PUBLIC_URL,
    delivery: { mail: { smtpUrl: smtp.url, from: 'Console <console@acme.example>' }, worker: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
after(async () => {
  await app?.close();
  await smtp?.close();
  await test?.dispose();
});
beforeEach(async () => {
  await test.reset();
  smtp.mails.length = 0;
});

function post(path: string, body: object, from = '192.0.2.1') {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
}

/** The token of the sign-in link in a mail, which points at the console on PUBLIC_URL. */
function linkTokenIn(data: string): string {
  const unfolded = data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https:\/\/popups\.acme\.example\/console\/sign-in\?link=([\w-]{43})/.exec(unfolded);
  assert.ok(match, `a sign-in link in:\n${data}`);
  return match[1]!;
}

async function mailedToken(email: string, from = '192.0.2.2'): Promise<string> {
  const asked = await post('/api/auth/sign-in-link', { email }, from);
  assert.equal(asked.status, 202);
  await eventually('the link is mailed', () => smtp.mails.some((mail) => mail.to.includes(email)));
  return linkTokenIn(smtp.mails.find((mail) => mail.to.includes(email))!.data);
}

describe('sign-in link by e-mail', () => {
  it('is offered when SMTP is set up', async () => {
    const options = await fetch(`${base}/api/auth/sign-in-options`);
    assert.equal(options.status, 200);
    assert.deepEqual(await options.json(), { signInLink: true });
  });

  it('answers the same 202 for an e-mail with an account and one without, and mails only the owner', async () => {
    await createOwner(app, 'ana@acme.example');
    const unknown = await post('/api/auth/sign-in-link', { email: 'nobody@acme.example' });
    const known = await post('/api/auth/sign-in-link', { email: 'Ana@Acme.example' });
    assert.deepEqual([unknown.status, known.status], [202, 202]);
    assert.deepEqual(await unknown.json(), await known.json());
    await eventually('the owner gets a mail', () => smtp.mails.length >= 1);
    assert.deepEqual(
      smtp.mails.map((mail) => mail.to),
      [['ana@acme.example']],
    );
    assert.equal(smtp.mails[0]!.from, 'console@acme.example');
    assert.match(smtp.mails[0]!.data, /15 minutes/);
  });

  it('signs in once with the link: a session like a password sign-in, then the link is spent', async () => {
    await createOwner(app, 'bo@acme.example');
    const token = await mailedToken('bo@acme.example');
    const stored = await test.db.query<{ token_sha256: string }>('SELECT token_sha256 FROM owner_sign_in_links');
    assert.equal(stored.length, 1);
    assert.notEqual(stored[0]!.token_sha256, token, 'only a hash of the token is stored');

    const used = await post('/api/auth/sign-in-link/use', { token });
    assert.equal(used.status, 200);
    assert.equal(((await used.json()) as { owner: { email: string } }).owner.email, 'bo@acme.example');
    const session = used.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('poptin_session='))!
      .split(';')[0]!;
    const me = await fetch(`${base}/api/auth/me`, { headers: { cookie: session } });
    assert.equal(me.status, 200);

    const again = await post('/api/auth/sign-in-link/use', { token });
    assert.equal(again.status, 401);
  });

  it('refuses a link older than 15 minutes, and a made-up one', async () => {
    await createOwner(app, 'cy@acme.example');
    const token = await mailedToken('cy@acme.example', '192.0.2.3');
    await test.db.query("UPDATE owner_sign_in_links SET expires_at = now() - interval '1 second'");
    assert.equal((await post('/api/auth/sign-in-link/use', { token })).status, 401);
    assert.equal((await post('/api/auth/sign-in-link/use', { token: 'x'.repeat(43) })).status, 401);
    assert.equal((await post('/api/auth/sign-in-link/use', { token: 'not a token' })).status, 400);
  });

  it('lets an owner whom wrong passwords from elsewhere have rate-limited sign in by the link', async () => {
    await createOwner(app, 'dan@acme.example');
    for (let i = 0; i < 30; i++)
      await post('/api/auth/sign-in', { email: 'dan@acme.example', password: `guess ${i}` }, `203.0.113.${i + 1}`);
    const limited = await post('/api/auth/sign-in', { email: 'dan@acme.example', password: PASSWORD }, '192.0.2.50');
    assert.equal(limited.status, 429);
    assert.match(((await limited.json()) as { message: string }).message, /sign-in link/);
    const token = await mailedToken('dan@acme.example', '192.0.2.4');
    assert.equal((await post('/api/auth/sign-in-link/use', { token }, '192.0.2.50')).status, 200);
  });
});

describe('sign-in link without SMTP', () => {
  let plain: FastifyInstance;
  before(async () => {
    plain = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, rateLimit: false });
  });
  after(() => plain?.close());

  it('is not offered, and asking for one is a 404', async () => {
    const options = await plain.inject({ method: 'GET', url: '/api/auth/sign-in-options' });
    assert.deepEqual(options.json(), { signInLink: false });
    const asked = await plain.inject({
      method: 'POST',
      url: '/api/auth/sign-in-link',
      payload: { email: 'ana@acme.example' },
    });
    assert.equal(asked.statusCode, 404);
  });
});
