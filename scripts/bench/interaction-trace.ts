// What runs between an interaction's input and its next paint, read from a DevTools trace of it: the pieces of
// main-thread work in that window (the input's listeners, timers, animation frames, style, layout, paint) and
// the JavaScript functions by self time (the trace's CPU samples, 100 µs apart, mapped to the sources with the
// build's source maps), so that a cut aims at what holds the paint back. The window is the Event Timing
// API's: from the first event of the interaction to the paint after its last.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Browser, Page } from 'playwright-core';
import { outermost, WRAPPERS } from './long-tasks.ts';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.cpu_profiler.hires',
];
const ANCHOR = 'poptin-bench:trace-anchor';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  id?: string;
  args?: {
    data?: {
      type?: string;
      url?: string;
      functionName?: string;
      startTime?: number;
      cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: CallFrame }[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** The main-thread work in one interaction's window, by piece and by function (ms). */
export interface InteractionProfile {
  windowMs: number;
  pieces: Map<string, number>;
  functions: Map<string, number>;
}

function pieceOf(event: TraceEvent): string {
  const data = event.args?.data;
  switch (event.name) {
    case 'EventDispatch':
      return `listeners of ${data?.type ?? '?'}`;
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame callback';
    case 'FunctionCall':
      return 'function call (task, promise, observer)';
    case 'UpdateLayoutTree':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'PrePaint':
    case 'Paint':
    case 'PaintImage':
    case 'Layerize':
    case 'Commit':
      return 'paint and commit';
    case 'MinorGC':
    case 'MajorGC':
      return 'garbage collection';
    default:
      return event.name;
  }
}

const maps = new Map<string, TraceMap | null>();
function sourceMapOf(url: string, distDir: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = path.join(distDir, new URL(url).pathname.replace(/^\/dist\//, ''));
    try {
      maps.set(url, new TraceMap(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url) ?? null;
}

/** A sampled frame as "function (source:line)", the widget's mapped to its sources. */
function frameName(frame: CallFrame, distDir: string): string {
  if (!frame.url) return `${frame.functionName || '(anonymous)'} [native]`;
  const map = frame.url.includes('/dist/') ? sourceMapOf(frame.url, distDir) : null;
  if (!map) return `${frame.functionName || '(anonymous)'} (${new URL(frame.url).pathname})`;
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = at.source ? at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '') : '?';
  return `${at.name ?? frame.functionName ?? '(anonymous)'} (${source}:${at.line ?? '?'})`;
}

/** Starts a trace of the page's work; `stop` reads the window of the Event Timing entries given. */
export async function startInteractionTrace(browser: Browser, page: Page) {
  await browser.startTracing(page, { categories: CATEGORIES });
  const anchorAt = await page.evaluate((name) => performance.mark(name).startTime, ANCHOR);
  return {
    async stop(distDir: string, window: { start: number; end: number }): Promise<InteractionProfile> {
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      const events = trace.traceEvents;
      const anchor = events.find((event) => event.name === ANCHOR);
      const profile: InteractionProfile = {
        windowMs: window.end - window.start,
        pieces: new Map(),
        functions: new Map(),
      };
      if (!anchor) return profile;
      // The page's clock (ms) on the trace's (µs).
      const from = anchor.ts + (window.start - anchorAt) * 1000;
      const to = anchor.ts + (window.end - anchorAt) * 1000;
      const onMain = events.filter(
        (event) => event.pid === anchor.pid && event.tid === anchor.tid && event.ph === 'X' && event.dur !== undefined,
      );
      const inside = onMain.filter(
        (event) => !WRAPPERS.has(event.name) && event.dur! > 0 && event.ts < to && event.ts + event.dur! > from,
      );
      for (const event of outermost(inside)) {
        const ms = (Math.min(to, event.ts + event.dur!) - Math.max(from, event.ts)) / 1000;
        profile.pieces.set(pieceOf(event), (profile.pieces.get(pieceOf(event)) ?? 0) + ms);
      }

      // The CPU samples of the main thread's profile (its chunks carry new nodes and samples in order).
      const start = events.find(
        (event) => event.name === 'Profile' && event.pid === anchor.pid && event.tid === anchor.tid,
      );
      if (!start) return profile;
      const nodes = new Map<number, { parent?: number; callFrame: CallFrame }>();
      let sampledAt = start.args?.data?.startTime ?? 0;
      const samples: { node: number; at: number }[] = [];
      for (const chunk of events) {
        if (chunk.name !== 'ProfileChunk' || chunk.id !== start.id) continue;
        const data = chunk.args?.data;
        for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
        (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
          sampledAt += data?.timeDeltas?.[index] ?? 0;
          samples.push({ node, at: sampledAt });
        });
      }
      samples.forEach((sample, index) => {
        const next = samples[index + 1];
        if (!next || sample.at < from || sample.at >= to) return;
        const leaf = nodes.get(sample.node);
        if (!leaf) return;
        let name = frameName(leaf.callFrame, distDir);
        // A native call or the browser's own work counts with the nearest script frame above it.
        if (!leaf.callFrame.url) {
          let parent = leaf.parent === undefined ? undefined : nodes.get(leaf.parent);
          while (parent && !parent.callFrame.url)
            parent = parent.parent === undefined ? undefined : nodes.get(parent.parent);
          if (parent) name += ` ← ${frameName(parent.callFrame, distDir)}`;
        }
        profile.functions.set(name, (profile.functions.get(name) ?? 0) + (next.at - sample.at) / 1000);
      });
      return profile;
    },
  };
}

/** Sums profiles of one interaction over several visits into a mean per visit. */
export function meanProfile(profiles: InteractionProfile[]): InteractionProfile {
  const mean: InteractionProfile = { windowMs: 0, pieces: new Map(), functions: new Map() };
  const add = (into: Map<string, number>, from: Map<string, number>) => {
    for (const [key, ms] of from) into.set(key, (into.get(key) ?? 0) + ms / profiles.length);
  };
  for (const profile of profiles) {
    mean.windowMs += profile.windowMs / profiles.length;
    add(mean.pieces, profile.pieces);
    add(mean.functions, profile.functions);
  }
  return mean;
}
