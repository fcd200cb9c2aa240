// `npm run bench:leads` (also the last part of `npm run bench:server`; needs `npm run build`): the lead write path of one server process
// under 64 keep-alive connections, each sending its next lead as soon as the last is acknowledged. Acknowledged
// means durable: PGlite flushes its data folder before it answers (server/db/disk-sync.ts), and PostgreSQL runs
// with its defaults (fsync and synchronous_commit on), unlike the tests' throwaway server. Each database is measured
// twice: a site with no destination, then with a webhook destination on 127.0.0.1, each lead written with its
// delivery in the same statement and delivered by the server's worker while the load runs.
// Budget: at least 1,000 leads/s per process with p99 under 100 ms, on PGlite and on PostgreSQL.
// The load comes from this process, so on a busy machine both sides share the cores: run it alone
// (LEAD_BENCH_SECONDS sets the time measured, 10 s by default after a 3 s warm-up).
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import { type LoadResult, loadTest } from './bench/server-load.ts';
import { startPostgres } from './postgres.mjs';
import { OWNER_TOKEN, type ServerProcess, startServerProcess } from './server-process.ts';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.LEAD_BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const BUDGET = { leadsPerSecond: 1_000, p99Ms: 100 };
const SITE = 'demo';

/** A webhook receiver that answers 200 to everything and counts what it got. */
async function startReceiver(): Promise<{ server: Server; url: string; received: () => number }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}/hook`, received: () => received };
}

async function ownerPost(server: ServerProcess, pathname: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': 'application/json', origin: server.url },
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
}

/**
 * The site's leads, first with no destination, then with a webhook destination: each lead written with its
 * delivery, which the server's worker sends meanwhile, on the same database.
 */
async function measure(where: string, server: ServerProcess, receiverUrl: string): Promise<LoadResult[]> {
  const display = await fetch(`${server.url}/api/display/${SITE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const viewerId = ((await display.json()) as { poptins: { viewer_id: string }[] }).poptins[0]?.viewer_id;
  if (!viewerId) throw new Error(`site ${SITE} has no pop-up to convert on`);
  const stamp = Date.now();
  const lead = (phase: string) => (n: number) =>
    JSON.stringify({
      email: `lead${n}@bench.example`,
      name: `Lead ${n}`,
      idempotency_key: `bench-${phase}-${stamp}-${n}`,
      fields: { Email: `lead${n}@bench.example`, consent: true },
    });
  const url = `${server.url}/api/display/conversion/${viewerId}`;
  await loadTest('warm-up', url, lead('warm'), { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
  const alone = await loadTest(`${where}, no destination`, url, lead('alone'), {
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  await ownerPost(server, `/api/owner/${SITE}/destinations`, {
    kind: 'webhook',
    name: 'Bench receiver',
    settings: { url: receiverUrl },
  });
  const delivered = await loadTest(`${where}, webhook destination`, url, lead('delivered'), {
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  return [alone, delivered];
}

function report(result: LoadResult): boolean {
  const pass =
    result.requestsPerSecond >= BUDGET.leadsPerSecond &&
    result.p99 < BUDGET.p99Ms &&
    Object.keys(result.failures).length === 0;
  console.log(
    `${result.label.padEnd(32)} ${result.requestsPerSecond.toFixed(0).padStart(6)} leads/s   p50 ${result.p50.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms` +
      `   non-2xx ${JSON.stringify(result.failures)}   ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

const BENCH_ENV = { RATE_LIMIT_MAX: '100000000', DELIVERY_ALLOW_PRIVATE: '1' };

if (!existsSync(new URL('../dist/poptin.js', import.meta.url))) {
  console.log('Lead write path not measured: the server process needs a build (npm run build).');
  process.exit(process.exitCode ?? 0);
}
console.log(
  `\nLead write path: ${CONNECTIONS} connections, ${SECONDS} s, one server process (budget ≥ ${BUDGET.leadsPerSecond} leads/s, p99 < ${BUDGET.p99Ms} ms)`,
);
console.log(
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} at start: figures from a busy machine are low`,
);
const receiver = await startReceiver();
const verdicts: boolean[] = [];
try {
  const onPglite = await startServerProcess({ env: BENCH_ENV });
  try {
    for (const result of await measure('PGlite', onPglite, receiver.url)) verdicts.push(report(result));
  } finally {
    await onPglite.dispose();
  }
  const { server: postgres, reason } = await startPostgres({ fsync: true });
  if (postgres) {
    try {
      const onPostgres = await startServerProcess({ env: { ...BENCH_ENV, DATABASE_URL: postgres.url } });
      try {
        for (const result of await measure('PostgreSQL', onPostgres, receiver.url)) verdicts.push(report(result));
      } finally {
        await onPostgres.dispose();
      }
    } finally {
      postgres.stop();
    }
  } else console.log(`PostgreSQL not measured: ${reason}`);
  console.log(`webhook deliveries received meanwhile: ${receiver.received().toLocaleString('en')}`);
} finally {
  receiver.server.close();
}
console.log(verdicts.every(Boolean) ? 'PASS' : 'FAIL');
if (!verdicts.every(Boolean)) process.exitCode = 1;
