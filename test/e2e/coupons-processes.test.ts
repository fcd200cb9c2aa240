// Two display server processes on one PostgreSQL, started as `npm start` starts them: a list's codes are each given
// to one lead only whichever process takes it, and the daily deletion of old leads runs in one process only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startPostgres } from '../../scripts/postgres.mjs';
import { eventually, FIXTURES_ENV, OWNER_TOKEN, type ServerProcess, startServerProcess } from './harness.ts';

const owner = { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': 'application/json' };

describe('coupon codes and lead retention on two server processes', () => {
  let postgres: { url: string; stop(): void };
  let servers: ServerProcess[] = [];
  let sql: pg.Client;

  before(async () => {
    const started = await startPostgres();
    if (!started.server) throw new Error(`this test needs PostgreSQL (Debian package postgresql): ${started.reason}`);
    postgres = started.server;
    const env = { ...FIXTURES_ENV, DATABASE_URL: postgres.url, LEAD_RETENTION_CHECK_SECONDS: '1' };
    servers = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    sql = new pg.Client({ connectionString: postgres.url });
    await sql.connect();
  });
  after(async () => {
    await sql?.end();
    await Promise.all(servers.map((server) => server.dispose()));
    postgres?.stop();
  });

  async function widgetPopup(): Promise<{ poptin_id: string; viewer_id: string }> {
    const display = await fetch(`${servers[0]!.url}/api/display/widget`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await display.json()) as { poptins: { poptin_id: string; viewer_id: string }[] }).poptins[0]!;
  }

  it('gives each of a list’s codes to one lead only, with leads spread over both processes', async () => {
    const popup = await widgetPopup();
    const saved = await fetch(`${servers[0]!.url}/api/owner/widget/coupons`, {
      method: 'PUT',
      headers: owner,
      body: JSON.stringify({ poptinId: popup.poptin_id, kind: 'list' }),
    });
    const sourceId = ((await saved.json()) as { source: { id: number } }).source.id;
    const codes = Array.from({ length: 25 }, (_, index) => `TWO-PROC-${index}`);
    const uploaded = await fetch(`${servers[1]!.url}/api/owner/widget/coupons/${sourceId}/codes`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ csv: codes.join('\n') }),
    });
    assert.equal(uploaded.status, 200, await uploaded.clone().text());
    const answers = await Promise.all(
      Array.from({ length: 34 }, async (_, index) => {
        const response = await fetch(`${servers[index % 2]!.url}/api/display/conversion/${popup.viewer_id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `p${index}@example.org`, idempotency_key: `two-processes-${index}` }),
        });
        assert.equal(response.status, 200);
        return (await response.json()) as { conversion_id?: number; coupon_code?: string };
      }),
    );
    const given = answers.map((answer) => answer.coupon_code).filter(Boolean);
    assert.equal(given.length, 25);
    assert.equal(new Set(given).size, 25, 'no code twice');
    assert.equal(answers.filter((answer) => answer.coupon_code === '').length, 9);
    assert.ok(
      answers.every((answer) => answer.conversion_id),
      'every lead stored',
    );
  });

  it('deletes the leads past the site’s months once, though both processes look every second', async () => {
    const months = await fetch(`${servers[0]!.url}/api/owner/widget/lead-retention`, {
      method: 'PUT',
      headers: owner,
      body: JSON.stringify({ months: 1 }),
    });
    assert.equal(months.status, 200);
    await sql.query("UPDATE conversions SET created_at = now() - interval '40 days' WHERE client_id = 'widget'");
    const { rows: before } = await sql.query(
      "SELECT count(*)::int AS count FROM conversions WHERE client_id = 'widget'",
    );
    assert.ok(before[0].count > 0);
    await sql.query(
      "UPDATE scheduled_jobs SET next_run_at = now() - interval '1 second' WHERE name = 'lead-retention'",
    );
    await eventually('the old leads are deleted', async () => {
      const { rows } = await sql.query("SELECT count(*)::int AS count FROM conversions WHERE client_id = 'widget'");
      return rows[0].count === 0;
    });
    // Both processes have looked again since; the run was one.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const { rows: logged } = await sql.query(
      "SELECT leads FROM erasures WHERE client_id = 'widget' AND erased_by = 'lead retention (1 months)'",
    );
    assert.deepEqual(
      logged.map((row) => row.leads),
      [before[0].count],
    );
  });
});
