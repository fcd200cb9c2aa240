// What a slow connection costs: the browser learns what a chunk imports only once the chunk has arrived, so each
// level of imports the widget makes it wait for is one more round trip before a pop-up can show. Every file of
// the widget (the loader, its chunks, its calls to the display server) is answered `rttMs` late, and the widget's
// requests are grouped into waves: a request opens a new wave only when an answer arrived since the request before
// it (only then can it have waited for one), however long a busy machine took between the two requests.
import type { Browser, Request } from 'playwright-core';
import { answerLate } from '../page-driver.ts';

export interface RoundTrips {
  /** Waves of the widget's script requests: each wave waited for the one before it. */
  scriptWaves: string[][];
  /** Navigation start to the widget's last script loaded (ms). */
  scriptsLoadedMs: number;
}

/** How long a test waits for the files it expects to be asked for (a busy machine runs a page's idle work late). */
const EXPECTED_FILES_WAIT_MS = 20_000;

/**
 * `expectedFiles`: files (as the waves name them) the page is known to ask for: their requests are waited for before
 * the wait for quiet, which alone ends before the idle work of a page on a busy machine.
 */
export async function widgetRoundTrips(
  browser: Browser,
  url: string,
  rttMs: number,
  expectedFiles: readonly string[] = [],
): Promise<RoundTrips> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await answerLate(context, /\/(dist|api)\//, rttMs);
    const page = await context.newPage();
    let lastRequested = 0;
    const requestedFiles = new Set<string>();
    /** Script requests not yet answered: on a busy machine an answer can come later than four round trips. */
    const unanswered = new Set<Request>();
    let lastLoaded = 0;
    const started = Date.now();
    const isScript = (address: string) => new URL(address).pathname.startsWith('/dist/');
    page.on('request', (request) => {
      if (!isScript(request.url())) return;
      lastRequested = Date.now();
      requestedFiles.add(fileOf(request.url()));
      unanswered.add(request);
    });
    page.on('requestfinished', (request) => {
      if (!isScript(request.url())) return;
      lastLoaded = Date.now();
      unanswered.delete(request);
    });
    page.on('requestfailed', (request) => unanswered.delete(request));
    await page.goto(url, { waitUntil: 'load' });
    const waitingSince = Date.now();
    while (
      !expectedFiles.every((file) => requestedFiles.has(file)) &&
      Date.now() - waitingSince < EXPECTED_FILES_WAIT_MS
    )
      await page.waitForTimeout(rttMs / 2);
    // Done when every script asked for has its answer, none has been asked for during four round trips, and the
    // page has run the work it had queued (on a busy machine, deciding after a chunk arrives can take longer).
    do {
      await page.waitForTimeout(rttMs / 2);
      await page.evaluate('new Promise((done) => requestIdleCallback(() => done()))');
    } while (
      (unanswered.size > 0 && Date.now() - waitingSince < EXPECTED_FILES_WAIT_MS) ||
      Date.now() - Math.max(lastLoaded, lastRequested) < 4 * rttMs
    );
    // The waves are read from the page's own resource timings: the test runner hears of a request's end and of
    // the next request through two processes, in either order when the machine is busy.
    const timings: ResourceTiming[] = await page.evaluate(`performance.getEntriesByType('resource')
      .filter((entry) => /^\\/(dist|api)\\//.test(new URL(entry.name).pathname))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd }))`);
    const scriptWaves = wavesOf(timings, isScript);
    return { scriptWaves, scriptsLoadedMs: lastLoaded - started };
  } finally {
    await context.close();
  }
}

interface ResourceTiming {
  name: string;
  startTime: number;
  responseEnd: number;
}

function wavesOf(timings: ResourceTiming[], isScript: (address: string) => boolean): string[][] {
  const answers = timings.map((timing) => timing.responseEnd);
  const scripts = timings.filter((timing) => isScript(timing.name)).sort((a, b) => a.startTime - b.startTime);
  const waves: string[][] = [];
  let previous = -Infinity;
  for (const { name, startTime } of scripts) {
    if (waves.length === 0 || answers.some((time) => time > previous && time <= startTime)) waves.push([]);
    waves.at(-1)!.push(fileOf(name));
    previous = startTime;
  }
  return waves;
}

function fileOf(address: string): string {
  return new URL(address).pathname.replace(/^\/dist\/(chunks\/)?/, '').replace(/-[\w-]{6}\.js$/, '');
}

/** The waves, one per line, numbered from 1: what a failing check shows. */
export function describeWaves(waves: string[][]): string {
  return waves.map((wave, index) => `${index + 1}: ${wave.join(' ')}`).join('\n');
}
