import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { fieldMessageWords } from '../../src/console/components/field-messages.ts';
import { STRINGS } from '../../src/console/i18n/strings.ts';
import { buildApp } from '../app.ts';
import { useTestApp } from '../test-support/app.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient } from '../test-support/fixtures.ts';
import { asConsole, createOwner, OWN_ORIGIN, PASSWORD, sessionCookieOf, signIn } from '../test-support/owners.ts';
import { ensureDemoOwner } from './demo-owner.ts';

const shared = useTestApp();

/** The fields of a 400 whose message the console has no Hebrew words for (src/console/components/field-messages.ts). */
const untranslated = (answer: { json(): { fields: { field: string; message: string }[] } }) =>
  answer.json().fields.filter(({ message }) => fieldMessageWords(message, (key) => STRINGS.he[key]) === message);

describe('sign-in', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie and answers the owner; /me then knows them', async () => {
    await seedClient(shared.test.configuration);
    await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'Ana@Acme.example', password: PASSWORD },
      headers: { origin: OWN_ORIGIN },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().owner.email, 'ana@acme.example');
    assert.equal(response.json().owner.passwordHash, undefined);
    const [cookie, browser] = [response.headers['set-cookie'] ?? []].flat();
    assert.match(cookie!, /^poptin_session=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    assert.match(browser!, /^poptin_browser=[\w-]{43}; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const me = await asConsole(shared.app, sessionCookieOf(cookie)!, { method: 'GET', url: '/api/auth/me' });
    assert.equal(me.statusCode, 200);
    assert.deepEqual(me.json().sites, [
      {
        clientId: 'acme',
        name: 'Acme',
        language: 'en',
        allowedOrigins: ['https://acme.example'],
        timeZone: null,
        emailSenderName: null,
        emailReplyTo: null,
        privacyUrl: null,
      },
    ]);
    assert.deepEqual(
      { ...me.json().owner, id: 0 },
      { id: 0, email: 'ana@acme.example', name: 'ana', isAdmin: false, language: 'en' },
    );
  });

  it('answers 401 "Wrong email or password" for a wrong password and for an unknown e-mail alike', async () => {
    await createOwner(shared.app, 'ana@acme.example');
    for (const payload of [
      { email: 'ana@acme.example', password: 'not the password' },
      { email: 'nobody@acme.example', password: PASSWORD },
    ]) {
      const response = await shared.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().message, 'Wrong email or password');
      assert.equal(response.headers['set-cookie'], undefined);
    }
  });

  it('never stores the session id or the password as sent', async () => {
    await createOwner(shared.app, 'ana@acme.example');
    const session = await signIn(shared.app, 'ana@acme.example');
    const [owner] = await shared.test.db.query<{ password_hash: string }>('SELECT password_hash FROM owners');
    assert.match(owner!.password_hash, /^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    assert.ok(!owner!.password_hash.includes(PASSWORD));
    const sessions = await shared.test.db.query<{ id_sha256: string }>('SELECT id_sha256 FROM owner_sessions');
    assert.equal(sessions.length, 1);
    assert.notEqual(sessions[0]!.id_sha256, session);
  });

  it('is not marked Secure on the word of an X-Forwarded-Proto header when no proxy is trusted', async () => {
    await createOwner(shared.app, 'ana@acme.example');
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'ana@acme.example', password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    assert.equal(response.statusCode, 200);
    assert.doesNotMatch(String(response.headers['set-cookie']), /Secure/);
  });

  it('refuses a sign-in posted from another site', async () => {
    await createOwner(shared.app, 'ana@acme.example');
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'ana@acme.example', password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().message, 'Cross-site request refused');
  });
});

describe('session fixation', () => {
  it('starts a new session id at every sign-in and ends the one the browser arrived with', async () => {
    await createOwner(shared.app, 'ana@acme.example');
    const first = await signIn(shared.app, 'ana@acme.example');
    const second = await signIn(shared.app, 'ana@acme.example', PASSWORD, { cookie: `poptin_session=${first}` });
    assert.notEqual(second, first);
    assert.equal((await asConsole(shared.app, first, { method: 'GET', url: '/api/auth/me' })).statusCode, 401);
    assert.equal((await asConsole(shared.app, second, { method: 'GET', url: '/api/auth/me' })).statusCode, 200);
  });

  it('does not adopt an id planted in the cookie before sign-in', async () => {
    await createOwner(shared.app, 'ana@acme.example');
    const planted = 'A'.repeat(43);
    const session = await signIn(shared.app, 'ana@acme.example', PASSWORD, { cookie: `poptin_session=${planted}` });
    assert.notEqual(session, planted);
    assert.equal((await asConsole(shared.app, planted, { method: 'GET', url: '/api/auth/me' })).statusCode, 401);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without an Origin or from a foreign one, and takes it from the console', async () => {
    await seedClient(shared.test.configuration);
    await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
    const session = await signIn(shared.app, 'ana@acme.example');
    const write = (origin: string | null, url: string) =>
      asConsole(shared.app, session, { method: 'PATCH', url, payload: { name: 'Renamed' }, origin });
    for (const url of ['/api/owner/acme/site', '/api/auth/me']) {
      for (const origin of [null, 'https://evil.example', 'http://localhost:8080', 'null']) {
        const response = await write(origin, url);
        assert.equal(response.statusCode, 403, `${url} from ${origin}`);
        assert.equal(response.json().message, 'Cross-site request refused');
      }
    }
    assert.equal((await shared.test.configuration.findClient('acme'))?.name, 'Acme', 'nothing changed');
    assert.equal((await write(OWN_ORIGIN, '/api/owner/acme/site')).statusCode, 200);
    assert.equal((await shared.test.configuration.findClient('acme'))?.name, 'Renamed');
  });

  it('keeps bearer tokens free of the Origin check (no cookie involved)', async () => {
    await seedClient(shared.test.configuration);
    const response = await shared.app.inject({
      method: 'PATCH',
      url: '/api/owner/acme/site',
      payload: { name: 'By script' },
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    assert.equal(response.statusCode, 200, response.body);
  });
});

describe('sign-out and password', () => {
  it('signs out this session only, or every session of the owner', async () => {
    await createOwner(shared.app, 'ana@acme.example');
    const [laptop, phone, tablet] = [
      await signIn(shared.app, 'ana@acme.example'),
      await signIn(shared.app, 'ana@acme.example'),
      await signIn(shared.app, 'ana@acme.example'),
    ];
    const out = await asConsole(shared.app, laptop, { method: 'POST', url: '/api/auth/sign-out' });
    assert.equal(out.statusCode, 204);
    assert.match(String(out.headers['set-cookie']), /^poptin_session=; Path=\/; Max-Age=0/);
    const me = (session: string) =>
      asConsole(shared.app, session, { method: 'GET', url: '/api/auth/me' }).then((response) => response.statusCode);
    assert.deepEqual([await me(laptop), await me(phone), await me(tablet)], [401, 200, 200]);
    assert.equal(
      (await asConsole(shared.app, phone, { method: 'POST', url: '/api/auth/sign-out-everywhere' })).statusCode,
      204,
    );
    assert.deepEqual([await me(phone), await me(tablet)], [401, 401]);
  });

  it('changes the password, ending the other sessions, and names the field it refuses', async () => {
    await createOwner(shared.app, 'ana@acme.example');
    const here = await signIn(shared.app, 'ana@acme.example');
    const elsewhere = await signIn(shared.app, 'ana@acme.example');
    const change = (payload: object) =>
      asConsole(shared.app, here, { method: 'POST', url: '/api/auth/password', payload });
    const short = await change({ currentPassword: PASSWORD, newPassword: 'short' });
    assert.equal(short.statusCode, 400);
    assert.deepEqual(short.json().fields, [{ field: 'newPassword', message: 'must be at least 10 characters' }]);
    const wrong = await change({ currentPassword: 'not it at all', newPassword: 'a new long password' });
    assert.deepEqual(
      wrong.json().fields.map((field: { field: string }) => field.field),
      ['currentPassword'],
    );
    assert.deepEqual([...untranslated(short), ...untranslated(wrong)], [], 'a Hebrew owner reads each in Hebrew');
    assert.equal((await change({ currentPassword: PASSWORD, newPassword: 'a new long password' })).statusCode, 204);
    assert.equal((await asConsole(shared.app, here, { method: 'GET', url: '/api/auth/me' })).statusCode, 200);
    assert.equal((await asConsole(shared.app, elsewhere, { method: 'GET', url: '/api/auth/me' })).statusCode, 401);
    await signIn(shared.app, 'ana@acme.example', 'a new long password');
  });

  it('updates the name and language of the signed-in owner', async () => {
    await createOwner(shared.app, 'ana@acme.example');
    const session = await signIn(shared.app, 'ana@acme.example');
    const response = await asConsole(shared.app, session, {
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { name: 'Ana Levi', language: 'he' },
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual([response.json().owner.name, response.json().owner.language], ['Ana Levi', 'he']);
    assert.equal(
      (await asConsole(shared.app, session, { method: 'PATCH', url: '/api/auth/me', payload: { language: 'fr' } }))
        .statusCode,
      400,
    );
  });
});

describe('password rules', () => {
  it('refuses a password of spaces only or a common one, wherever a password is set, and says why', async () => {
    await createOwner(shared.app, 'root@example.com', { isAdmin: true });
    const admin = await signIn(shared.app, 'root@example.com');
    const create = (password: string) =>
      asConsole(shared.app, admin, {
        method: 'POST',
        url: '/api/admin/owners',
        payload: { email: 'bo@globex.example', name: 'Bo', password },
      });
    const spaces = await create(' '.repeat(12));
    assert.equal(spaces.statusCode, 400);
    assert.deepEqual(spaces.json().fields, [{ field: 'password', message: 'must not be only spaces' }]);
    const tabs = await create('\t \n'.repeat(4));
    assert.equal(tabs.statusCode, 400);
    const common = await create('1234567890');
    assert.equal(common.statusCode, 400);
    assert.deepEqual(common.json().fields, [
      { field: 'password', message: 'is one of the most common passwords: choose one nobody would guess' },
    ]);
    assert.equal((await create('QwertyUiop')).statusCode, 400, 'whatever its case');
    const badEmail = await asConsole(shared.app, admin, {
      method: 'POST',
      url: '/api/admin/owners',
      payload: { email: 'bo at globex', name: 'Bo', password: ' '.repeat(12) },
    });
    assert.deepEqual(
      badEmail.json().fields.map((field: { field: string }) => field.field),
      ['email', 'password'],
    );
    assert.deepEqual([...untranslated(spaces), ...untranslated(common), ...untranslated(badEmail)], []);

    const bo = await createOwner(shared.app, 'bo@globex.example');
    const reset = await asConsole(shared.app, admin, {
      method: 'PATCH',
      url: `/api/admin/owners/${bo.id}`,
      payload: { password: 'password123' },
    });
    assert.equal(reset.statusCode, 400);
    const change = await asConsole(shared.app, admin, {
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: PASSWORD, newPassword: '1q2w3e4r5t' },
    });
    assert.equal(change.statusCode, 400);
    assert.deepEqual(change.json().fields, [
      { field: 'newPassword', message: 'is one of the most common passwords: choose one nobody would guess' },
    ]);
    await signIn(shared.app, 'root@example.com');
  });
});

describe('admin', () => {
  it('lets an admin create, change and delete owners and their sites; anyone else gets 403', async () => {
    await seedClient(shared.test.configuration);
    await seedClient(shared.test.configuration, { client_id: 'globex' });
    await createOwner(shared.app, 'root@example.com', { isAdmin: true });
    await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
    const admin = await signIn(shared.app, 'root@example.com');
    const ana = await signIn(shared.app, 'ana@acme.example');
    assert.equal((await asConsole(shared.app, ana, { method: 'GET', url: '/api/admin/owners' })).statusCode, 403);
    assert.equal(
      (
        await asConsole(shared.app, ana, {
          method: 'POST',
          url: '/api/admin/owners',
          payload: { email: 'x@y.z', name: 'x', password: PASSWORD },
        })
      ).statusCode,
      403,
    );

    const created = await asConsole(shared.app, admin, {
      method: 'POST',
      url: '/api/admin/owners',
      payload: { email: 'bo@globex.example', name: 'Bo', password: PASSWORD, sites: ['globex'] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const bo = created.json().owner;
    assert.deepEqual([bo.email, bo.isAdmin, bo.sites], ['bo@globex.example', false, ['globex']]);
    assert.equal(
      (
        await asConsole(shared.app, admin, {
          method: 'POST',
          url: '/api/admin/owners',
          payload: { email: 'BO@globex.example', name: 'Bo', password: PASSWORD },
        })
      ).statusCode,
      409,
    );
    const weak = await asConsole(shared.app, admin, {
      method: 'POST',
      url: '/api/admin/owners',
      payload: { email: 'not-an-email', name: 'C', password: 'short' },
    });
    assert.deepEqual(
      weak.json().fields.map((field: { field: string }) => field.field),
      ['email', 'password'],
    );

    const boSession = await signIn(shared.app, 'bo@globex.example');
    const changed = await asConsole(shared.app, admin, {
      method: 'PATCH',
      url: `/api/admin/owners/${bo.id}`,
      payload: { sites: ['acme', 'globex'], password: 'another long password' },
    });
    assert.deepEqual(changed.json().owner.sites, ['acme', 'globex']);
    assert.equal(
      (await asConsole(shared.app, boSession, { method: 'GET', url: '/api/auth/me' })).statusCode,
      401,
      'a password set by the admin ends the sessions',
    );
    const listed = (await asConsole(shared.app, admin, { method: 'GET', url: '/api/admin/owners' })).json().owners;
    assert.deepEqual(
      listed.map((owner: { email: string }) => owner.email),
      ['ana@acme.example', 'bo@globex.example', 'root@example.com'],
    );
    assert.equal(
      (await asConsole(shared.app, admin, { method: 'DELETE', url: `/api/admin/owners/${bo.id}` })).statusCode,
      204,
    );
    assert.equal(
      (await asConsole(shared.app, admin, { method: 'DELETE', url: `/api/admin/owners/${bo.id}` })).statusCode,
      404,
    );
  });
});

describe('demo owner', () => {
  it('is created once, an admin granted every site, with the given password; a later start changes nothing', async () => {
    await seedClient(shared.test.configuration);
    const { accounts, sites } = shared.app.ownerSide;
    assert.equal(await ensureDemoOwner(accounts, sites, 'the demo password'), 'the demo password');
    assert.equal(await ensureDemoOwner(accounts, sites, 'another password'), null);
    const session = await signIn(shared.app, 'owner@example.com', 'the demo password');
    const me = (await asConsole(shared.app, session, { method: 'GET', url: '/api/auth/me' })).json();
    assert.equal(me.owner.isAdmin, true);
    assert.deepEqual(
      me.sites.map((site: { clientId: string }) => site.clientId),
      ['acme'],
    );
    assert.deepEqual(await accounts.grantedSites(me.owner.id), ['acme']);
  });
});

describe('brute force', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  before(async () => {
    test = await openTestDatabase();
    app = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      signInLimits: {
        perAddress: { capacity: 6, windowMs: 60_000 },
        perEmailAndAddress: { capacity: 2, windowMs: 60_000 },
        perEmail: { capacity: 3, windowMs: 60_000 },
      },
    });
  });
  after(async () => {
    await app.close();
    await test.dispose();
  });

  const attempt = (email: string, password: string, ip = '203.0.113.1') =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: ip });

  it('answers 429 with Retry-After once an e-mail had too many wrong passwords from one address', async () => {
    await createOwner(app, 'ana@acme.example');
    for (let i = 0; i < 2; i++) assert.equal((await attempt('ana@acme.example', `guess ${i}`)).statusCode, 401);
    const locked = await attempt('ana@acme.example', PASSWORD);
    assert.equal(locked.statusCode, 429);
    assert.ok(Number(locked.headers['retry-after']) >= 1);
    assert.equal((await attempt('ana@acme.example', PASSWORD, '198.51.100.200')).statusCode, 200, 'another address');
  });

  it('answers 429 to browsers new to an e-mail once it had too many wrong passwords from anywhere', async () => {
    await createOwner(app, 'bo@acme.example');
    for (let i = 0; i < 3; i++)
      assert.equal((await attempt('bo@acme.example', `guess ${i}`, `198.51.100.${i}`)).statusCode, 401);
    assert.equal((await attempt('bo@acme.example', PASSWORD, '198.51.100.201')).statusCode, 429);
    assert.equal((await attempt('cy@acme.example', 'guess', '198.51.100.202')).statusCode, 401, 'another e-mail');
  });

  it('answers 429 once an address had too many wrong sign-ins, whatever the e-mail', async () => {
    for (let i = 0; i < 6; i++)
      assert.equal((await attempt(`user${i}@acme.example`, 'guess', '192.0.2.7')).statusCode, 401);
    assert.equal((await attempt('user9@acme.example', 'guess', '192.0.2.7')).statusCode, 429);
    assert.equal((await attempt('user9@acme.example', 'guess', '192.0.2.8')).statusCode, 401);
  });
});

describe('Secure cookie', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  before(async () => {
    test = await openTestDatabase();
    app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, rateLimit: false, trustProxy: { hops: 1 } });
  });
  after(async () => {
    await app.close();
    await test.dispose();
  });

  it('is marked Secure when a trusted proxy says the request came over HTTPS', async () => {
    await createOwner(app, 'ana@acme.example');
    const overHttps = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'ana@acme.example', password: PASSWORD },
      headers: {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'console.acme.example',
        origin: 'https://console.acme.example',
      },
    });
    assert.equal(overHttps.statusCode, 200, overHttps.body);
    assert.match(String(overHttps.headers['set-cookie']), /; Secure$/);
  });
});
