import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { HONEYPOT_FIELD, PROOF_OF_WORK_FIELD } from '../../src/core/api/contract.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { CHALLENGE_MINUTES, LeadChallenges } from './spam-challenge.ts';

const shared = useTestApp();
const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };
let popup: PopupRecord;
let key = 0;
beforeEach(async () => {
  await seedClient(shared.test.configuration);
  popup = await seedPopup(shared.test.configuration);
});

const newKey = () => `proof-of-work-${String(++key).padStart(4, '0')}`;
const convert = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: new URLSearchParams({ idempotency_key: newKey(), ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
const spamFilter = async () =>
  (await shared.app.inject({ method: 'GET', url: '/api/owner/acme/spam-filter', headers: AUTH })).json();
const requireProof = (on: boolean) =>
  shared.app.inject({
    method: 'PUT',
    url: '/api/owner/acme/spam-filter',
    headers: AUTH,
    payload: { requireProofOfWork: on },
  });
const challenge = async (poptinId = popup.poptin_id) => {
  const answer = await shared.app.inject({ method: 'GET', url: `/api/display/challenge/${poptinId}` });
  assert.equal(answer.statusCode, 200, answer.body);
  assert.equal(answer.headers['cache-control'], 'no-store');
  return answer.json().challenge as Challenge | null;
};
/** What the widget sends: the challenge and its solution, found as the page's solver finds it. */
const solved = async (given: Challenge, tamper = (payload: { challenge: Challenge; solution: object }) => payload) => {
  const solution = await solveChallenge({ challenge: given, deriveKey });
  assert.ok(solution);
  return Buffer.from(JSON.stringify(tamper({ challenge: given, solution }))).toString('base64');
};
const leads = async () =>
  (
    (await shared.app.inject({ method: 'GET', url: '/api/owner/acme/leads?spam=include', headers: AUTH })).json()
      .leads as { email: string; spam_reason: string | null }[]
  ).map((lead) => `${lead.email}:${lead.spam_reason ?? 'real'}`);

describe("proof of work: a site's forms prove a little work the visitor never sees", () => {
  it('is off by default: no challenge is given and a lead without a proof is taken', async () => {
    assert.equal((await spamFilter()).requireProofOfWork, false);
    assert.equal(await challenge(), null);
    assert.equal((await convert({ email: 'person@acme.example' })).statusCode, 200);
  });

  it('tells the page in its display answer when the site requires it, so that forms elsewhere ask for nothing', async () => {
    const displayAnswer = async () =>
      (await shared.app.inject({ method: 'POST', url: '/api/display/acme', payload: {} })).json() as {
        proof_of_work?: boolean;
      };
    assert.equal((await displayAnswer()).proof_of_work, undefined);
    await requireProof(true);
    assert.equal((await displayAnswer()).proof_of_work, true);
    await requireProof(false);
    assert.equal((await displayAnswer()).proof_of_work, undefined);
  });

  it('when on, takes a lead with a solved challenge once, and refuses its replay with a clear 403', async () => {
    assert.equal((await requireProof(true)).json().requireProofOfWork, true);
    const given = await challenge();
    assert.ok(given?.signature);
    const proof = await solved(given);
    const first = await convert({ email: 'person@acme.example', [PROOF_OF_WORK_FIELD]: proof });
    assert.equal(first.statusCode, 200, first.body);

    const replay = await convert({ email: 'bot@spam.example', [PROOF_OF_WORK_FIELD]: proof });
    assert.equal(replay.statusCode, 403);
    assert.match(replay.json().message, /already used for another lead/);
    assert.deepEqual(await leads(), ['person@acme.example:real']);

    // The outbox's retry of the same lead brings the same proof: it is the same lead, not a replay.
    const [stored] = await shared.test.db.query<{ idempotency_key: string }>('SELECT idempotency_key FROM conversions');
    const retry = await shared.app.inject({
      method: 'POST',
      url: `/api/display/conversion/${popup.viewer_id}`,
      payload: new URLSearchParams({
        idempotency_key: stored!.idempotency_key,
        email: 'person@acme.example',
        [PROOF_OF_WORK_FIELD]: proof,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.json().conversion_id, first.json().conversion_id);
    const [row] = await shared.test.db.query<{ fields: Record<string, unknown> }>('SELECT fields FROM conversions');
    assert.equal(row!.fields[PROOF_OF_WORK_FIELD], undefined, 'the proof is not kept among the fields');
  });

  it("refuses a lead without a proof, a forged one, an unsolved one, another site's and an expired one", async () => {
    await requireProof(true);
    const missing = await convert({ email: 'person@acme.example' });
    assert.equal(missing.statusCode, 403);
    assert.match(missing.json().message, /proof of work/);

    const given = (await challenge())!;
    const wrongKey = await solved(given, ({ challenge: c, solution }) => ({
      challenge: c,
      solution: { ...solution, derivedKey: '00'.repeat(32) },
    }));
    const easier = await solved(given, ({ challenge: c, solution }) => ({
      challenge: { ...c, parameters: { ...c.parameters, expiresAt: c.parameters.expiresAt! + 86_400 } },
      solution,
    }));
    for (const forged of [wrongKey, easier, Buffer.from('{"challenge":{}}').toString('base64'), 'bm90IGpzb24=']) {
      const answer = await convert({ email: 'person@acme.example', [PROOF_OF_WORK_FIELD]: forged });
      assert.equal(answer.statusCode, 403, forged);
      assert.match(answer.json().message, /not one this server gave, or is not solved/);
    }

    await seedClient(shared.test.configuration, { client_id: 'globex', name: 'Globex' });
    const globexPopup = await seedPopup(shared.test.configuration, { client_id: 'globex', poptin_id: 'globexpopup01' });
    await shared.test.db.query("UPDATE clients SET require_proof_of_work = true WHERE client_id = 'globex'");
    const theirs = await solved((await challenge(globexPopup.poptin_id))!);
    assert.equal((await convert({ email: 'person@acme.example', [PROOF_OF_WORK_FIELD]: theirs })).statusCode, 403);

    const old = await new LeadChallenges(shared.test.db).challengeFor(
      'acme',
      Date.now() - (CHALLENGE_MINUTES + 1) * 60_000,
    );
    const expired = await convert({ email: 'person@acme.example', [PROOF_OF_WORK_FIELD]: await solved(old) });
    assert.equal(expired.statusCode, 403);
    assert.match(expired.json().message, /expired: send the form again/);
    assert.deepEqual(await leads(), []);
    assert.equal((await spamFilter()).stoppedThisWeek['proof-of-work'], 7);
  });

  it('keeps the honeypot and the timing rules beside it, and lets a server with a token of the site send without', async () => {
    await requireProof(true);
    const bot = await convert({
      email: 'bot@spam.example',
      [HONEYPOT_FIELD]: 'https://spam.example',
      [PROOF_OF_WORK_FIELD]: await solved((await challenge())!),
    });
    assert.equal(bot.statusCode, 200);
    const fast = await convert({
      email: 'fast@spam.example',
      since_page_load_ms: '20',
      [PROOF_OF_WORK_FIELD]: await solved((await challenge())!),
    });
    assert.equal(fast.statusCode, 200);
    const server = await convert({ email: 'crm@acme.example' }, AUTH);
    assert.equal(server.statusCode, 200, server.body);
    const wrong = await convert({ email: 'crm@acme.example' }, { authorization: 'Bearer not-a-token' });
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual((await leads()).sort(), [
      'bot@spam.example:honeypot',
      'crm@acme.example:real',
      'fast@spam.example:impossible-timing',
    ]);
    assert.deepEqual((await spamFilter()).stoppedThisWeek, {
      honeypot: 1,
      'impossible-timing': 1,
      'disposable-domain': 0,
      'proof-of-work': 0,
    });
  });

  it("refuses a bad switch with a 400 and an unknown pop-up's challenge with a 404", async () => {
    for (const bad of [{}, { requireProofOfWork: 'yes' }])
      assert.equal(
        (await shared.app.inject({ method: 'PUT', url: '/api/owner/acme/spam-filter', headers: AUTH, payload: bad }))
          .statusCode,
        400,
      );
    assert.equal(
      (await shared.app.inject({ method: 'GET', url: '/api/display/challenge/nosuchpopup01' })).statusCode,
      404,
    );
  });
});
