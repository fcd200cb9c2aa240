// What the main thread's long tasks (> 50 ms) are made of, read from a DevTools trace of one visit: for each,
// its duration and the largest pieces of work inside it (a script evaluated or a function called, by file;
// style, layout, paint, garbage collection), so a fix aims at what is really slow.
import type { Browser } from 'playwright-core';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string; frame?: string }; beginData?: { frame?: string } };
}

export interface LongTask {
  ms: number;
  /** The largest pieces of work inside it: what, and how long (ms). */
  parts: { what: string; ms: number }[];
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'].join(',');

function describe(event: TraceEvent): string {
  const url = event.args?.data?.url;
  const file = url ? new URL(url).pathname.replace(/-[A-Za-z0-9_-]{6}\.js$/, '.js') : '';
  switch (event.name) {
    case 'EvaluateScript':
      return `evaluate ${file || 'inline script'}`;
    case 'v8.compileModule':
    case 'v8.compile':
    case 'V8.CompileCode':
      return `compile ${file}`.trim();
    case 'FunctionCall':
      return `call ${event.args?.data?.functionName || '(anonymous)'} in ${file || '?'}`;
    case 'UpdateLayoutTree':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
      return 'paint';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
      return 'garbage collection';
    case 'ParseHTML':
      return 'parse HTML';
    default:
      return event.name;
  }
}

/** Only the outermost pieces: a function called inside an evaluated script is part of that evaluation. */
export function outermost<Event extends { ts: number; dur?: number }>(inside: Event[]): Event[] {
  return inside.filter(
    (event) =>
      !inside.some(
        (other) =>
          other !== event &&
          other.ts <= event.ts &&
          other.ts + other.dur! >= event.ts + event.dur! &&
          other.dur! > event.dur!,
      ),
  );
}

/** Events that only wrap the work of a task. */
export const WRAPPERS = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'RunMicrotasks',
  'ThreadPool_RunTask',
  'SequenceManager::DoIdleWork',
]);

/** One visit of `url` traced at `cpuSlowdown`, `settleMs` after load: its long tasks on the page's main thread. */
export async function traceLongTasks(
  browser: Browser,
  url: string,
  cpuSlowdown: number,
  settleMs: number,
): Promise<LongTask[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  try {
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(settleMs);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const events = trace.traceEvents.filter((event) => event.ph === 'X' && typeof event.dur === 'number');
    // The renderer's main thread: the one that ran the page's HTML parsing.
    const main = events.find((event) => event.name === 'ParseHTML');
    if (!main) return [];
    const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
    return onMain
      .filter((event) => event.name === 'RunTask' && event.dur! > 50_000)
      .map((task) => {
        const inside = onMain.filter(
          (event) =>
            event !== task &&
            !WRAPPERS.has(event.name) &&
            event.dur! > 0 &&
            event.ts >= task.ts &&
            event.ts + event.dur! <= task.ts + task.dur!,
        );
        const parts = new Map<string, number>();
        for (const event of outermost(inside))
          parts.set(describe(event), (parts.get(describe(event)) ?? 0) + event.dur! / 1000);
        return {
          ms: task.dur! / 1000,
          parts: [...parts]
            .map(([what, ms]) => ({ what, ms }))
            .sort((a, b) => b.ms - a.ms)
            .slice(0, 4),
        };
      });
  } finally {
    await context.close();
  }
}
