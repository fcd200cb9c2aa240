// Several stateless server processes on one PostgreSQL (docs/scale.md, step 2): visitors each make the display call
// and record a view (the event with its three roll-ups), spread round robin over 1, then 2 processes of
// `server/main.ts`, for BENCH_SECONDS (10) each with BENCH_VISITORS (16) visitors at a time. Prints visits a second
// and the p50/p99 of a visit (display call + view). The visitors run in this process, on the same machine as the
// servers and PostgreSQL: the figures are the machine's, not a process's. Needs `npm run build` (the server serves dist/).

import { startPostgres } from './postgres.mjs';
import { E2E_FIXTURES_ENV, type ServerProcess, startServerProcess } from './server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 16);
const CLIENT = 'widget';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function postJson(url: string, body: object): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function visitFor(
  servers: ServerProcess[],
  label: string,
): Promise<{ perSecond: number; p50: number; p99: number }> {
  const times: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  let visit = 0;
  await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      while (performance.now() < end) {
        const server = servers[visit % servers.length]!;
        visit += 1;
        const key = `${label}-${visit}`;
        const start = performance.now();
        const answer = (await (await postJson(`${server.url}/api/display/${CLIENT}`, {})).json()) as {
          poptins: { poptin_id: string; viewer_id: string }[];
        };
        const popup = answer.poptins[0];
        if (!popup) throw new Error('the fixture site served no pop-up');
        await (
          await postJson(`${server.url}/api/display/viewed/${popup.poptin_id}`, {
            viewer_id: popup.viewer_id,
            idempotency_key: `bench-visit-${key}`,
            url: `https://bench.example/page-${visit % 50}`,
          })
        ).arrayBuffer();
        times.push(performance.now() - start);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { perSecond: times.length / SECONDS, p50: percentile(times, 50), p99: percentile(times, 99) };
}

const started = await startPostgres();
if (!started.server) throw new Error(`No PostgreSQL: ${started.reason}`);
const postgres = started.server;
const env = {
  ...E2E_FIXTURES_ENV,
  DATABASE_URL: postgres.url,
  RATE_LIMIT_MAX: '100000000',
  RATE_LIMIT_WINDOW_MS: '60000',
};
const servers: ServerProcess[] = [];
try {
  servers.push(await startServerProcess({ env }));
  console.log(
    `PostgreSQL (throwaway, fsync off), ${VISITORS} visitors at a time for ${SECONDS} s, each visit a display call and a view`,
  );
  await visitFor(servers, 'warm-up');
  for (const count of [1, 2]) {
    while (servers.length < count) servers.push(await startServerProcess({ env }));
    const result = await visitFor(servers.slice(0, count), `run${count}`);
    console.log(
      `${count} process${count > 1 ? 'es' : ''}: ${Math.round(result.perSecond).toLocaleString('en')} visits/s, a visit p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
    );
  }
} finally {
  await Promise.all(servers.map((server) => server.dispose()));
  postgres.stop();
}
