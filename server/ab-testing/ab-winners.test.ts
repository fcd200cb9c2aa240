// A/B tests that apply their winner by themselves (and mail the owners), and hold out a control group, driven over
// the real server's HTTP routes.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { eventually } from '../delivery/test-receiver.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { createOwner } from '../test-support/owners.ts';
import { startSmtp } from '../test-support/smtp.ts';
import { inControlGroup } from './ab-test.ts';

let test: TestDatabase;
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

before(async () => {
  test = await openTestDatabase();
  smtp = await startSmtp();
  app = await buildApp({
    db: test.db,
    ownerToken: OWNER_TOKEN,
    rateLimit: false,
    spamMinSubmitMs: 0,
    abWinnerCheckMs: 50,
    delivery: { mail: { smtpUrl: smtp.url, from: 'Poptin <no-reply@poptin.example>' } },
  });
});
after(async () => {
  await app?.close();
  await smtp?.close();
  await test?.dispose();
});
beforeEach(async () => {
  await test.reset();
  smtp.mails.length = 0;
  await seedClient(test.configuration, { client_id: 'acme' });
  await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001', poptin_name: 'Spring A' });
  await seedPopup(test.configuration, {
    client_id: 'acme',
    poptin_id: 'acmepopup0002',
    poptin_name: 'Spring B',
    ab_test_parent_id: 'acmepopup0001',
  });
});

const owner = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${OWNER_TOKEN}` }, payload });
const settings = (payload: object) => owner('PATCH', '/api/owner/acme/ab-tests/acmepopup0001', payload);
const testOf = async () => (await owner('GET', '/api/owner/acme/ab-tests')).json().tests[0];
const display = (visitorId: string) =>
  app.inject({ method: 'POST', url: '/api/display/acme', payload: { visitor_id: visitorId } }).then((answer) => {
    assert.equal(answer.statusCode, 200, answer.body);
    return answer.json() as {
      poptins: { poptin_id: string }[];
      left_out: { poptin_id: string; blocked_by: { rule: string; reason: string }[] }[];
    };
  });

/** Views and conversions as the roll-ups would hold them after a long test. */
async function counts(rows: [string, number, number][]) {
  for (const [poptinId, views, conversions] of rows)
    await test.db.query(
      `INSERT INTO stats_daily (client_id, day, poptin_id, device, views, closes, conversions) VALUES ('acme', current_date, $1, 'desktop', $2, 0, $3)
       ON CONFLICT (client_id, day, poptin_id, device) DO UPDATE SET views = stats_daily.views + EXCLUDED.views,
         conversions = stats_daily.conversions + EXCLUDED.conversions`,
      [poptinId, views, conversions],
    );
}

describe('A/B winners applied', () => {
  it('applies the winner by itself once the verdict is in, once, and mails the owners', async () => {
    await createOwner(app, 'ana@acme.example', { sites: ['acme'] });
    const changed = await settings({ auto_apply: true });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(changed.json().test.auto_apply, true);

    // Not yet: too few views, nothing happens.
    await counts([
      ['acmepopup0001', 500, 10],
      ['acmepopup0002', 500, 40],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await testOf()).winner_applied_at, null);
    assert.equal(smtp.mails.length, 0);

    await counts([
      ['acmepopup0001', 1500, 30],
      ['acmepopup0002', 1500, 120],
    ]);
    await eventually('the winner is applied', async () => (await testOf()).winner_applied_at !== null);
    const applied = await testOf();
    assert.equal(applied.winner, 'acmepopup0002');
    assert.deepEqual(
      applied.variants.map((variant: { poptin_id: string; active: boolean }) => [variant.poptin_id, variant.active]),
      [
        ['acmepopup0001', false],
        ['acmepopup0002', true],
      ],
    );
    assert.deepEqual(
      (await display('visitor-after-the-test')).poptins.map((popup) => popup.poptin_id),
      ['acmepopup0002'],
    );
    await eventually('the owners are told', () => smtp.mails.length === 1);
    assert.deepEqual(smtp.mails[0]!.to, ['ana@acme.example']);
    assert.match(smtp.mails[0]!.data, /Subject: =\?UTF-8\?Q\?A\/B_test_=22Spring_A=22=3A_Spring_B_won_/);
    assert.match(smtp.mails[0]!.data, /The A\/B test "Spring A" of site acme has a winner/);
    // Once: the variant resumed by its owner is not paused again.
    await test.db.query("UPDATE popups SET active = true WHERE poptin_id = 'acmepopup0001'");
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(smtp.mails.length, 1);
    assert.equal((await testOf()).variants[0].active, true);
  });

  it('leaves a test alone that is not set to apply its winner, and refuses settings out of range', async () => {
    await counts([
      ['acmepopup0001', 2000, 20],
      ['acmepopup0002', 2000, 160],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const running = await testOf();
    assert.equal(running.winner, 'acmepopup0002');
    assert.equal(running.winner_applied_at, null);
    assert.ok(running.variants.every((variant: { active: boolean }) => variant.active));
    for (const bad of [
      { control_percent: 51 },
      { control_percent: -1 },
      { control_percent: 2.5 },
      { auto_apply: 'yes' },
      {},
    ])
      assert.equal((await settings(bad)).statusCode, 400, JSON.stringify(bad));
    assert.equal(
      (await owner('PATCH', '/api/owner/acme/ab-tests/acmepopup0099', { auto_apply: true })).statusCode,
      404,
    );
  });
});

describe('A/B control group', () => {
  it('holds out a stable share of visitors, says why, and reports the uplift against them with its interval', async () => {
    assert.equal((await settings({ control_percent: 20 })).statusCode, 200);
    const visitors = Array.from({ length: 200 }, (_, index) => `visitor-${index}`);
    let heldOut = 0;
    for (const visitor of visitors) {
      const answer = await display(visitor);
      const out = answer.left_out.find((entry) => entry.blocked_by.some((rule) => rule.rule === 'ab-control-group'));
      assert.equal(Boolean(out), inControlGroup(visitor, 'acmepopup0001', 20), visitor);
      if (out) {
        heldOut += 1;
        assert.deepEqual(answer.poptins, [], `${visitor} sees no variant`);
        assert.match(out.blocked_by[0]!.reason, /control group of its A\/B test \(20 % of visitors/);
        // The same visitor again: held out again.
        assert.equal((await display(visitor)).poptins.length, 0);
      } else {
        assert.equal(answer.poptins.length, 1, `${visitor} sees one variant`);
      }
    }
    assert.ok(heldOut > 20 && heldOut < 60, `about a fifth held out (${heldOut})`);

    // Every shown visitor with an even number becomes a lead, and one of the held out.
    const shown = visitors.filter((visitor) => !inControlGroup(visitor, 'acmepopup0001', 20));
    const control = visitors.filter((visitor) => inControlGroup(visitor, 'acmepopup0001', 20));
    const leads = [...shown.filter((_, index) => index % 2 === 0), control[0]!];
    for (const [index, visitor] of leads.entries()) {
      const sent = await app.inject({
        method: 'POST',
        url: `/api/display/conversion/${(await test.configuration.findPopup('acmepopup0001'))!.viewer_id}`,
        payload: { email: `p${index}@acme.example`, idempotency_key: `lead-${visitor}`, visitor_id: visitor },
      });
      assert.equal(sent.statusCode, 200, sent.body);
    }
    const figures = (await testOf()).control;
    assert.equal(figures.percent, 20);
    assert.deepEqual(
      [figures.control.visitors, figures.control.conversions, figures.exposed.visitors, figures.exposed.conversions],
      [control.length, 1, shown.length, Math.ceil(shown.length / 2)],
    );
    const pc = 1 / control.length;
    const pe = Math.ceil(shown.length / 2) / shown.length;
    assert.ok(Math.abs(figures.uplift - (pe - pc)) < 1e-6);
    const spread = 1.959964 * Math.sqrt((pc * (1 - pc)) / control.length + (pe * (1 - pe)) / shown.length);
    assert.ok(Math.abs(figures.interval[0] - (pe - pc - spread)) < 1e-5, String(figures.interval));
    assert.ok(Math.abs(figures.interval[1] - (pe - pc + spread)) < 1e-5, String(figures.interval));

    // No control group: everyone may see a variant again.
    assert.equal((await settings({ control_percent: 0 })).statusCode, 200);
    for (const visitor of control.slice(0, 5)) assert.equal((await display(visitor)).poptins.length, 1, visitor);
  });
});
