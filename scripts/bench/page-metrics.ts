// What a page with the widget costs in Chromium, measured through the DevTools protocol: script time, long tasks,
// layout shift, JavaScript bytes, the time from a trigger to the pop-up on screen, and what 20 show/close cycles
// leave behind. Every figure is compared with the same page without the widget, measured in the same run.
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { showAndCloseInPage } from '../page-driver.ts';

export interface PageRun {
  /**
   * Main-thread JavaScript time (ms) of the widget's own scripts (those under /dist/, and the floor's), from navigation to load +
   * settle: sampled by the DevTools CPU profiler, native calls counted for the script that made them.
   */
  scriptMs: number;
  /** Long tasks (> 50 ms) seen in that time, their durations, the page's own included. */
  longTasks: number[];
  /**
   * The long tasks attributed to the widget: those in which the widget's script ran, as the Long Animation Frames API
   * reports it (every script entry point over 5 ms: a module evaluated, a timer, an event listener, a promise
   * continuation). `widgetMs` is the widget's script time inside the task.
   */
  widgetLongTasks: { ms: number; widgetMs: number }[];
  cls: number;
  /** gzip bytes of every script the page loaded from this server (the widget's and the page's own). */
  scriptBytes: number;
  /** The scripts, by path, with their gzip bytes. */
  scripts: Record<string, number>;
  /** `load` event time (ms after navigation start). */
  loadMs: number;
  /** poptin:fired → poptin:shown of each pop-up shown, by id (ms). */
  triggerToShown: Record<string, number>;
  /** What each pop-up shown cost from its trigger until the frame that painted it, by id. */
  triggerToPainted: Record<string, TriggerWindow>;
}

/** From a pop-up's `poptin:fired` mark to the first frame painted with it open. */
export interface TriggerWindow {
  /** Its length (ms). */
  ms: number;
  /** The widget's main-thread JavaScript time inside it (ms). */
  scriptMs: number;
  /** The long tasks that overlap it and ran the widget's script, with the widget's part of each. */
  widgetLongTasks: { ms: number; widgetMs: number }[];
}

interface TimedEntry {
  start: number;
  ms: number;
}

interface WindowProbes {
  __bench: {
    longTasks: TimedEntry[];
    scripts: (TimedEntry & { url: string })[];
    cls: number;
    painted: Record<string, number>;
  };
}

function installProbes(): void {
  const probes: WindowProbes['__bench'] = { longTasks: [], scripts: [], cls: 0, painted: {} };
  (window as unknown as WindowProbes).__bench = probes;
  // From a surface's poptin-show, each animation frame looks whether it is open (a dialog, a popover, or a bar
  // in the page's flow); a task queued from the first frame that finds it open runs once that frame is painted.
  // Read from the page, not from the widget's own events, which may follow the paint.
  document.addEventListener(
    'poptin-show',
    (event) => {
      const host = event.composedPath()[0] as Element;
      const id = (event as CustomEvent<{ poptinId: string }>).detail.poptinId;
      void (async () => {
        while (host.isConnected) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          if (host.shadowRoot?.querySelector('dialog[open], [data-open], :popover-open')) {
            setTimeout(() => (probes.painted[id] ??= performance.now()), 0);
            return;
          }
        }
      })();
    },
    true,
  );
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => probes.longTasks.push({ start: entry.startTime, ms: entry.duration })),
  ).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => {
      const frame = entry as PerformanceEntry & { scripts: (PerformanceEntry & { sourceURL: string })[] };
      for (const script of frame.scripts)
        probes.scripts.push({ start: script.startTime, ms: script.duration, url: script.sourceURL });
    }),
  ).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => {
      const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
      if (!shift.hadRecentInput) probes.cls += shift.value;
    }),
  ).observe({ type: 'layout-shift', buffered: true });
}

export interface ProfileNode {
  id: number;
  /** Lines and columns count from 0. */
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface Profile {
  nodes: ProfileNode[];
  /** When profiling started, µs of the browser's monotonic clock. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time of every profile node whose nearest frame with a script address is the widget's, in the whole profile
 * or in the samples taken from `fromUs` to `toUs` (the profile's clock). Chromium's own ScriptDuration metric left
 * out most of the work done in lazily imported modules, so it is not used.
 */
function widgetMilliseconds(
  profile: Profile,
  isWidget: (url: string) => boolean,
  fromUs = -Infinity,
  toUs = Infinity,
): number {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const owner = new Map<number, boolean>();
  const isWidgetNode = (id: number): boolean => {
    const known = owner.get(id);
    if (known !== undefined) return known;
    const url = byId.get(id)?.callFrame.url ?? '';
    const parent = parentOf.get(id);
    const result = url ? isWidget(url) : parent !== undefined && isWidgetNode(parent);
    owner.set(id, result);
    return result;
  };
  let micros = 0;
  let sampledAt = profile.startTime;
  profile.samples.forEach((id, index) => {
    sampledAt += profile.timeDeltas[index] ?? 0;
    if (sampledAt >= fromUs && sampledAt < toUs && isWidgetNode(id)) micros += profile.timeDeltas[index + 1] ?? 0;
  });
  return micros / 1000;
}

export interface PageOptions {
  cpuSlowdown: number;
  /** Wall time after `load` that still counts (ms). */
  settleMs: number;
  /** Run on the page once loaded, before the settle time (scrolling to an embed, spinning a wheel). */
  act?: (page: Page) => Promise<void>;
  /** Run in the page before its own scripts (a fixed Math.random). */
  init?: () => void;
  /** Handed the visit's CPU profile (scripts/bench/module-profile.ts reads it by source module). */
  onProfile?: (profile: Profile) => void;
}

/** One fresh visit (new context, no cache) of `url`. */
export async function measurePage(browser: Browser, url: string, options: PageOptions): Promise<PageRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.addInitScript(installProbes);
  if (options.init) await page.addInitScript(options.init);
  const scripts: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => {
          scripts[new URL(response.url()).pathname] = gzipSync(body, { level: 9 }).length;
        },
        () => undefined,
      ),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    if (options.act) await options.act(page);
    await page.waitForTimeout(options.settleMs);
    await Promise.all(pending);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    options.onProfile?.(profile);
    // The profile's clock is the browser's monotonic one; the page's performance.now() counts from navigation start.
    await cdp.send('Performance.enable');
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const navigationStartUs = (metrics.find((metric) => metric.name === 'NavigationStart')?.value ?? Number.NaN) * 1e6;
    // The hand-written floors (pages.ts, by-hand.ts: bench-floor*.js) are measured as if they were the widget.
    const isWidget = (scriptUrl: string) =>
      scriptUrl.includes('/dist/') || /\/bench-floor(?:-[a-z]+)?\.js$/.test(scriptUrl);
    const scriptMs = widgetMilliseconds(profile, isWidget);
    const probes = await page.evaluate(() => ({
      ...(window as unknown as WindowProbes).__bench,
      loadMs: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      marks: performance.getEntriesByType('mark').map((mark) => ({ name: mark.name, at: mark.startTime })),
    }));
    const widgetLongTasks = probes.longTasks
      .map((task) => ({
        start: task.start,
        ms: task.ms,
        widgetMs: probes.scripts
          .filter((script) => isWidget(script.url) && script.start >= task.start && script.start < task.start + task.ms)
          .reduce((sum, script) => sum + script.ms, 0),
      }))
      .filter((task) => task.widgetMs > 0);
    const triggerToShown: Record<string, number> = {};
    const triggerToPainted: Record<string, TriggerWindow> = {};
    for (const shown of probes.marks.filter((mark) => mark.name.startsWith('poptin:shown:'))) {
      const id = shown.name.slice('poptin:shown:'.length);
      const fired = probes.marks.find((mark) => mark.name === `poptin:fired:${id}`);
      if (!fired) continue;
      triggerToShown[id] = shown.at - fired.at;
      const painted = probes.painted[id];
      if (painted === undefined) continue;
      triggerToPainted[id] = {
        ms: painted - fired.at,
        scriptMs: widgetMilliseconds(
          profile,
          isWidget,
          navigationStartUs + fired.at * 1000,
          navigationStartUs + painted * 1000,
        ),
        widgetLongTasks: widgetLongTasks.filter((task) => task.start < painted && task.start + task.ms > fired.at),
      };
    }
    return {
      scriptMs,
      longTasks: probes.longTasks.map((task) => task.ms),
      widgetLongTasks,
      cls: probes.cls,
      scriptBytes: Object.values(scripts).reduce((sum, bytes) => sum + bytes, 0),
      scripts,
      loadMs: probes.loadMs,
      triggerToShown,
      triggerToPainted,
    };
  } finally {
    await context.close();
  }
}

/**
 * `loadEventStart` (ms after navigation start) of one fresh visit (new context, empty cache) at full CPU speed,
 * with nothing else measured: the profiler and the probes of `measurePage` slow the page's own loading too.
 */
export async function loadEventOf(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
    );
  } finally {
    await context.close();
  }
}

export interface CycleResult {
  /** Pop-up elements still in the document after the last close. */
  popupsLeft: number;
  /** DOM nodes (document and detached, after a collection) after cycle 1 and after cycle 20. */
  nodesAfterFirst: number;
  nodesAfterLast: number;
  /** JavaScript heap in use (bytes, after a collection) after cycle 1 and after cycle 20. */
  heapAfterFirst: number;
  heapAfterLast: number;
  /**
   * JavaScript data (bytes) that 20 more cycles after those left in the heap: objects, arrays, strings, closures
   * and their shapes, from heap snapshots. Compiled code is left out (V8 keeps optimising the functions a showing
   * runs, which grows the heap for a while and then stops), and so are the browser's own records.
   */
  dataGrownAfterWarmUp: number;
}

/** Heap snapshot node types that are not the page's JavaScript data: compiled code, the browser's own objects. */
const NOT_DATA = new Set(['code', 'native', 'synthetic', 'hidden']);

async function javaScriptDataBytes(cdp: CDPSession): Promise<number> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const typeNames = snapshot.snapshot.meta.node_types[0];
  const [typeAt, sizeAt] = [fields.indexOf('type'), fields.indexOf('self_size')];
  let bytes = 0;
  for (let node = 0; node < snapshot.nodes.length; node += fields.length) {
    if (!NOT_DATA.has(typeNames[snapshot.nodes[node + typeAt]!]!)) bytes += snapshot.nodes[node + sizeAt]!;
  }
  return bytes;
}

/**
 * `cycles` times: `window.poptin.show(id)`, wait for its dialog to open, `close(id)`, wait for its element to go;
 * then as many again, to see what a page that keeps showing it holds once warmed up. The cycles run inside the page
 * (`showAndCloseInPage`), so that what the driver compiles to run them stays out of the heap.
 */
export async function showCloseCycles(
  browser: Browser,
  url: string,
  poptinId: string,
  cycles = 20,
): Promise<CycleResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { nodes } = (await cdp.send('Memory.getDOMCounters')) as { nodes: number };
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return { nodes, heap: usedSize };
  };
  const showAndClose = (times: number) => showAndCloseInPage(page, poptinId, times);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => Boolean((window as unknown as { poptin?: unknown }).poptin));
    await showAndClose(1);
    const first = await measure();
    await showAndClose(cycles - 1);
    const last = await measure();
    const popupsLeft = await page.evaluate(() => document.querySelectorAll('poptin-popup').length);
    await cdp.send('HeapProfiler.enable');
    const warm = await javaScriptDataBytes(cdp);
    await showAndClose(cycles);
    const dataGrownAfterWarmUp = (await javaScriptDataBytes(cdp)) - warm;
    return {
      popupsLeft,
      nodesAfterFirst: first.nodes,
      nodesAfterLast: last.nodes,
      heapAfterFirst: first.heap,
      heapAfterLast: last.heap,
      dataGrownAfterWarmUp,
    };
  } finally {
    await context.close();
  }
}
