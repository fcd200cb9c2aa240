import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldMessageWords } from '../../src/console/components/field-messages.ts';
import { STRINGS } from '../../src/console/i18n/strings.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient } from '../test-support/fixtures.ts';
import { ORIGINS_KEPT_PER_SITE } from './installation.ts';

const shared = useTestApp();
const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  shared.app.inject({ method, url: `/api/owner${url}`, headers: { authorization: `Bearer ${OWNER_TOKEN}` }, payload });
/** A visitor's browser on `origin` asks for the site's pop-ups, as the loader does. */
const displayCallFrom = (origin: string, clientId = 'acme') =>
  shared.app.inject({
    method: 'POST',
    url: `/api/display/${clientId}`,
    headers: { origin, 'content-type': 'application/json' },
    payload: {},
  });

describe("a site's installation, from its display calls", () => {
  it('says where the snippet was seen, and names an origin that calls but is not allowed', async () => {
    await seedClient(shared.test.configuration, { client_id: 'acme', allowed_origins: ['https://acme.example'] });
    assert.deepEqual((await asAdmin('GET', '/acme/site')).json().installation, { origins: [] }, 'not seen yet');

    assert.equal((await displayCallFrom('https://acme.example')).statusCode, 200);
    await displayCallFrom('https://acme.example');
    const refused = await displayCallFrom('https://staging.acme.example');
    assert.equal(refused.statusCode, 403, 'the refused origin is refused');
    await shared.app.originsSeen.flush();

    const { origins } = (await asAdmin('GET', '/acme/site')).json().installation;
    const byOrigin = Object.fromEntries(
      origins.map((seen: { origin: string; allowed: boolean; calls: number; lastSeenAt: string }) => [
        seen.origin,
        [seen.allowed, seen.calls, Date.now() - Date.parse(seen.lastSeenAt) < 60_000],
      ]),
    );
    assert.deepEqual(byOrigin, {
      'https://acme.example': [true, 2, true],
      'https://staging.acme.example': [false, 1, true],
    });

    const allowed = await asAdmin('PATCH', '/acme/site', {
      allowedOrigins: ['https://acme.example', 'https://staging.acme.example'],
    });
    assert.equal(allowed.statusCode, 200, allowed.body);
    assert.equal((await displayCallFrom('https://staging.acme.example')).statusCode, 200, 'allowed from the console');
    await shared.app.originsSeen.flush();
    const after = (await asAdmin('GET', '/acme/site')).json().installation.origins;
    assert.equal(
      after.find((seen: { origin: string }) => seen.origin === 'https://staging.acme.example').allowed,
      true,
    );
  });

  it(`keeps the ${ORIGINS_KEPT_PER_SITE} origins seen last, whatever Origin headers arrive, and none of another site`, async () => {
    await seedClient(shared.test.configuration, { client_id: 'acme' });
    await seedClient(shared.test.configuration, { client_id: 'other', allowed_origins: ['https://other.example'] });
    for (let round = 0; round < 3; round++) {
      for (let index = 0; index < 15; index++) await displayCallFrom(`https://r${round}-${index}.spam.example`);
      await shared.app.originsSeen.flush();
    }
    await displayCallFrom('https://other.example', 'other');
    await shared.app.originsSeen.flush();
    const origins = (await asAdmin('GET', '/acme/site')).json().installation.origins as { origin: string }[];
    assert.equal(origins.length, ORIGINS_KEPT_PER_SITE);
    assert.ok(
      origins.some((seen) => seen.origin.startsWith('https://r2-')),
      'the newest are kept',
    );
    assert.equal(
      origins.some((seen) => seen.origin.startsWith('https://r0-')),
      false,
      'the oldest are dropped',
    );
    assert.equal(
      origins.some((seen) => seen.origin === 'https://other.example'),
      false,
    );
  });
});

describe("a site's settings from the console", () => {
  it('creates a site from its address, deriving its origin and name, and edits its time zone', async () => {
    const created = await asAdmin('POST', '/sites', { address: 'shop.example/home', language: 'en' });
    assert.equal(created.statusCode, 201, created.body);
    const { site } = created.json();
    assert.deepEqual([site.name, site.allowedOrigins, site.timeZone], ['shop.example', ['https://shop.example'], null]);

    const zoned = await asAdmin('PATCH', `/${site.clientId}/site`, { timeZone: 'America/New_York' });
    assert.equal(zoned.json().site.timeZone, 'America/New_York');
    // The current IANA names of zones this Node.js lists by their older names (Asia/Calcutta, Europe/Kiev).
    for (const timeZone of ['Asia/Kolkata', 'Europe/Kyiv']) {
      const renamed = await asAdmin('PATCH', `/${site.clientId}/site`, { timeZone });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal(renamed.json().site.timeZone, timeZone);
    }
    const wrong = await asAdmin('PATCH', `/${site.clientId}/site`, { timeZone: 'Mars/Olympus' });
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.body, /not a time zone/);
    const badAddress = await asAdmin('POST', '/sites', { address: 'javascript:alert(1)' });
    assert.equal(badAddress.statusCode, 400);
    assert.match(badAddress.body, /not a web address/);
    // The name left empty, as its label allows, is the address's to give: the address alone is to fix.
    const unreadable = await asAdmin('POST', '/sites', { address: 'shop dot example', language: 'en' });
    assert.equal(unreadable.statusCode, 400);
    assert.deepEqual(
      unreadable.json().fields.map((problem: { field: string }) => problem.field),
      ['address'],
    );
  });
});

describe("what the site's routes say of a field, as the console says it", () => {
  it('has the words of each message in Hebrew as well, so that a Hebrew owner reads no English', async () => {
    const hebrew = (key: keyof typeof STRINGS.he) => STRINGS.he[key];
    const created = await asAdmin('POST', '/sites', {
      address: 'shop dot example',
      clientId: 'sites',
      name: '',
      allowedOrigins: ['not an origin', 'https://shop.example/home'],
      timeZone: 'Mars/Olympus',
    });
    await seedClient(shared.test.configuration);
    const settings = await asAdmin('PATCH', '/acme/site', {
      name: '',
      emailSenderName: 'Shop <shop@example.com>',
      emailReplyTo: 'not an address',
      privacyUrl: 'ftp://shop.example/privacy',
    });
    const messages = [created, settings].flatMap((answer) => {
      assert.equal(answer.statusCode, 400, answer.body);
      return answer.json().fields as { field: string; message: string }[];
    });
    assert.deepEqual(
      messages.map(({ field }) => field),
      [
        'address',
        'clientId',
        'name',
        'allowedOrigins.0',
        'allowedOrigins.1',
        'timeZone',
        'name',
        'emailSenderName',
        'emailReplyTo',
        'privacyUrl',
      ],
    );
    const untranslated = messages.filter(({ message }) => fieldMessageWords(message, hebrew) === message);
    assert.deepEqual(untranslated, []);
  });
});
