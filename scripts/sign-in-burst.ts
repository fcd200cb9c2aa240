// `node --import tsx scripts/sign-in-burst.ts`: does a burst of sign-ins slow the display call? The display
// server on a fresh PGlite, listening on 127.0.0.1; the display call's p50 and p99 at a steady 50 calls a second
// for SECONDS, first alone, then while 16 wrong sign-ins at a time (each from its own address and e-mail, so every
// one reaches the password hash) are sent again as soon as they are answered.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { openDatabase } from '../server/db/open.ts';
import { loadTest } from './bench/server-load.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 8);
const BURST = 16;

const dataDir = await mkdtemp(path.join(tmpdir(), 'poptin-sign-in-burst-'));
const db = await openDatabase({ dataDir });
await runMigrations(db);
const app = await buildApp({
  db,
  ownerToken: 'bench-owner-token-0123456789',
  popupsDir: 'examples/popups',
  clientsDir: 'examples/clients',
  rateLimit: { capacity: 100_000_000, windowMs: 1_000 },
  trustProxy: { hops: 1 },
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const stamp = Date.now();
const display = (n: number) =>
  JSON.stringify({ domain: '127.0.0.1', poptin_viewed_url: `${base}/`, visitor_id: `burst-${stamp}-${n}` });
const displayLoad = () =>
  loadTest('POST display', `${base}/api/display/demo`, display, { connections: 4, seconds: SECONDS, perSecond: 50 });

let signIns = 0;
const answered: Record<number, number> = {};
async function burstUntil(stop: { done: boolean }) {
  while (!stop.done) {
    await Promise.all(
      Array.from({ length: BURST }, async () => {
        const n = signIns++;
        const response = await fetch(`${base}/api/auth/sign-in`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
          body: JSON.stringify({ email: `owner${n}@bench.example`, password: 'not the password' }),
        });
        answered[response.status] = (answered[response.status] ?? 0) + 1;
        await response.arrayBuffer();
      }),
    );
  }
}

try {
  await displayLoad(); // warm-up
  const alone = await displayLoad();
  const stop = { done: false };
  const burst = burstUntil(stop);
  const during = await displayLoad();
  stop.done = true;
  await burst;
  const show = (label: string, result: typeof alone) =>
    console.log(
      `${label.padEnd(34)} p50 ${result.p50.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   non-2xx ${JSON.stringify(result.failures)}`,
    );
  show('display alone', alone);
  show(`display during ${BURST} sign-ins at a time`, during);
  console.log(`sign-ins sent: ${signIns}, answered ${JSON.stringify(answered)}`);
} finally {
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
