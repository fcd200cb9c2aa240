// `node --import tsx scripts/proof-of-work-cost.ts` (after `npm run build`): what the lead form's proof of work costs a
// page. The solver chunk's bytes (gzip), and the time from asking the server for a challenge to its solution, in
// Chromium at 1× and at 4× CPU slowdown (a phone-class CPU), over ROUNDS challenges of the real server.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './page-driver.ts';
import { LIBRARY_DIST, OWNER_TOKEN, startServerProcess } from './server-process.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const chunk = readdirSync(path.join(LIBRARY_DIST, 'chunks')).find((name) => /^proof-of-work-[\w-]+\.js$/.test(name));
if (!chunk) throw new Error('no proof-of-work chunk: run npm run build first');
const bytes = gzipSync(readFileSync(path.join(LIBRARY_DIST, 'chunks', chunk)), { level: 9 }).length;
console.log(`solver chunk ${chunk}: ${bytes} bytes gzip`);

const server = await startServerProcess();
const browser = await launchChromium();
try {
  const answer = await fetch(`${server.url}/api/owner/demo/spam-filter`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requireProofOfWork: true }),
  });
  if (!answer.ok) throw new Error(`the switch answered ${answer.status}`);
  const page = await browser.newPage();
  await page.goto(`${server.url}/examples/forms.html`);
  await page.waitForFunction(() => 'poptin' in window);
  const cdp = await page.context().newCDPSession(page);
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    // A string, not a function: tsx would compile a function with helpers the page does not have.
    const times = (await page.evaluate(`(async () => {
      const { proveWork } = await import(${JSON.stringify(`${server.url}/dist/chunks/${chunk}`)});
      const api = { url: (route) => location.origin + route };
      const measured = [];
      for (let round = 0; round < ${ROUNDS}; round++) {
        const started = performance.now();
        if (!(await proveWork(api, 'demoformtypos'))) throw new Error('no proof');
        measured.push(performance.now() - started);
      }
      return measured;
    })()`)) as number[];
    times.sort((a, b) => a - b);
    const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.floor(share * times.length))]!);
    console.log(`${rate}× CPU, ${ROUNDS} challenges: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
  }
} finally {
  await browser.close();
  await server.dispose();
}
