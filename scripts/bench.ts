// `npm run bench`: performance figures, measured on this machine and printed (never asserted in tests).
//   - loader and chunk sizes (gzip);
//   - in Chromium: page load → pop-up visible; trigger fired → pop-up visible, for a pop-up built hidden at idle
//     and for a click-only one built on demand;
//   - display server: display-request throughput and conversion latency over loopback (bounded loops).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIXTURES_ENV, ROOT, launchChromium, startServerProcess } from '../test/e2e/harness.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

function sizes(): void {
  const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
  console.log('\n## sizes (gzip -9)');
  console.log(`loader dist/poptin.js: ${gz(join(ROOT, 'dist/poptin.js'))} B (budget 8192 B)`);
  for (const chunk of readdirSync(join(ROOT, 'dist/chunks')).filter((name) => name.endsWith('.js'))) {
    console.log(`chunk ${chunk}: ${gz(join(ROOT, 'dist/chunks', chunk))} B`);
  }
}

async function browserTimings(url: string): Promise<void> {
  const browser = await launchChromium();
  const loadToVisible: number[] = [];
  const firedToVisible: number[] = [];
  const timedFiredToVisible: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${url}/examples/show.html`);
      await page.waitForFunction(() => Boolean((window as unknown as { poptin?: unknown }).poptin));
      // Let the idle preload of the surfaces finish, as on a real page before a trigger fires.
      await page.waitForTimeout(300);
      await page.evaluate(() => (window as unknown as { poptin: { show(id: string): Promise<boolean> } }).poptin.show('fixtureshow01'));
      await page.locator('poptin-popup dialog[open]').waitFor();
      const fired = await page.evaluate(() => {
        const [firedMark] = performance.getEntriesByName('poptin:fired:fixtureshow01');
        const [shownMark] = performance.getEntriesByName('poptin:shown:fixtureshow01');
        return shownMark.startTime - firedMark.startTime;
      });
      firedToVisible.push(fired);
      await page.goto(`${url}/examples/timed.html`);
      await page.locator('poptin-popup[poptin-id="fixturetimed1"] dialog[open]').waitFor();
      timedFiredToVisible.push(
        await page.evaluate(() => performance.getEntriesByName('poptin:shown:fixturetimed1')[0].startTime - performance.getEntriesByName('poptin:fired:fixturetimed1')[0].startTime),
      );
      await page.goto(`${url}/examples/queue.html`);
      await page.locator('poptin-popup dialog[open]').first().waitFor();
      const [first] = await page.evaluate(() => performance.getEntriesByType('mark').filter((entry) => entry.name.startsWith('poptin:shown:')).map((entry) => entry.startTime));
      loadToVisible.push(first);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`\n## Chromium (${RUNS} runs, fresh context each)`);
  console.log(`timed trigger fired → pop-up visible (built hidden at idle): median ${fmt(median(timedFiredToVisible))}, p95 ${fmt(p95(timedFiredToVisible))}`);
  console.log(`show(id) of a click-only pop-up → visible (built on demand): median ${fmt(median(firedToVisible))}, p95 ${fmt(p95(firedToVisible))}`);
  console.log(`navigation start → immediate pop-up visible (cold, no cache): median ${fmt(median(loadToVisible))}, p95 ${fmt(p95(loadToVisible))}`);
}

async function serverTimings(url: string): Promise<void> {
  const body = JSON.stringify({ domain: '127.0.0.1', referrer: '', previous_url: '', if_mobile: false, page_title: 'bench', poptin_viewed_url: `${url}/examples/queue.html` });
  const concurrency = 8;
  let sent = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < REQUESTS) {
        sent++;
        const t0 = performance.now();
        const response = await fetch(`${url}/api/display/widget`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${sent % 250}` }, body });
        await response.arrayBuffer();
        if (!response.ok && response.status !== 429) throw new Error(`display answered ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`\n## display server over loopback (PGlite, ${REQUESTS} requests, ${concurrency} at a time)`);
  console.log(`POST /api/display/{clientId}: ${(REQUESTS / seconds).toFixed(0)} req/s, median ${fmt(median(latencies))}, p95 ${fmt(p95(latencies))}`);

  const conversions: number[] = [];
  const viewer = (await (await fetch(`${url}/api/display/widget`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()) as { poptins: { viewer_id: string; poptin_id: string }[] };
  const target = viewer.poptins[0];
  for (let i = 0; i < Math.min(200, REQUESTS); i++) {
    const t0 = performance.now();
    const response = await fetch(`${url}/api/display/conversion/${target.viewer_id}`, {
      method: 'POST',
      body: new URLSearchParams({ email: `bench${i}@example.com`, poptin_id: target.poptin_id, client_id: 'widget', url: `${url}/bench`, idempotency_key: `bench-${Date.now()}-${i}` }),
    });
    await response.arrayBuffer();
    conversions.push(performance.now() - t0);
  }
  console.log(`POST /api/display/conversion/{viewer_id} (stored lead, sequential): median ${fmt(median(conversions))}, p95 ${fmt(p95(conversions))}`);
}

sizes();
const server = await startServerProcess({ env: { ...FIXTURES_ENV, RATE_LIMIT_MAX: '1000000' } });
try {
  await browserTimings(server.url);
  await serverTimings(server.url);
} finally {
  await server.dispose();
}
