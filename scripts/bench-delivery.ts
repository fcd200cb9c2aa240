// `npm run bench:delivery` (also part of `npm run bench`): lead → delivered through the server's real worker, one
// destination per vendor kind with a batch call (Mailchimp, Klaviyo, HubSpot, Brevo, a webhook that takes batches),
// each pointed at a healthy vendor on 127.0.0.1 (DELIVERY_VENDOR_BASES), with the vendors' batch calls and without.
// Leads come first at a steady 200 leads/s for DELIVERY_BENCH_SECONDS (10), then as fast as the server takes them
// for as long: per kind, p50/p95 of lead stored → delivery recorded and deliveries/s at the steady rate, and the
// saturating rate (deliveries/s while the backlog of the fast part drains). On PGlite, and on PostgreSQL when
// scripts/postgres.mjs can start one. The vendors and the load run in this process beside the server: run it alone.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { parseClientFile, parsePopupFile } from '../server/configuration/config-loader.ts';
import type { Database } from '../server/db/database.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { openPGlite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { openRepositories } from '../server/repositories.ts';
import { startPostgres } from './postgres.mjs';

const SECONDS = Number(process.env.DELIVERY_BENCH_SECONDS ?? 10);
const STEADY_PER_SECOND = 200;
/** Leads posted at once in the fast part. */
const FAST_CONCURRENCY = 16;
/** How long a backlog may take to drain before what is left counts as not delivered. */
const DRAIN_MS = 120_000;
const KINDS = ['mailchimp', 'klaviyo', 'hubspot', 'brevo', 'webhook'] as const;
const OWNER_TOKEN = 'bench-owner-token-0123456789';

interface KindFigures {
  delivered: number;
  total: number;
  p50: number;
  p95: number;
  perSecond: number;
}
type Figures = Record<(typeof KINDS)[number], KindFigures>;

/**
 * Healthy vendors on 127.0.0.1, each answering its documented success at once (the full fakes, which check every
 * field, are the tests'), under /{kind}/, counting the leads each took, batched or not.
 */
async function startVendors(): Promise<{ server: Server; bases: Record<string, string>; taken: Map<string, number> }> {
  const taken = new Map<string, number>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const kind = (request.url ?? '').split('/')[1] ?? '';
      const json = JSON.parse(body || '{}');
      const items = json.members ??
        json.inputs ??
        json.jsonBody ??
        json.leads ??
        json.data?.attributes?.profiles?.data ?? [json];
      taken.set(kind, (taken.get(kind) ?? 0) + items.length);
      const answers: Record<string, [number, unknown]> = {
        mailchimp: [200, json.members ? { new_members: json.members, errors: [], error_count: 0 } : { id: 'member' }],
        klaviyo: [202, undefined],
        hubspot: [200, { status: 'COMPLETE', results: [] }],
        brevo: json.jsonBody ? [202, { processId: 1 }] : [201, { id: 1 }],
        webhook: [200, { received: items.length }],
      };
      const [status, answer] = answers[kind] ?? [404, { message: 'no such vendor' }];
      response.writeHead(status, answer === undefined ? {} : { 'content-type': 'application/json' });
      response.end(answer === undefined ? '' : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    server,
    taken,
    bases: {
      mailchimp: `${origin}/mailchimp/3.0`,
      klaviyo: `${origin}/klaviyo`,
      hubspot: `${origin}/hubspot`,
      brevo: `${origin}/brevo`,
    },
  };
}

/** A fresh, migrated database: PGlite in a temp folder, or a schema of its own on `postgresUrl`. */
async function openDatabase(postgresUrl: string | null): Promise<{ db: Database; dispose(): Promise<void> }> {
  if (!postgresUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'poptin-bench-delivery-'));
    const db = await openPGlite(dir);
    await runMigrations(db);
    return {
      db,
      dispose: async () => {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_delivery_${process.pid}_${Date.now()}`;
  const admin = await openPostgres(postgresUrl);
  await admin.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const scoped = new URL(postgresUrl);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openPostgres(scoped.toString());
  await runMigrations(db);
  return {
    db,
    dispose: async () => {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;

async function post(app: FastifyInstance, url: string, payload: object) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    payload,
  });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response;
}

async function run(
  batch: boolean,
  postgresUrl: string | null,
): Promise<{ steady: Figures; fast: Figures; fastLeadsPerSecond: number; taken: Map<string, number> }> {
  const { db, dispose } = await openDatabase(postgresUrl);
  const vendors = await startVendors();
  const app = await buildApp({
    db,
    ownerToken: OWNER_TOKEN,
    rateLimit: false,
    spamMinSubmitMs: 0,
    delivery: { allowPrivate: true, vendorBases: vendors.bases, worker: { batch } },
  });
  try {
    const store = openRepositories(db);
    await store.configuration.upsertClient(
      parseClientFile({ client_id: 'bench', name: 'Bench', allowed_origins: ['https://bench.example'] }),
    );
    const popup = parsePopupFile({
      client_id: 'bench',
      poptin_id: 'benchpopup001',
      poptin_name: 'Bench lightbox',
      poptin_type: 'lightbox',
      poptin_format: 'format_3',
      display_after_sec_active: '3',
      display_after_scroll_active: 'no',
      d_f_r: 'all@display_everytime_everypage_5',
      poptin: '<div data-poptin-screen="form"><input type="email" name="Email"><button type="submit">Go</button></div>',
    });
    await store.configuration.upsertPopup({ ...popup, source_file: null });
    const key = 'bench-api-key-us1';
    const destinations: Record<string, object> = {
      mailchimp: { apiKey: key, settings: { listId: 'list1' } },
      klaviyo: { apiKey: key, settings: { listId: 'L1' } },
      hubspot: { apiKey: key, settings: {} },
      brevo: { apiKey: key, settings: { listIds: [7] } },
      webhook: { settings: { url: `${vendors.bases.klaviyo.replace('/klaviyo', '/webhook')}/in`, batchLeads: true } },
    };
    for (const kind of KINDS)
      await post(app, '/api/owner/bench/destinations', { kind, name: kind, ...destinations[kind] });

    let leadNumber = 0;
    const submit = async () => {
      leadNumber += 1;
      const number = leadNumber;
      await app.inject({
        method: 'POST',
        url: `/api/display/conversion/${popup.viewer_id}`,
        payload: {
          idempotency_key: `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
          email: `lead${number}@${batch ? 'batch' : 'single'}.example`,
          name: 'Jane Doe',
          consent: 'on',
        },
      });
    };
    const lastLeadId = async () =>
      Number((await db.query<{ id: unknown }>('SELECT COALESCE(max(id), 0) AS id FROM conversions'))[0]!.id);
    const drained = async () => {
      const end = Date.now() + DRAIN_MS;
      while (Date.now() < end) {
        const [row] = await db.query<{ n: unknown }>(
          `SELECT count(*)::int AS n FROM deliveries WHERE status = 'pending'`,
        );
        if (Number(row!.n) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const figures = async (afterId: number, upToId: number): Promise<Figures> => {
      const rows = await db.query<{
        kind: string;
        status: string;
        ms: unknown;
        created: unknown;
        finished: unknown;
      }>(
        `SELECT t.kind, d.status, EXTRACT(EPOCH FROM (d.finished_at - c.created_at)) * 1000 AS ms,
           EXTRACT(EPOCH FROM c.created_at) * 1000 AS created, EXTRACT(EPOCH FROM d.finished_at) * 1000 AS finished
         FROM deliveries d JOIN destinations t ON t.id = d.destination_id JOIN conversions c ON c.id = d.conversion_id
         WHERE c.id > $1 AND c.id <= $2`,
        [afterId, upToId],
      );
      const result = {} as Figures;
      for (const kind of KINDS) {
        const mine = rows.filter((row) => row.kind === kind);
        const done = mine.filter((row) => row.status === 'delivered');
        const latencies = done.map((row) => Number(row.ms)).sort((a, b) => a - b);
        const first = Math.min(...mine.map((row) => Number(row.created)));
        const last = Math.max(...done.map((row) => Number(row.finished)));
        result[kind] = {
          delivered: done.length,
          total: mine.length,
          p50: quantile(latencies, 0.5),
          p95: quantile(latencies, 0.95),
          perSecond: done.length / Math.max((last - first) / 1000, 0.001),
        };
      }
      return result;
    };

    // Steady: a lead every 5 ms, on a schedule, whatever the answers take.
    const steadyFrom = await lastLeadId();
    const started = performance.now();
    const pending: Promise<void>[] = [];
    for (let index = 0; index < STEADY_PER_SECOND * SECONDS; index += 1) {
      const due = started + (index * 1000) / STEADY_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(submit());
    }
    await Promise.all(pending);
    await drained();
    const steady = await figures(steadyFrom, await lastLeadId());

    // Fast: as many leads as the server takes, FAST_CONCURRENCY at once, then the backlog drains.
    const fastFrom = await lastLeadId();
    const fastStarted = performance.now();
    let posted = 0;
    await Promise.all(
      Array.from({ length: FAST_CONCURRENCY }, async () => {
        while (performance.now() - fastStarted < SECONDS * 1000) {
          await submit();
          posted += 1;
        }
      }),
    );
    const fastLeadsPerSecond = posted / ((performance.now() - fastStarted) / 1000);
    await drained();
    const fast = await figures(fastFrom, await lastLeadId());
    return { steady, fast, fastLeadsPerSecond, taken: vendors.taken };
  } finally {
    await app.close();
    vendors.server.close();
    await dispose();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');
const rate = (value: number) => `${Math.round(value)}/s`;

async function benchDatabase(label: string, postgresUrl: string | null): Promise<boolean> {
  const runs = { batched: await run(true, postgresUrl), single: await run(false, postgresUrl) };
  console.log(`\nLead delivery on ${label}: ${STEADY_PER_SECOND} leads/s for ${SECONDS} s, then as fast as taken`);
  console.log(
    `  fast part: leads taken at ${rate(runs.batched.fastLeadsPerSecond)} (batched run), ${rate(runs.single.fastLeadsPerSecond)} (one lead a call)`,
  );
  console.log(
    '  kind       | batched: p50 / p95 at 200/s, delivered/s, saturating | one lead a call: p50 / p95, delivered/s, saturating',
  );
  let sustained = true;
  for (const kind of KINDS) {
    const cells = (['batched', 'single'] as const).map((mode) => {
      const { steady, fast } = runs[mode];
      const missing = steady[kind].total - steady[kind].delivered + fast[kind].total - fast[kind].delivered;
      const arrived = runs[mode].taken.get(kind) ?? 0;
      const extra = arrived - (steady[kind].delivered + fast[kind].delivered);
      if (extra !== 0)
        console.log(
          `  ${kind} (${mode}): ${arrived} leads arrived for ${steady[kind].delivered + fast[kind].delivered} delivered`,
        );
      return `${ms(steady[kind].p50)} / ${ms(steady[kind].p95)}, ${rate(steady[kind].perSecond)}, ${rate(fast[kind].perSecond)}${missing ? ` (${missing} not delivered)` : ''}`;
    });
    const steady = runs.batched.steady[kind];
    if (steady.delivered < steady.total || steady.p95 > 1_000) sustained = false;
    console.log(`  ${kind.padEnd(10)} | ${cells[0]!.padEnd(55)} | ${cells[1]}`);
  }
  console.log(
    `  ${STEADY_PER_SECOND} leads/s sustained (every lead delivered, p95 under 1 s, batched): ${sustained ? 'yes' : 'no'}`,
  );
  return sustained;
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
const results = [await benchDatabase('PGlite', null)];
const { server, reason } = await startPostgres();
if (!server) console.log(`\nPostgreSQL not measured: ${reason}`);
else {
  try {
    results.push(await benchDatabase('PostgreSQL', server.url));
  } finally {
    server.stop();
  }
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
process.exit(results.every(Boolean) ? 0 : 1);
