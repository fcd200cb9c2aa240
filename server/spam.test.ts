import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { HONEYPOT_FIELD } from '../src/core/api/contract.ts';
import { buildApp } from './app.ts';
import type { PopupRecord } from './db/store.ts';
import { useTestApp } from './test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from './test-support/fixtures.ts';

const shared = useTestApp();
const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };
let popup: PopupRecord;
beforeEach(async () => {
  await seedClient(shared.test.store);
  popup = await seedPopup(shared.test.store, { conversion_code: '<meta name="converted">' });
});

const convert = (fields: Record<string, string>, app = shared.app) =>
  app.inject({ method: 'POST', url: `/api/display/conversion/${popup.viewer_id}`, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const view = async (app = shared.app) =>
  String((await app.inject({ method: 'POST', url: `/api/display/viewed/${popup.poptin_id}`, payload: { viewer_id: popup.viewer_id } })).json().poptin_view_id);
const emails = async (query = '') =>
  ((await shared.app.inject({ method: 'GET', url: `/api/owner/acme/leads${query}`, headers: AUTH })).json().leads as { email: string; spam_reason: string | null }[]).map(
    (lead) => `${lead.email}:${lead.spam_reason ?? 'real'}`,
  );

describe('spam: the honeypot and the minimum time from view to submit', () => {
  it('a lead that fills the hidden trap field is stored as spam and answered exactly like a real one', async () => {
    const real = await convert({ email: 'person@acme.example', idempotency_key: 'spam-test-real1', [HONEYPOT_FIELD]: '' });
    const bot = await convert({ email: 'bot@spam.example', idempotency_key: 'spam-test-bot01', [HONEYPOT_FIELD]: 'https://spam.example' });
    assert.equal(bot.statusCode, real.statusCode);
    const { conversion_id: botId, ...botAnswer } = bot.json();
    const { conversion_id: realId, ...realAnswer } = real.json();
    assert.deepEqual(botAnswer, realAnswer, 'a bot learns nothing from the answer');
    assert.equal(typeof botId, typeof realId);

    assert.deepEqual(await emails(), ['person@acme.example:real']);
    assert.deepEqual(await emails('?spam=only'), ['bot@spam.example:honeypot']);
    assert.deepEqual(await emails('?spam=include'), ['bot@spam.example:honeypot', 'person@acme.example:real']);
  });

  it('a lead sent less than 2 s after its view is stored as spam (too-fast); one sent later is real', async () => {
    const quick = await convert({ email: 'quick@spam.example', poptin_view_id: await view(), idempotency_key: 'spam-test-fast1' });
    assert.equal(quick.statusCode, 200);
    assert.deepEqual(await emails('?spam=only'), ['quick@spam.example:too-fast']);

    const patient = await buildApp({ db: shared.test.db, ownerToken: OWNER_TOKEN, rateLimit: false, spamMinSubmitMs: 300 });
    try {
      const viewId = await view(patient);
      const tooSoon = await convert({ email: 'soon@spam.example', poptin_view_id: viewId, idempotency_key: 'spam-test-soon1' }, patient);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const later = await convert({ email: 'later@acme.example', poptin_view_id: viewId, idempotency_key: 'spam-test-late1' }, patient);
      assert.deepEqual([tooSoon.statusCode, later.statusCode], [200, 200]);
    } finally {
      await patient.close();
    }
    assert.deepEqual(await emails(), ['later@acme.example:real']);
    // A lead whose view is unknown (its view call was lost) is not judged on time.
    await convert({ email: 'noview@acme.example', poptin_view_id: '999999', idempotency_key: 'spam-test-nov01' });
    assert.deepEqual(await emails(), ['noview@acme.example:real', 'later@acme.example:real']);
  });

  it('leads.csv and the stats leave spam out unless asked; an unknown spam filter is a 400', async () => {
    await convert({ email: 'person@acme.example', idempotency_key: 'spam-test-real2' });
    await convert({ email: 'bot@spam.example', idempotency_key: 'spam-test-bot02', [HONEYPOT_FIELD]: 'x' });
    const csv = async (query: string) => (await shared.app.inject({ method: 'GET', url: `/api/owner/acme/leads.csv${query}`, headers: AUTH })).body;
    assert.match(await csv(''), /person@acme\.example/);
    assert.doesNotMatch(await csv(''), /bot@spam\.example/);
    assert.match(await csv('?spam=only'), /bot@spam\.example.*,honeypot,/);
    assert.doesNotMatch(await csv('?spam=only'), /person@acme/);
    const stats = (await shared.app.inject({ method: 'GET', url: '/api/owner/acme/stats', headers: AUTH })).json().popups[0];
    assert.deepEqual([stats.conversions, stats.spam_conversions], [1, 1]);
    const bad = await shared.app.inject({ method: 'GET', url: '/api/owner/acme/leads?spam=maybe', headers: AUTH });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /spam/);
  });
});
