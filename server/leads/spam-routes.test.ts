import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { HONEYPOT_FIELD, SINCE_PAGE_LOAD_FIELD } from '../../src/core/api/contract.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { asConsole, createOwner, signIn } from '../test-support/owners.ts';

const shared = useTestApp();
const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };
let popup: PopupRecord;
let key = 0;
beforeEach(async () => {
  await seedClient(shared.test.configuration);
  popup = await seedPopup(shared.test.configuration);
});

const convert = (fields: Record<string, string>, viewerId = popup.viewer_id) =>
  shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${viewerId}`,
    payload: new URLSearchParams({
      idempotency_key: `spam-filter-${String(++key).padStart(4, '0')}`,
      ...fields,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const filter = (clientId = 'acme') =>
  shared.app.inject({ method: 'GET', url: `/api/owner/${clientId}/spam-filter`, headers: AUTH });
const setRefuse = (refuseDisposable: unknown) =>
  shared.app.inject({
    method: 'PUT',
    url: '/api/owner/acme/spam-filter',
    headers: AUTH,
    payload: { refuseDisposable },
  });
const spamOf = async () =>
  (
    (await shared.app.inject({ method: 'GET', url: '/api/owner/acme/leads?spam=include', headers: AUTH })).json()
      .leads as { email: string; spam_reason: string | null }[]
  )
    .map((lead) => `${lead.email}:${lead.spam_reason ?? 'real'}`)
    .sort();

describe('spam filter: throwaway e-mail domains, when the site refuses them', () => {
  it('is off by default: a lead from a throwaway domain is a real lead', async () => {
    assert.equal((await filter()).json().refuseDisposable, false);
    assert.equal((await convert({ email: 'someone@mailinator.com' })).statusCode, 200);
    assert.deepEqual(await spamOf(), ['someone@mailinator.com:real']);
  });

  it('when on, sets aside leads from a listed domain or one under it, answered like a real lead', async () => {
    const on = await setRefuse(true);
    assert.equal(on.statusCode, 200);
    assert.equal(on.json().refuseDisposable, true);
    const real = await convert({ email: 'person@acme.example' });
    const listed = await convert({ email: 'someone@Mailinator.com' });
    const under = await convert({ email: 'someone@inbox.mailinator.com' });
    // A domain that merely ends like a listed one is not under it.
    const lookalike = await convert({ email: 'someone@xmailinator.com' });
    for (const answer of [real, listed, under, lookalike]) assert.equal(answer.statusCode, 200);
    assert.deepEqual(Object.keys(listed.json()).sort(), Object.keys(real.json()).sort());
    assert.deepEqual(await spamOf(), [
      'person@acme.example:real',
      'someone@Mailinator.com:disposable-domain',
      'someone@inbox.mailinator.com:disposable-domain',
      'someone@xmailinator.com:real',
    ]);
    const off = await setRefuse(false);
    assert.equal(off.json().refuseDisposable, false);
    await convert({ email: 'later@mailinator.com' });
    assert.ok((await spamOf()).includes('later@mailinator.com:real'));
  });

  it('counts the leads each rule set aside in the last 7 days, and refuses a bad switch with a 400', async () => {
    await setRefuse(true);
    await convert({ email: 'bot@spam.example', [HONEYPOT_FIELD]: 'https://spam.example' });
    await convert({ email: 'fast@spam.example', [SINCE_PAGE_LOAD_FIELD]: '20' });
    await convert({ email: 'one@mailinator.com' });
    await convert({ email: 'two@guerrillamail.com' });
    await convert({ email: 'person@acme.example' });
    // A lead set aside two weeks ago is not of this week.
    await shared.test.db.query(
      "UPDATE conversions SET created_at = now() - interval '14 days' WHERE email = 'two@guerrillamail.com'",
    );
    assert.deepEqual((await filter()).json().stoppedThisWeek, {
      honeypot: 1,
      'impossible-timing': 1,
      'disposable-domain': 1,
      'proof-of-work': 0,
    });
    for (const bad of ['sometimes', undefined]) assert.equal((await setRefuse(bad)).statusCode, 400);
    assert.equal((await filter('nosuchsite')).statusCode, 404);
  });

  it("an owner of one site neither reads nor changes another site's filter", async () => {
    await seedClient(shared.test.configuration, { client_id: 'globex', name: 'Globex' });
    const globexPopup = await seedPopup(shared.test.configuration, { client_id: 'globex', poptin_id: 'globexpopup01' });
    await convert({ email: 'bot@spam.example', [HONEYPOT_FIELD]: 'x' }, globexPopup.viewer_id);
    await createOwner(shared.app, 'ana@acme.example', { sites: ['acme'] });
    const session = await signIn(shared.app, 'ana@acme.example');
    const own = await asConsole(shared.app, session, { method: 'GET', url: '/api/owner/acme/spam-filter' });
    assert.equal(own.statusCode, 200);
    assert.equal(own.json().stoppedThisWeek.honeypot, 0);
    const read = await asConsole(shared.app, session, { method: 'GET', url: '/api/owner/globex/spam-filter' });
    assert.equal(read.statusCode, 403);
    assert.doesNotMatch(read.body, /honeypot/);
    const change = await asConsole(shared.app, session, {
      method: 'PUT',
      url: '/api/owner/globex/spam-filter',
      payload: { refuseDisposable: true },
    });
    assert.equal(change.statusCode, 403);
    assert.equal((await filter('globex')).json().refuseDisposable, false);
  });
});
