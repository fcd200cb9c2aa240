import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { HONEYPOT_FIELD } from '../../src/core/api/contract.ts';
import { buildApp } from '../app.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { readMigrations } from '../db/migrate.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';

const shared = useTestApp();
const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };
let popup: PopupRecord;
beforeEach(async () => {
  await seedClient(shared.test.configuration);
  popup = await seedPopup(shared.test.configuration, { conversion_code: '<meta name="converted">' });
});

const convert = (fields: Record<string, string>, app = shared.app) =>
  app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const view = async (app = shared.app) =>
  String(
    (
      await app.inject({
        method: 'POST',
        url: `/api/display/viewed/${popup.poptin_id}`,
        payload: { viewer_id: popup.viewer_id },
      })
    ).json().poptin_view_id,
  );
type ListedLead = { email: string; spam_reason: string | null; spam_suspicion: string | null };
const leads = async (query = '') =>
  (await shared.app.inject({ method: 'GET', url: `/api/owner/acme/leads${query}`, headers: AUTH })).json()
    .leads as ListedLead[];
const emails = async (query = '') =>
  (
    (await shared.app.inject({ method: 'GET', url: `/api/owner/acme/leads${query}`, headers: AUTH })).json().leads as {
      email: string;
      spam_reason: string | null;
    }[]
  ).map((lead) => `${lead.email}:${lead.spam_reason ?? 'real'}`);

describe('spam: only what is almost surely a bot is hidden; a quick lead is listed with its suspicion', () => {
  it('a lead that fills the hidden trap field is stored as spam and answered exactly like a real one', async () => {
    const real = await convert({
      email: 'person@acme.example',
      idempotency_key: 'spam-test-real1',
      [HONEYPOT_FIELD]: '',
    });
    const bot = await convert({
      email: 'bot@spam.example',
      idempotency_key: 'spam-test-bot01',
      [HONEYPOT_FIELD]: 'https://spam.example',
    });
    assert.equal(bot.statusCode, real.statusCode);
    const { conversion_id: botId, ...botAnswer } = bot.json();
    const { conversion_id: realId, ...realAnswer } = real.json();
    assert.deepEqual(botAnswer, realAnswer, 'a bot learns nothing from the answer');
    assert.equal(typeof botId, typeof realId);

    assert.deepEqual(await emails(), ['person@acme.example:real']);
    assert.deepEqual(await emails('?spam=only'), ['bot@spam.example:honeypot']);
    assert.deepEqual(await emails('?spam=include'), ['bot@spam.example:honeypot', 'person@acme.example:real']);
  });

  it("a lead sent less than 2 s after its view stays in the owner's list, its suspicion shown (autofill makes people fast)", async () => {
    const quick = await convert({
      email: 'autofill@acme.example',
      poptin_view_id: await view(),
      idempotency_key: 'spam-test-fast1',
      since_page_load_ms: '2400',
    });
    assert.equal(quick.statusCode, 200);
    const listed = await leads();
    assert.deepEqual(
      listed.map((lead) => [lead.email, lead.spam_reason, lead.spam_suspicion]),
      [['autofill@acme.example', null, 'fast-after-view']],
    );
    assert.deepEqual(await emails('?spam=only'), []);

    const patient = await buildApp({
      db: shared.test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: false,
      spamMinSubmitMs: 300,
    });
    try {
      const viewId = await view(patient);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await convert(
        { email: 'later@acme.example', poptin_view_id: viewId, idempotency_key: 'spam-test-late1' },
        patient,
      );
    } finally {
      await patient.close();
    }
    assert.deepEqual(
      (await leads()).map((lead) => [lead.email, lead.spam_suspicion]),
      [
        ['later@acme.example', null],
        ['autofill@acme.example', 'fast-after-view'],
      ],
    );
    const csv = (await shared.app.inject({ method: 'GET', url: '/api/owner/acme/leads.csv', headers: AUTH })).body;
    assert.match(csv.split('\n')[0]!, /,spam_reason,spam_suspicion/);
    assert.match(csv, /autofill@acme\.example.*,,fast-after-view/);
  });

  it('a lead sent less than a second after its page began to load is hidden as spam: no person is that fast', async () => {
    const bot = await convert({
      email: 'bot@spam.example',
      idempotency_key: 'spam-test-imp01',
      since_page_load_ms: '350',
    });
    const person = await convert({
      email: 'person@acme.example',
      idempotency_key: 'spam-test-imp02',
      since_page_load_ms: '1800.5',
    });
    // Not sent (another client, an older widget), or not a number: not judged on time.
    await convert({ email: 'nofield@acme.example', idempotency_key: 'spam-test-imp03' });
    await convert({ email: 'garbled@acme.example', idempotency_key: 'spam-test-imp04', since_page_load_ms: '-5' });
    assert.deepEqual([bot.statusCode, person.statusCode], [200, 200]);
    assert.deepEqual(
      Object.keys(bot.json()).sort(),
      Object.keys(person.json()).sort(),
      'a bot learns nothing from the answer',
    );
    assert.deepEqual(await emails('?spam=only'), ['bot@spam.example:impossible-timing']);
    assert.deepEqual(await emails(), [
      'garbled@acme.example:real',
      'nofield@acme.example:real',
      'person@acme.example:real',
    ]);
  });

  it('the leads a server stored as too-fast before are given back to the list, their suspicion kept', async () => {
    await convert({ email: 'old@acme.example', idempotency_key: 'spam-test-old01' });
    await shared.test.db.query("UPDATE conversions SET spam_reason = 'too-fast' WHERE email = 'old@acme.example'");
    const migration = (await readMigrations()).find((file) => file.version.startsWith('015_'))!;
    await shared.test.db.exec(migration.sql.replace(/^ALTER TABLE.*$/m, ''));
    assert.deepEqual(
      (await leads()).map((lead) => [lead.email, lead.spam_reason, lead.spam_suspicion]),
      [['old@acme.example', null, 'fast-after-view']],
    );
  });

  it('leads.csv and the stats leave spam out unless asked; an unknown spam filter is a 400', async () => {
    await convert({ email: 'person@acme.example', idempotency_key: 'spam-test-real2' });
    await convert({ email: 'bot@spam.example', idempotency_key: 'spam-test-bot02', [HONEYPOT_FIELD]: 'x' });
    const csv = async (query: string) =>
      (await shared.app.inject({ method: 'GET', url: `/api/owner/acme/leads.csv${query}`, headers: AUTH })).body;
    assert.match(await csv(''), /person@acme\.example/);
    assert.doesNotMatch(await csv(''), /bot@spam\.example/);
    assert.match(await csv('?spam=only'), /bot@spam\.example.*,honeypot,/);
    assert.doesNotMatch(await csv('?spam=only'), /person@acme/);
    const stats = (await shared.app.inject({ method: 'GET', url: '/api/owner/acme/stats', headers: AUTH })).json()
      .popups[0];
    assert.deepEqual([stats.conversions, stats.spam_conversions], [1, 1]);
    const bad = await shared.app.inject({ method: 'GET', url: '/api/owner/acme/leads?spam=maybe', headers: AUTH });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /spam/);
  });
});
