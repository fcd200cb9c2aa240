// What a slow connection costs: the browser learns what a chunk imports only once the chunk has arrived, so each
// level of imports the widget makes it wait for is one more round trip before a pop-up can show. Every file of
// the widget (the loader, its chunks, its calls to the display server) is answered `rttMs` late, and the widget's
// requests are grouped into waves: a request opens a new wave only when an answer arrived since the request before
// it (only then can it have waited for one), however long a busy machine took between the two requests.
import type { Browser } from 'playwright-core';
import { answerLate } from '../page-driver.ts';

export interface RoundTrips {
  /** Waves of the widget's script requests: each wave waited for the one before it. */
  scriptWaves: string[][];
  /** Navigation start to the widget's last script loaded (ms). */
  scriptsLoadedMs: number;
}

export async function widgetRoundTrips(browser: Browser, url: string, rttMs: number): Promise<RoundTrips> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await answerLate(context, /\/(dist|api)\//, rttMs);
    const page = await context.newPage();
    const requested: Array<{ at: number; file: string }> = [];
    let lastLoaded = 0;
    const started = Date.now();
    const isScript = (address: string) => new URL(address).pathname.startsWith('/dist/');
    page.on('request', (request) => {
      if (isScript(request.url()))
        requested.push({
          at: Date.now(),
          file: new URL(request.url()).pathname.replace(/^\/dist\/(chunks\/)?/, '').replace(/-[\w-]{6}\.js$/, ''),
        });
    });
    const answered: number[] = [];
    page.on('requestfinished', (request) => {
      if (/^\/(dist|api)\//.test(new URL(request.url()).pathname)) answered.push(Date.now());
      if (isScript(request.url())) lastLoaded = Date.now();
    });
    await page.goto(url, { waitUntil: 'load' });
    // Done when no script has been asked for during four round trips.
    while (Date.now() - Math.max(lastLoaded, requested.at(-1)?.at ?? 0) < 4 * rttMs)
      await page.waitForTimeout(rttMs / 2);
    const scriptWaves: string[][] = [];
    let previous = -Infinity;
    for (const { at, file } of requested) {
      if (scriptWaves.length === 0 || answered.some((time) => time > previous && time <= at)) scriptWaves.push([]);
      scriptWaves.at(-1)!.push(file);
      previous = at;
    }
    return { scriptWaves, scriptsLoadedMs: lastLoaded - started };
  } finally {
    await context.close();
  }
}

/** The waves, one per line, numbered from 1: what a failing check shows. */
export function describeWaves(waves: string[][]): string {
  return waves.map((wave, index) => `${index + 1}: ${wave.join(' ')}`).join('\n');
}
