// `node --import tsx scripts/display-load.ts`: the display server held under a bounded load from this process
// (a separate one from the server): 16 connections for 10 s each on the display call, the conversion call
// and a static file, on a fresh PGlite data folder, with the rate limit lifted. Prints requests per second,
// p50 and p99, and the non-2xx answers.
import { Agent, request } from 'node:http';
import { startServerProcess } from '../test/e2e/harness.ts';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);

async function load(label: string, url: string, body: (n: number) => string | null) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const failures = new Map<number, number>();
  const until = performance.now() + SECONDS * 1000;
  let n = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const payload = body(n++);
      const started = performance.now();
      const req = request(url, { method: payload === null ? 'GET' : 'POST', agent, headers: payload === null ? {} : { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if ((res.statusCode ?? 0) >= 300) failures.set(res.statusCode ?? 0, (failures.get(res.statusCode ?? 0) ?? 0) + 1);
          resolve();
        });
      });
      req.on('error', () => {
        failures.set(0, (failures.get(0) ?? 0) + 1);
        resolve();
      });
      req.end(payload ?? undefined);
    });
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < until) await one();
  }));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(1);
  console.log(`${label.padEnd(24)} ${(latencies.length / SECONDS).toFixed(0).padStart(6)} req/s   p50 ${at(0.5)} ms   p99 ${at(0.99)} ms   non-2xx ${JSON.stringify(Object.fromEntries(failures))}`);
}

const server = await startServerProcess({ env: { RATE_LIMIT_MAX: '100000000', SPAM_MIN_SUBMIT_MS: '0' } });
try {
  const display = await (await fetch(`${server.url}/api/display/demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json() as { poptins: { viewer_id: string }[] };
  const viewerId = display.poptins[0]!.viewer_id;
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each, server ${server.url} (PGlite)`);
  await load('static file', `${server.url}/examples/demo.css`, () => null);
  await load('POST display', `${server.url}/api/display/demo`, () => '{}');
  await load('POST conversion (lead)', `${server.url}/api/display/conversion/${viewerId}`, (i) => JSON.stringify({ email: `load${i}@example.com`, idempotency_key: `load-key-${i}-${Date.now()}` }));
} finally {
  await server.dispose();
}
