// `npm run bench:hot-popup` (also a part of `npm run bench`, BENCH_PARTS=hot): one pop-up's views, as a viral
// pop-up gets them, stored through the event write path (EventRepository.recordView) by 8 connections at once on
// PostgreSQL, each storing its next view as soon as the last is stored, for 10 s a case (HOT_BENCH_SECONDS).
// Two cases, each in a fresh schema: the roll-ups counted in the statement that stores the view (the write path
// before migration 070, kept here as it was), then the view queued and folded into the roll-ups every 2 s
// (ROLLUP_FOLD_MS's default) by the same process. Prints views/s, the p50 and p95 of a write, what the folds cost,
// and whether the roll-ups then equal the raw views. PostgreSQL is DATABASE_URL, else a throwaway server with
// PostgreSQL's defaults (fsync on), scripts/postgres.mjs. The load comes from this process: run it alone.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Database } from '../server/db/database.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { DEFAULT_ROLLUP_FOLD_MS, rollupCtes } from '../server/insights/events-repository.ts';
import { openRepositories } from '../server/repositories.ts';
import { startPostgres } from './postgres.mjs';

const CONNECTIONS = 8;
const SECONDS = Number(process.env.HOT_BENCH_SECONDS ?? 10);
const SITE = 'hot';
const POPUP = 'hotpopup00001';

export interface HotPopupResult {
  label: string;
  views: number;
  perSecond: number;
  p50: number;
  p95: number;
  /** The folds run during the load and the one after it. */
  folds: { count: number; rows: number; totalMs: number; maxMs: number } | null;
  rolledUpEqualsRaw: boolean;
}

/** The statement that stored a view before migration 070: the view and its roll-ups, together. */
function recordViewAtInsert(db: Database, key: string): Promise<unknown> {
  return db.query(
    `WITH key AS (
       INSERT INTO event_keys (kind, idempotency_key, event_id) SELECT 'view', $4::text, nextval('view_ids') WHERE $4::text IS NOT NULL
       ON CONFLICT (kind, idempotency_key) DO NOTHING RETURNING event_id
     ), stored AS (
       INSERT INTO views (id, poptin_id, client_id, url, idempotency_key, device, created_at)
       SELECT COALESCE((SELECT event_id FROM key), nextval('view_ids')), $1, $2, $3, $4, $5, now()
       WHERE $4::text IS NULL OR EXISTS (SELECT 1 FROM key)
       RETURNING id, client_id, poptin_id, device, url, created_at
     ), ${rollupCtes('stored', 'views')}
     SELECT id FROM stored`,
    [POPUP, SITE, 'https://hot.example/landing', key, 'mobile'],
  );
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;

async function measure(url: string, schema: string, queued: boolean): Promise<HotPopupResult> {
  const admin = await openPostgres(url);
  await admin.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openPostgres(scoped.toString());
  try {
    await runMigrations(db);
    const store = openRepositories(db);
    await store.configuration.ensureClient(SITE);
    await db.query("UPDATE clients SET time_zone = 'Europe/London' WHERE client_id = $1", [SITE]);
    const write = queued
      ? (key: string) =>
          store.insights.recordView({
            poptin_id: POPUP,
            client_id: SITE,
            url: 'https://hot.example/landing',
            device: 'mobile',
            idempotency_key: key,
          })
      : (key: string) => recordViewAtInsert(db, key);
    await write('warm-up');

    const folds = { count: 0, rows: 0, totalMs: 0, maxMs: 0 };
    const fold = async () => {
      const started = performance.now();
      const rows = await store.insights.foldRollups();
      const took = performance.now() - started;
      folds.count++;
      folds.rows += rows;
      folds.totalMs += took;
      folds.maxMs = Math.max(folds.maxMs, took);
    };
    let folding: Promise<void> = Promise.resolve();
    const timer = queued
      ? setInterval(() => {
          folding = folding.then(fold);
        }, DEFAULT_ROLLUP_FOLD_MS)
      : null;

    const latencies: number[] = [];
    const stamp = Date.now();
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, lane) => {
        for (let n = 0; performance.now() < end; n++) {
          const started = performance.now();
          await write(`view-${stamp}-${lane}-${n}`);
          latencies.push(performance.now() - started);
        }
      }),
    );
    if (timer) clearInterval(timer);
    await folding;
    if (queued) await fold();

    const [check] = await db.query<{ raw: number; rolled: number }>(
      'SELECT (SELECT count(*)::int FROM views) AS raw, (SELECT COALESCE(sum(views), 0)::int FROM stats_daily) AS rolled',
    );
    latencies.sort((a, b) => a - b);
    return {
      label: queued ? `queued, folded every ${DEFAULT_ROLLUP_FOLD_MS / 1000} s` : 'roll-ups at insert (before 070)',
      views: latencies.length,
      perSecond: latencies.length / SECONDS,
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      folds: queued ? folds : null,
      rolledUpEqualsRaw: check!.raw === check!.rolled,
    };
  } finally {
    await db.close();
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}

function print(result: HotPopupResult): void {
  const fold = result.folds
    ? `   ${result.folds.count} folds of ${result.folds.rows.toLocaleString('en')} views: ${(result.folds.totalMs / result.folds.count).toFixed(0)} ms each on average, max ${result.folds.maxMs.toFixed(0)} ms, ${((result.folds.rows / result.folds.totalMs) * 1000).toFixed(0)} views/s folded`
    : '';
  console.log(
    `${result.label.padEnd(32)} ${result.perSecond.toFixed(0).padStart(6)} views/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms` +
      `   roll-ups equal raw views: ${result.rolledUpEqualsRaw ? 'yes' : 'NO'}${fold}`,
  );
}

/** Both cases on DATABASE_URL or a throwaway PostgreSQL; false when a check failed, null when not measured. */
export async function benchHotPopup(): Promise<boolean | null> {
  console.log(
    `\nOne hot pop-up's views: ${CONNECTIONS} connections, ${SECONDS} s a case, PostgreSQL; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} at start`,
  );
  const given = process.env.DATABASE_URL;
  const started = given ? null : await startPostgres({ fsync: true });
  const url = given ?? started?.server?.url;
  if (!url) {
    console.log(`PostgreSQL not measured: ${started?.reason}`);
    return null;
  }
  try {
    const results = [
      await measure(url, 'poptin_bench_hot_at_insert', false),
      await measure(url, 'poptin_bench_hot_queued', true),
    ];
    results.forEach(print);
    return results.every((result) => result.rolledUpEqualsRaw);
  } finally {
    started?.server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if ((await benchHotPopup()) === false) process.exitCode = 1;
}
