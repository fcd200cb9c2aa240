// Leads kept only as long as their site allows, through the real app: the owner's setting and what the console is
// told, the daily job deleting the old leads with their delivery logs and their events' personal fields, the
// deleted leads kept out when the visitor's outbox sends them again, and one run however many processes look.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../app.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { asConsole, createOwner, signIn } from '../test-support/owners.ts';
import { nextRunAfter } from './lead-retention.ts';

const shared = useTestApp({ delivery: { worker: false }, leadRetentionCheckMs: false });
const asAdmin = { authorization: `Bearer ${OWNER_TOKEN}` };
const DAY_MS = 86_400_000;

async function setUp() {
  await seedClient(shared.test.configuration, { client_id: 'acme' });
  await seedClient(shared.test.configuration, { client_id: 'globex', name: 'Globex' });
  const popup = await seedPopup(shared.test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
  const globex = await seedPopup(shared.test.configuration, { client_id: 'globex', poptin_id: 'globexpopup01' });
  return { popup, globex };
}

async function lead(viewerId: string, key: string, email = `${key}@example.org`) {
  const response = await shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${viewerId}`,
    payload: { email, idempotency_key: key },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as { conversion_id?: number };
}

/** Makes a stored lead (and its view and deliveries) as old as `days`. */
async function age(leadId: number, days: number) {
  await shared.test.db.query(`UPDATE conversions SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [
    leadId,
    days,
  ]);
}

const setMonths = (months: number | null) =>
  shared.app.inject({ method: 'PUT', url: '/api/owner/acme/lead-retention', headers: asAdmin, payload: { months } });

describe('how long a site keeps its leads', () => {
  it('is for ever by default; the owner chooses among the allowed months, and anything else is refused', async () => {
    await setUp();
    const first = await shared.app.inject({ method: 'GET', url: '/api/owner/acme/lead-retention', headers: asAdmin });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().months, null);
    assert.equal(first.json().leadsToRemove, 0);
    assert.equal(first.json().nextRunAt, nextRunAfter(new Date()).toISOString());
    for (const wrong of [2, 0, -1, 25, 1.5, 'forever']) {
      const refused = await shared.app.inject({
        method: 'PUT',
        url: '/api/owner/acme/lead-retention',
        headers: asAdmin,
        payload: { months: wrong },
      });
      assert.equal(refused.statusCode, 400, `${wrong}: ${refused.body}`);
    }
    assert.equal((await setMonths(6)).json().months, 6);
    assert.equal((await setMonths(null)).json().months, null);
    const unknown = await shared.app.inject({
      method: 'GET',
      url: '/api/owner/nosuchsite/lead-retention',
      headers: asAdmin,
    });
    assert.equal(unknown.statusCode, 404);
  });

  it("another site's owner can neither read nor change it", async () => {
    await setUp();
    await createOwner(shared.app, 'owner@globex.example', { sites: ['globex'] });
    const session = await signIn(shared.app, 'owner@globex.example');
    const read = await asConsole(shared.app, session, { method: 'GET', url: '/api/owner/acme/lead-retention' });
    assert.equal(read.statusCode, 403);
    const change = await asConsole(shared.app, session, {
      method: 'PUT',
      url: '/api/owner/acme/lead-retention',
      payload: { months: 1 },
    });
    assert.equal(change.statusCode, 403);
  });
});

describe('the deletion job', () => {
  it('deletes the leads older than the months with their delivery logs and personal fields, and keeps their retries out', async () => {
    const { popup, globex } = await setUp();
    const destination = await shared.app.inject({
      method: 'POST',
      url: '/api/owner/acme/destinations',
      headers: asAdmin,
      payload: { kind: 'webhook', name: 'Hook', settings: { url: 'https://hooks.example/lead' } },
    });
    assert.equal(destination.statusCode, 201, destination.body);
    const view = await shared.app.inject({
      method: 'POST',
      url: `/api/display/viewed/${popup.poptin_id}`,
      payload: { idempotency_key: 'view-key-old-1', converted_email: 'old@example.org' },
    });
    assert.equal(view.statusCode, 200, view.body);
    // The months of views that old exist on a server that ran then (event-store.ts makes them ahead).
    await shared.test.db.query(
      "SELECT poptin_ensure_event_partitions((now() - interval '120 days')::date, now()::date)",
    );
    await shared.test.db.query("UPDATE views SET created_at = now() - interval '100 days'");
    const old = await lead(popup.viewer_id, 'old-lead-key-1', 'old@example.org');
    const recent = await lead(popup.viewer_id, 'new-lead-key-1');
    const otherSite = await lead(globex.viewer_id, 'globex-lead-1');
    await age(old.conversion_id!, 100);
    await age(otherSite.conversion_id!, 400);
    await shared.test.db.query(
      `INSERT INTO delivery_attempts (delivery_id, outcome, status_code, duration_ms) SELECT id, 'failed', 500, 10 FROM deliveries`,
    );

    await shared.app.leadRetention.nextRunAt();
    const beforeSetting = await shared.app.leadRetention.runIfDue(new Date(Date.now() + 2 * DAY_MS));
    assert.deepEqual(beforeSetting, { sites: [] }, 'for ever: nothing goes');
    assert.equal((await setMonths(3)).json().leadsToRemove, 1, 'the console is told what the next run removes');

    const run = await shared.app.leadRetention.runIfDue(new Date(Date.now() + 3 * DAY_MS));
    assert.deepEqual(run, { sites: [{ clientId: 'acme', leads: 1, views: 1, closes: 0 }] });
    const leads = await shared.test.db.query<{ idempotency_key: string }>(
      'SELECT idempotency_key FROM conversions ORDER BY id',
    );
    assert.deepEqual(
      leads.map((row) => row.idempotency_key),
      ['new-lead-key-1', 'globex-lead-1'],
      'the recent lead and the other site, which keeps its leads for ever, stay',
    );
    const deliveries = await shared.test.db.query<{ conversion_id: unknown }>('SELECT conversion_id FROM deliveries');
    assert.deepEqual(
      deliveries.map((row) => Number(row.conversion_id)),
      [recent.conversion_id],
    );
    const attempts = await shared.test.db.query('SELECT 1 FROM delivery_attempts');
    assert.equal(attempts.length, 1, "the deleted lead's delivery log went with it");
    const views = await shared.test.db.query<{ converted_email: string | null }>('SELECT converted_email FROM views');
    assert.deepEqual(views, [{ converted_email: null }], 'the view stays counted, without the address');
    const erasures = await shared.app.inject({ method: 'GET', url: '/api/owner/acme/erasures', headers: asAdmin });
    assert.deepEqual(
      erasures.json().erasures.map((entry: { erased_by: string; leads: number }) => [entry.erased_by, entry.leads]),
      [['lead retention (3 months)', 1]],
    );

    const retried = await lead(popup.viewer_id, 'old-lead-key-1', 'old@example.org');
    assert.equal(retried.conversion_id, undefined, 'a retry from the outbox is let go');
    const after = await shared.test.db.query("SELECT 1 FROM conversions WHERE idempotency_key = 'old-lead-key-1'");
    assert.equal(after.length, 0, 'and not stored again');
  });

  it('runs once a day, once however many processes look', async () => {
    await setUp();
    await setMonths(1);
    const other = shared.test.openAnother ? await shared.test.openAnother() : shared.test.db;
    const second = await buildApp({
      db: other,
      ownerToken: OWNER_TOKEN,
      rateLimit: false,
      delivery: { worker: false },
      leadRetentionCheckMs: false,
    });
    try {
      const firstRun = await shared.app.leadRetention.nextRunAt();
      const due = new Date(firstRun.getTime() + 60_000);
      const runs = await Promise.all([
        shared.app.leadRetention.runIfDue(due),
        second.leadRetention.runIfDue(due),
        shared.app.leadRetention.runIfDue(due),
        second.leadRetention.runIfDue(due),
      ]);
      assert.equal(runs.filter((run) => run !== null).length, 1);
      assert.equal((await shared.app.leadRetention.nextRunAt()).getTime(), firstRun.getTime() + DAY_MS);
      assert.equal(await shared.app.leadRetention.runIfDue(due), null, 'not again that day');
    } finally {
      await second.close();
    }
  });
});
