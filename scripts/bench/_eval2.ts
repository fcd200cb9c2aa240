import path from 'node:path';
import { writeFile, readFile } from 'node:fs/promises';
import { ROOT, launchChromium, startServerProcess } from '../../test/e2e/harness.ts';
import { writeBenchPages } from './pages.ts';
const FIXTURES = path.join(ROOT, 'scripts/bench/fixtures');
const dir = await writeBenchPages();
await writeFile(path.join(dir, 'mark-a.js'), "performance.mark('a')");
await writeFile(path.join(dir, 'mark-b.js'), "performance.mark('b')");
const names = (process.env.PAGES ?? 'bar,barPlaced,chat,empty').split(',');
for (const n of names) {
  const html = await readFile(path.join(dir, n + '.html'), 'utf8');
  await writeFile(path.join(dir, 'm-' + n + '.html'), html.replace(/(<script type="module" src="\/dist\/poptin\.js[^"]*"><\/script>)/, '<script type="module" src="/examples/mark-a.js"></script>$1<script type="module" src="/examples/mark-b.js"></script>'));
}
const server = await startServerProcess({ env: { POPUPS_DIR: path.join(FIXTURES, 'popups'), CLIENTS_DIR: path.join(FIXTURES, 'clients'), EXAMPLES_DIR: dir, DIST_DIR: process.env.DIST_DIR ?? path.join(ROOT, 'dist'), RATE_LIMIT_MAX: '100000000' } });
const browser = await launchChromium();
const res: Record<string, number[]> = {};
try {
  for (let run = 0; run < Number(process.env.N ?? 10); run++) for (const v of names) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${server.url}/examples/m-${v}.html`, { waitUntil: 'load' });
    const gap = await page.evaluate(() => performance.getEntriesByName('b')[0]!.startTime - performance.getEntriesByName('a')[0]!.startTime);
    await context.close();
    if (run === 0) continue;
    (res[v] ??= []).push(gap);
  }
} finally { await browser.close(); await server.dispose(); }
const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)]!;
for (const [n, r] of Object.entries(res)) console.log(n.padEnd(12), 'eval gap median', med(r).toFixed(2), JSON.stringify(r.map((x) => Math.round(x * 10) / 10).sort((a, b) => a - b)));
