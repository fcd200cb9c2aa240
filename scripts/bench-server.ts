// The owner side at scale: one site with BENCH_EVENTS views and closes (10,000,000 by default) and BENCH_LEADS
// leads (1,000,000), loaded in bulk with generate_series, then the figures the console depends on:
//   - the 90-day stats report (roll-ups), p50 and p99 (budget: p99 under 200 ms),
//   - a page of leads, first and deep along the cursors, p99 (budget: under 100 ms),
//   - events stored one by one through the server's own path (idempotency key, roll-ups in the same statement), per second,
//   - the disk used.
// PostgreSQL: DATABASE_URL, else a throwaway server (scripts/postgres.mjs, Debian's binaries). PGlite: --pglite; its
// default sizes are a tenth, since it loads on one thread (say BENCH_EVENTS to change them).

import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../server/db/database.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { openPGlite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { splitByMonths, statsReport } from '../server/insights/stats.ts';
import { leadsListing, readLeadCursor } from '../server/leads/leads.ts';
import { openRepositories } from '../server/repositories.ts';
import { startPostgres } from './postgres.mjs';

const usePglite = process.argv.includes('--pglite');
const EVENTS = Number(process.env.BENCH_EVENTS ?? (usePglite ? 1_000_000 : 10_000_000));
const LEADS = Number(process.env.BENCH_LEADS ?? (usePglite ? 100_000 : 1_000_000));
const DAYS = 120;
const POPUPS = 10;
const PAGES = 200;
const CHUNK = 1_000_000;
const RUNS = 60;
const INSERTS = Number(process.env.BENCH_INSERTS ?? 5_000);
const CLIENT = 'benchsite';
// The site's days are its time zone's (server/insights/events-repository.ts rollupCtes): one with a clock change.
const TIME_ZONE = process.env.BENCH_TIME_ZONE ?? 'America/New_York';

const STATS_BUDGET_MS = 200;
const LEADS_BUDGET_MS = 100;

const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(1);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(
  runs: number,
  work: (run: number) => Promise<unknown>,
): Promise<{ p50: number; p99: number; times: number[] }> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work(run);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), times };
}

const popupId = (index: number) => `benchpopup${String(index).padStart(3, '0')}`;

async function load(db: Database): Promise<void> {
  await db.query('INSERT INTO clients (client_id, name, time_zone) VALUES ($1, $2, $3)', [CLIENT, 'Bench', TIME_ZONE]);
  for (let index = 0; index < POPUPS; index += 1) {
    await db.query(
      `INSERT INTO popups (poptin_id, client_id, viewer_id, ab_test_parent_id, config, draft, published_revision, published_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $5::jsonb, 1, now())`,
      [
        popupId(index),
        CLIENT,
        `benchviewer${String(index).padStart(3, '0')}`,
        index === 1 ? popupId(0) : null,
        JSON.stringify({ poptin_name: `Bench ${index}` }),
      ],
    );
  }
  await db.query(
    `SELECT poptin_ensure_event_partitions((now() - interval '${DAYS + 1} days')::date, (now() + interval '2 months')::date)`,
  );
  const closes = Math.round(EVENTS * 0.2);
  const views = EVENTS - closes;
  // Events spread over the last DAYS days, POPUPS pop-ups, PAGES pages and three devices; every pop-up on every page
  // (the page counts n / POPUPS, so that it does not follow the pop-up), the worst case of the page roll-ups.
  const eventColumns = (n: string) =>
    `'benchpopup' || lpad((${n} % ${POPUPS})::text, 3, '0'), '${CLIENT}', 'https://bench.example/page-' || ((${n} / ${POPUPS}) % ${PAGES}),
     (ARRAY['desktop', 'mobile', 'tablet'])[1 + ${n} % 3], now() - ((${n} % ${DAYS * 24 * 60})::text || ' minutes')::interval`;
  for (const [table, count] of [
    ['views', views],
    ['closes', closes],
  ] as const) {
    for (let first = 0; first < count; first += CHUNK) {
      const start = performance.now();
      const last = Math.min(count, first + CHUNK);
      await db.query(
        `INSERT INTO ${table} (poptin_id, client_id, url, device, created_at) SELECT ${eventColumns('n')} FROM generate_series(${first + 1}, ${last}) n`,
      );
      console.log(`  ${table}: ${last.toLocaleString('en')} of ${count.toLocaleString('en')} (${seconds(start)} s)`);
    }
  }
  let start = performance.now();
  for (let first = 0; first < LEADS; first += CHUNK) {
    const last = Math.min(LEADS, first + CHUNK);
    await db.query(
      `INSERT INTO conversions (idempotency_key, poptin_id, client_id, viewer_id, email, name, phone, url, fields, device, spam_reason, created_at)
       SELECT 'bench-' || n, 'benchpopup' || lpad((n % ${POPUPS})::text, 3, '0'), '${CLIENT}', 'benchviewer' || lpad((n % ${POPUPS})::text, 3, '0'),
         'person' || n || '@bench.example', 'Person ' || n, '+97250' || lpad(n::text, 7, '0'), 'https://bench.example/page-' || ((n / ${POPUPS}) % ${PAGES}),
         jsonb_build_object('email', 'person' || n || '@bench.example', 'city', (ARRAY['Haifa', 'Lyon', 'Osaka'])[1 + n % 3]),
         (ARRAY['desktop', 'mobile', 'tablet'])[1 + n % 3], CASE WHEN n % 50 = 0 THEN 'honeypot' END,
         now() - ((n % ${DAYS * 24 * 60})::text || ' minutes')::interval
       FROM generate_series(${first + 1}, ${last}) n`,
    );
  }
  console.log(`  leads: ${LEADS.toLocaleString('en')} (${seconds(start)} s)`);
  // A bulk load builds the roll-ups once, as migration 040 does; events stored one by one keep them as they come.
  // Their rows go in day by day, as a live site adds them, so that a day's rows share table pages (in the grouping's
  // order, a pop-up's rows of any range were spread over every page of the table).
  start = performance.now();
  const byDay = (
    dimension: string,
  ) => `SELECT client_id, day, poptin_id, ${dimension}, sum(views), sum(closes), sum(conversions) FROM (
       SELECT client_id, (created_at AT TIME ZONE '${TIME_ZONE}')::date AS day, poptin_id, ${dimension} AS key, count(*) AS views, 0 AS closes, 0 AS conversions
         FROM (SELECT client_id, created_at, poptin_id, device, poptin_page(url) AS page FROM views) v GROUP BY 1, 2, 3, 4
       UNION ALL SELECT client_id, (created_at AT TIME ZONE '${TIME_ZONE}')::date, poptin_id, ${dimension}, 0, count(*), 0
         FROM (SELECT client_id, created_at, poptin_id, device, poptin_page(url) AS page FROM closes) c GROUP BY 1, 2, 3, 4
       UNION ALL SELECT client_id, (created_at AT TIME ZONE '${TIME_ZONE}')::date, poptin_id, ${dimension}, 0, 0, count(*)
         FROM (SELECT client_id, created_at, poptin_id, device, poptin_page(url) AS page FROM conversions WHERE spam_reason IS NULL) l GROUP BY 1, 2, 3, 4
     ) events (client_id, day, poptin_id, ${dimension}, views, closes, conversions) GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4`;
  await db.query(
    `INSERT INTO stats_daily (client_id, day, poptin_id, device, views, closes, conversions) ${byDay('device')}`,
  );
  await db.query(
    `INSERT INTO stats_daily_pages (client_id, day, poptin_id, page, views, closes, conversions) ${byDay('page')}`,
  );
  await db.query(
    `INSERT INTO stats_hourly (client_id, hour, poptin_id, device, views, closes, conversions)
     SELECT client_id, date_trunc('hour', created_at), poptin_id, device, count(*), 0, 0 FROM views
     WHERE created_at > now() - interval '14 days' GROUP BY 1, 2, 3, 4 ORDER BY 2, 3, 4`,
  );
  await db.exec('ANALYZE');
  console.log(`  roll-ups and ANALYZE (${seconds(start)} s)`);
}

const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Whether the load met every pop-up on every page, and every page every day, as a site showing its pop-ups site-wide. */
async function dataShape(db: Database): Promise<string> {
  const [shape] = await db.query<{ pairs: number; days: number; fewest_pages_a_day: number }>(
    `SELECT (SELECT count(*)::int FROM (SELECT DISTINCT poptin_id, page FROM stats_daily_pages WHERE client_id = $1) pairs) AS pairs,
       (SELECT count(DISTINCT day)::int FROM stats_daily_pages WHERE client_id = $1) AS days,
       (SELECT min(pages)::int FROM (SELECT count(*) AS pages FROM stats_daily_pages WHERE client_id = $1 AND poptin_id = $2 GROUP BY day) per_day) AS fewest_pages_a_day`,
    [CLIENT, popupId(0)],
  );
  return `data shape: ${shape!.pairs.toLocaleString('en')} pop-up × page pairs of ${(POPUPS * PAGES).toLocaleString('en')}, over ${shape!.days} days; ${popupId(0)} met at least ${shape!.fewest_pages_a_day} of ${PAGES} pages every day`;
}

/**
 * A pop-up report's costliest part, its pages, read three ways in turn (so that the machine's other load falls on
 * each alike): its pop-ups as a subquery in an OR, which PostgreSQL does not take to an index (the report before
 * migration 044); its daily rows through the pop-up index; the whole months from stats_monthly_pages and the days at
 * the ends (the report now).
 */
async function pageBreakdownWays(db: Database, range: { from: string; to: string }): Promise<string> {
  const top = `GROUP BY page ORDER BY sum(views) DESC, page LIMIT 50`;
  const { months, days } = splitByMonths(range.from, range.to);
  const endDays = days.map(([first, last]) => `day BETWEEN '${first}' AND '${last}'`).join(' OR ') || 'false';
  const ways = [
    [
      'pop-ups as a subquery',
      `SELECT page, sum(views) FROM stats_daily_pages WHERE client_id = $1 AND day BETWEEN $3::date AND $4::date
       AND ($2::text IS NULL OR poptin_id IN (SELECT poptin_id FROM popups WHERE client_id = $1 AND (poptin_id = $2 OR ab_test_parent_id = $2))) ${top}`,
      [CLIENT, popupId(0), range.from, range.to],
    ],
    [
      'daily rows by the pop-up index',
      `SELECT page, sum(views) FROM stats_daily_pages WHERE client_id = $1 AND poptin_id = ANY($2::text[]) AND day BETWEEN $3::date AND $4::date ${top}`,
      [CLIENT, [popupId(0), popupId(1)], range.from, range.to],
    ],
    [
      'months and end days',
      `SELECT page, sum(views) FROM (
         SELECT page, views FROM stats_daily_pages WHERE client_id = $1 AND poptin_id = ANY($2::text[]) AND (${endDays})
         UNION ALL SELECT page, views FROM stats_monthly_pages WHERE client_id = $1 AND poptin_id = ANY($2::text[]) AND month BETWEEN $3::date AND $4::date
       ) counted ${top}`,
      [CLIENT, [popupId(0), popupId(1)], months?.[0] ?? '9999-01-01', months?.[1] ?? '0001-01-01'],
    ],
  ] as const;
  const times: number[][] = ways.map(() => []);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, [, sql, parameters]] of ways.entries()) {
      const start = performance.now();
      await db.query(sql, [...parameters]);
      times[index]!.push(performance.now() - start);
    }
  }
  const figures = ways.map(([label], index) => {
    const sorted = times[index]!.sort((a, b) => a - b);
    return `${label} p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
  });
  return `  the pages of one pop-up and its variant, ${range.from} to ${range.to}, three ways in turn (${RUNS} runs each): ${figures.join('; ')}`;
}

async function diskUsed(db: Database, dataDir: string | null): Promise<string> {
  if (dataDir)
    return `${execFileSync('du', ['-sh', dataDir], { encoding: 'utf8' }).split('\t')[0]} (PGlite data folder)`;
  const [row] = await db.query<{ total: string; views: string; closes: string; leads: string; rollups: string }>(
    `SELECT pg_size_pretty(pg_database_size(current_database())) AS total,
       pg_size_pretty((SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'views'::regclass)) AS views,
       pg_size_pretty((SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'closes'::regclass)) AS closes,
       pg_size_pretty(pg_total_relation_size('conversions')) AS leads,
       pg_size_pretty((SELECT sum(pg_total_relation_size(oid)) FROM pg_class WHERE relkind = 'r' AND relname LIKE 'stats\\_%' AND relnamespace = current_schema()::text::regnamespace)) AS rollups`,
  );
  return `${row!.total} (views ${row!.views}, closes ${row!.closes}, leads ${row!.leads}, roll-ups ${row!.rollups})`;
}

async function main(): Promise<void> {
  let stopServer: () => void = () => {};
  let db: Database;
  let dataDir: string | null = null;
  let where: string;
  if (usePglite) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'poptin-bench-pglite-'));
    db = await openPGlite(dataDir);
    where = 'PGlite';
  } else if (process.env.DATABASE_URL) {
    db = await openPostgres(process.env.DATABASE_URL);
    where = 'PostgreSQL (DATABASE_URL)';
  } else {
    const { server, reason } = await startPostgres();
    if (!server) throw new Error(`No PostgreSQL: ${reason}. Set DATABASE_URL or pass --pglite.`);
    stopServer = () => server.stop();
    db = await openPostgres(server.url);
    where = 'PostgreSQL (throwaway server, fsync off)';
  }
  const verdicts: boolean[] = [];
  try {
    await runMigrations(db);
    const [existing] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM clients WHERE client_id = $1',
      [CLIENT],
    );
    if (existing!.count > 0) throw new Error(`The database already holds the site ${CLIENT}: use an empty database.`);
    console.log(
      `${where}: loading ${EVENTS.toLocaleString('en')} events and ${LEADS.toLocaleString('en')} leads for one site`,
    );
    const loadStart = performance.now();
    await load(db);
    console.log(`loaded in ${seconds(loadStart)} s`);

    const store = openRepositories(db);
    const today = new Date();
    const from = new Date(today.getTime() - 89 * 86_400_000).toISOString().slice(0, 10);
    const to = today.toISOString().slice(0, 10);
    console.log(await dataShape(db));
    // The whole site, a pop-up with its A/B variant, one variant, each over the last 90 days; and a pop-up over the
    // 90 days with the most days at their ends (from the 2nd of a month: two months of days, one whole month).
    const edgeFrom = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 3, 2);
    const edges = { from: dayText(edgeFrom), to: dayText(edgeFrom + 89 * 86_400_000) };
    const reports = [
      ['the whole site', RUNS, { from, to }],
      ['one pop-up and its variant', RUNS / 2, { from, to, popup: popupId(0) }],
      ['one variant', RUNS / 2, { from, to, variant: popupId(1) }],
      [`one pop-up and its variant, ${edges.from} to ${edges.to}`, RUNS / 2, { ...edges, popup: popupId(0) }],
    ] as const;
    const measured = [];
    for (const [label, runs, query] of reports)
      measured.push({ label, ...(await timed(runs, () => statsReport(db, CLIENT, query, TIME_ZONE))) });
    const all = measured.flatMap((report) => report.times).sort((a, b) => a - b);
    const stats = { p50: percentile(all, 50), p99: percentile(all, 99) };
    const statsPass = stats.p99 < STATS_BUDGET_MS;
    verdicts.push(statsPass);
    console.log(
      `stats report, 90 days (day series, previous range, 48 h, devices, pages, pop-ups): p50 ${stats.p50.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms (budget < ${STATS_BUDGET_MS}) ${statsPass ? 'PASS' : 'FAIL'}`,
    );
    for (const report of measured)
      console.log(
        `  ${report.label} (${report.times.length} runs): p50 ${report.p50.toFixed(1)} ms, p99 ${report.p99.toFixed(1)} ms`,
      );
    console.log(await pageBreakdownWays(db, { from, to }));
    console.log(await pageBreakdownWays(db, edges));

    // Pages along the cursors: the first, then ever deeper, 100 leads each.
    let after: string | null = null;
    const pages = await timed(RUNS, async () => {
      const page = await leadsListing(store.leads, CLIENT, { limit: 100, after: after ? readLeadCursor(after) : null });
      after = page.next;
    });
    const pagesPass = pages.p99 < LEADS_BUDGET_MS;
    verdicts.push(pagesPass);
    console.log(
      `leads page (100 leads, along the cursors): p50 ${pages.p50.toFixed(1)} ms, p99 ${pages.p99.toFixed(1)} ms (budget < ${LEADS_BUDGET_MS}) ${pagesPass ? 'PASS' : 'FAIL'}`,
    );
    const filtered = await timed(RUNS, (run) =>
      leadsListing(store.leads, CLIENT, { limit: 100, filter: { variant: popupId(run % POPUPS), from, to } }),
    );
    console.log(
      `leads page filtered by variant and 90 days: p50 ${filtered.p50.toFixed(1)} ms, p99 ${filtered.p99.toFixed(1)} ms`,
    );
    const found = await timed(10, (run) =>
      leadsListing(store.leads, CLIENT, { limit: 100, filter: { q: `person${LEADS - 1000 * run}@` } }),
    );
    console.log(
      `leads search for one person by e-mail text (trigram index): p50 ${found.p50.toFixed(1)} ms, p99 ${found.p99.toFixed(1)} ms`,
    );

    let start = performance.now();
    for (let index = 0; index < INSERTS; index += 1) {
      await store.insights.recordView({
        poptin_id: popupId(index % POPUPS),
        client_id: CLIENT,
        url: `https://bench.example/page-${index % PAGES}`,
        idempotency_key: `bench-view-${index}`,
        device: 'mobile',
      });
    }
    const oneByOne = INSERTS / ((performance.now() - start) / 1000);
    const concurrency = usePglite ? 1 : 8;
    start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        for (let index = worker; index < INSERTS; index += concurrency) {
          await store.insights.recordView({
            poptin_id: popupId(index % POPUPS),
            client_id: CLIENT,
            url: `https://bench.example/page-${index % PAGES}`,
            idempotency_key: `bench-view-c${index}`,
            device: 'desktop',
          });
        }
      }),
    );
    const concurrent = INSERTS / ((performance.now() - start) / 1000);
    console.log(
      `event inserts with roll-ups: ${Math.round(oneByOne).toLocaleString('en')}/s one at a time, ${Math.round(concurrent).toLocaleString('en')}/s with ${concurrency} connection${concurrency > 1 ? 's' : ''}`,
    );
    console.log(`disk used: ${await diskUsed(db, dataDir)}`);
    console.log(verdicts.every(Boolean) ? 'PASS' : 'FAIL');
  } finally {
    await db.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    stopServer();
  }
  if (!verdicts.every(Boolean)) process.exitCode = 1;
}

await main();

// Then the lead write path, on PGlite and PostgreSQL both (alone: `npm run bench:leads`).
await import('./bench-lead-write.ts');
