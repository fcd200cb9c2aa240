import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Database, SqlRunner } from '../db/database.ts';
import { openPGlite } from '../db/pglite.ts';
import { blankDataDir, openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { seedClient, seedPopup } from '../test-support/fixtures.ts';
import { EventRepository } from './events-repository.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let test: TestDatabase;
before(async () => {
  test = await openTestDatabase();
});
after(async () => {
  await test?.dispose();
});
beforeEach(async () => {
  await test.reset();
  await seedClient(test.configuration, { client_id: 'acme' });
  await seedClient(test.configuration, { client_id: 'globex', time_zone: 'Asia/Kolkata' });
  await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
  await seedPopup(test.configuration, { client_id: 'globex', poptin_id: 'globexpopup01' });
});

const view = (store: EventRepository, poptinId = 'acmepopup0001', url = 'https://acme.example/a?x=1') =>
  store.recordView({ poptin_id: poptinId, client_id: poptinId.startsWith('acme') ? 'acme' : 'globex', url });
const close = (store: EventRepository, poptinId = 'acmepopup0001') =>
  store.recordClose({ poptin_id: poptinId, client_id: poptinId.startsWith('acme') ? 'acme' : 'globex', url: '/b' });

/** Each roll-up, by its own key, against the raw views and closes counted the same way (the site's local days). */
async function rolledAgainstRaw(db: SqlRunner): Promise<{ rolled: unknown[]; raw: unknown[]; queued: number }> {
  const localDay = `(created_at AT TIME ZONE COALESCE((SELECT time_zone FROM clients c WHERE c.client_id = e.client_id), 'UTC'))::date`;
  const raw = `SELECT client_id, poptin_id, device, poptin_page(url) AS page, ${localDay} AS day, date_trunc('hour', created_at) AS hour, 1 AS views, 0 AS closes FROM views e
    UNION ALL SELECT client_id, poptin_id, device, poptin_page(url), ${localDay}, date_trunc('hour', created_at), 0, 1 FROM closes e`;
  const keys = [
    ['stats_daily', "day::text || ' ' || device"],
    ['stats_daily_pages', "day::text || ' ' || page"],
    ['stats_hourly', "hour::text || ' ' || device"],
    ['stats_monthly_pages', "to_char(month, 'YYYY-MM') || ' ' || page"],
  ] as const;
  const rolled: unknown[] = [];
  const counted: unknown[] = [];
  for (const [table, key] of keys) {
    rolled.push(
      table,
      await db.query(
        `SELECT poptin_id, ${key} AS key, sum(views)::int AS views, sum(closes)::int AS closes FROM ${table} GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    );
    const rawKey = key.replace('month', "date_trunc('month', day)");
    counted.push(
      table,
      await db.query(
        `SELECT poptin_id, ${rawKey} AS key, sum(views)::int AS views, sum(closes)::int AS closes FROM (${raw}) events GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    );
  }
  const sitePages = (table: string) =>
    db.query(
      `SELECT client_id, day::text || ' ' || page AS key, sum(views)::int AS views, sum(closes)::int AS closes FROM ${table} GROUP BY 1, 2 ORDER BY 1, 2`,
    );
  rolled.push('stats_daily_site_pages', await sitePages('stats_daily_site_pages'));
  counted.push('stats_daily_site_pages', await sitePages('stats_daily_pages'));
  const [queued] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM pending_rollups');
  return { rolled, raw: counted, queued: queued!.count };
}

const viewsRolledUp = async (db: SqlRunner) =>
  (await db.query<{ views: number }>('SELECT COALESCE(sum(views), 0)::int AS views FROM stats_daily'))[0]!.views;

/** One connection's transaction as a Database, so that a repository's real write path runs inside it. */
function inTransaction(tx: SqlRunner, kind: Database['kind']): Database {
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (work) => work(tx),
    durable: async () => undefined,
    close: async () => undefined,
  };
}

describe('roll-ups folded in batches', () => {
  it("stores a hot pop-up's view without waiting for its roll-up rows, and the next fold counts it", async () => {
    await view(test.insights);
    await test.insights.foldRollups();
    const other = await test.openAnother?.();
    if (other) {
      // Another transaction holds the pop-up's roll-up rows, as a fold or a burst of its views would.
      let outcome = '';
      await other.transaction(async (tx) => {
        for (const table of ['stats_daily', 'stats_daily_pages', 'stats_hourly', 'stats_monthly_pages'])
          await tx.query(`SELECT 1 FROM ${table} WHERE poptin_id = 'acmepopup0001' FOR UPDATE`);
        const stored = view(test.insights).then(() => 'stored');
        const waited = waitsOnALock(other, '%INSERT INTO views%', () => outcome !== '').then((waits) =>
          waits ? 'waited for the roll-up rows' : outcome,
        );
        outcome = await Promise.race([stored, waited]);
      });
      assert.equal(outcome, 'stored');
    } else {
      // PGlite runs one statement at a time: the view's statement leaves the roll-up row alone.
      await view(test.insights);
      assert.equal(await viewsRolledUp(test.db), 1, 'the view waits for the fold');
    }
    assert.equal(await test.insights.countClientViews('acme'), 2, 'counted meanwhile from the queue');
    assert.equal(await test.insights.foldRollups(), 1);
    assert.equal(await viewsRolledUp(test.db), 2);
    assert.equal((await test.insights.popupStats('acme'))[0]!.views, 2);
  });

  it('counts every event once when two processes store and fold at the same time', async () => {
    const other = (await test.openAnother?.()) ?? test.db;
    const stores = [test.insights, new EventRepository(other)];
    let writing = true;
    const writers = stores.flatMap((store, index) =>
      [0, 1].map(async (lane) => {
        for (let n = 0; n < 60; n++) {
          const popup = (n + lane) % 3 === 0 ? 'globexpopup01' : 'acmepopup0001';
          if (n % 4 === 3) await close(store, popup);
          else await view(store, popup, `https://acme.example/${index}${lane}${n % 5}`);
        }
      }),
    );
    const folders = stores.map(async (store, index) => {
      let folded = 0;
      while (writing) folded += await store.foldRollups({ wait: index === 0 });
      return folded;
    });
    await Promise.all(writers);
    writing = false;
    const folded = (await Promise.all(folders)).reduce((sum, count) => sum + count, 0);
    const last = await test.insights.foldRollups();
    assert.equal(folded + last, 240, 'each stored event folded once, by one process or the other');
    const { rolled, raw, queued } = await rolledAgainstRaw(test.db);
    assert.equal(queued, 0);
    assert.deepEqual(rolled, raw);
  });

  it('folds an event whose transaction commits after a later one was folded', async () => {
    await view(test.insights);
    const other = await test.openAnother?.();
    if (other) {
      let commit = () => {};
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let stored = () => {};
      const late = new Promise<void>((resolve) => (stored = resolve));
      const transaction = other.transaction(async (tx) => {
        // Its queue id comes before the next view's, and it commits after that view is folded.
        await view(new EventRepository(inTransaction(tx, other.kind)), 'acmepopup0001', '/late');
        stored();
        await committed;
      });
      await late;
      await view(test.insights);
      assert.equal(await test.insights.foldRollups(), 2, 'the two committed views');
      assert.equal(await viewsRolledUp(test.db), 2);
      commit();
      await transaction;
    } else {
      // One connection commits in order; the same gap, made by hand: a queued event below the ids already folded.
      await view(test.insights);
      await test.insights.foldRollups();
      await test.db.query(
        `INSERT INTO pending_rollups (id, client_id, poptin_id, device, page, day, created_at, views) OVERRIDING SYSTEM VALUE
         VALUES (1, 'acme', 'acmepopup0001', 'unknown', '/late', current_date, now(), 1)`,
      );
      await test.db.query(
        `INSERT INTO views (poptin_id, client_id, url, created_at) VALUES ('acmepopup0001', 'acme', '/late', now())`,
      );
    }
    assert.equal(await test.insights.foldRollups(), 1, 'the late one, in the next fold');
    assert.equal(await viewsRolledUp(test.db), 3);
    const { rolled, raw, queued } = await rolledAgainstRaw(test.db);
    assert.equal(queued, 0);
    assert.deepEqual(rolled, raw);
  });

  it('a fold that fails before its commit leaves its events queued for the next one', async () => {
    for (let n = 0; n < 5; n++) await view(test.insights);
    await assert.rejects(
      test.db.transaction(async (tx) => {
        await new EventRepository(inTransaction(tx, test.db.kind)).foldRollups();
        throw new Error('the process died before the commit');
      }),
      /died/,
    );
    assert.equal(await viewsRolledUp(test.db), 0);
    assert.equal(await test.insights.foldRollups(), 5);
    assert.equal(await viewsRolledUp(test.db), 5);
  });

  it("empties the tables for the next test case after a fold under way, leaving none of the last case's roll-ups", async () => {
    await view(test.insights);
    const other = (await test.openAnother?.()) ?? test.db;
    let commit = () => {};
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let folded = () => {};
    const foldHeld = new Promise<void>((resolve) => (folded = resolve));
    const fold = other.transaction(async (tx) => {
      assert.equal(await new EventRepository(inTransaction(tx, other.kind)).foldRollups(), 1);
      folded();
      await committed;
    });
    await foldHeld;
    const reset = test.reset();
    if (other !== test.db) {
      // Until the reset waits on the fold's transaction.
      await waitsOnALock(test.db, '%DELETE FROM%');
    }
    commit();
    await Promise.all([fold, reset]);
    assert.equal(await viewsRolledUp(test.db), 0);
  });
});

/**
 * Resolves true once a PostgreSQL statement like `statement` (a LIKE pattern) waits on a lock, or false once `over`
 * says the outcome came first.
 */
async function waitsOnALock(db: Database, statement: string, over = () => false): Promise<boolean> {
  for (;;) {
    const [row] = await db.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`,
      [statement],
    );
    if (row!.waiting > 0) return true;
    if (over()) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `server/main.ts` in a process of its own on a PGlite folder; resolves with its address once it listens. */
function startServer(dataDir: string, env: Record<string, string>): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OWNER_TOKEN: 'fold-test-token',
      RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /display server on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server ended (${code}) before it listened: ${output}`)));
  });
  return { child, url };
}

describe('a server process killed between storing events and folding them', () => {
  it('loses none: the next process to fold counts each once', async () => {
    const dataDir = await blankDataDir();
    try {
      // Folds far apart, so that every view it acknowledges is still queued when it is killed.
      const server = startServer(dataDir, { ROLLUP_FOLD_MS: '3600000' });
      const url = await server.url;
      const shown = await fetch(`${url}/api/display/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'localhost' }),
      });
      const poptinId = ((await shown.json()) as { poptins: { poptin_id: string }[] }).poptins[0]!.poptin_id;
      let acknowledged = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let n = 0; n < 10; n++) {
            const response = await fetch(`${url}/api/display/viewed/${poptinId}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ url: `https://localhost/page-${n % 3}` }),
            });
            if (response.ok) acknowledged++;
          }
        }),
      );
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      await exited;

      const db = await openPGlite(dataDir);
      try {
        const [queued] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM pending_rollups');
        assert.equal(queued!.count, acknowledged, 'every acknowledged view waits in the queue');
        assert.equal(acknowledged, 40);
        const store = new EventRepository(db);
        assert.equal(await store.foldRollups(), 40);
        const { rolled, raw } = await rolledAgainstRaw(db);
        assert.deepEqual(rolled, raw);
        assert.equal(await store.foldRollups(), 0, 'and only once');
      } finally {
        await db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
