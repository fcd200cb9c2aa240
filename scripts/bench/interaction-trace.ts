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
  /** The main thread's tasks over 50 ms from the input to 1 s after it, each with what it was made of. */
  longTasks: { startMs: number; ms: number; pieces: Map<string, number>; functions: Map<string, number> }[];
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
      return 'paint';
    case 'Layerize':
      return 'layerize';
    case 'Commit':
      return 'commit';
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

/** Where the main thread's time went from `from` to `to` (the trace's µs): pieces, and functions by self time. */
function attribute(
  onMain: TraceEvent[],
  samples: Sample[],
  distDir: string,
  from: number,
  to: number,
): Pick<InteractionProfile, 'pieces' | 'functions'> {
  const pieces = new Map<string, number>();
  const functions = new Map<string, number>();
  const inside = onMain.filter(
    (event) => !WRAPPERS.has(event.name) && event.dur! > 0 && event.ts < to && event.ts + event.dur! > from,
  );
  for (const event of outermost(inside)) {
    const ms = (Math.min(to, event.ts + event.dur!) - Math.max(from, event.ts)) / 1000;
    pieces.set(pieceOf(event), (pieces.get(pieceOf(event)) ?? 0) + ms);
  }
  for (const sample of samples) {
    if (sample.at < from || sample.at >= to) continue;
    const name = sampleName(sample.leaf, sample.nodes, distDir);
    functions.set(name, (functions.get(name) ?? 0) + sample.ms);
  }
  return { pieces, functions };
}

interface ProfileNode {
  parent?: number;
  callFrame: CallFrame;
}
interface Sample {
  leaf: ProfileNode;
  nodes: Map<number, ProfileNode>;
  at: number;
  ms: number;
}

/** A native call or the browser's own work counts with the nearest script frame above it. */
function sampleName(leaf: ProfileNode, nodes: Map<number, ProfileNode>, distDir: string): string {
  const name = frameName(leaf.callFrame, distDir);
  if (leaf.callFrame.url) return name;
  let parent = leaf.parent === undefined ? undefined : nodes.get(leaf.parent);
  while (parent && !parent.callFrame.url) parent = parent.parent === undefined ? undefined : nodes.get(parent.parent);
  return parent ? `${name} ← ${frameName(parent.callFrame, distDir)}` : name;
}

/** The CPU samples of a thread's profile (its chunks carry new nodes and samples in order). */
function samplesOf(events: TraceEvent[], thread: TraceEvent): Sample[] {
  const start = events.find(
    (event) => event.name === 'Profile' && event.pid === thread.pid && event.tid === thread.tid,
  );
  if (!start) return [];
  const nodes = new Map<number, ProfileNode>();
  let sampledAt = start.args?.data?.startTime ?? 0;
  const taken: { node: number; at: number }[] = [];
  for (const chunk of events) {
    if (chunk.name !== 'ProfileChunk' || chunk.id !== start.id) continue;
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      sampledAt += data?.timeDeltas?.[index] ?? 0;
      taken.push({ node, at: sampledAt });
    });
  }
  return taken.flatMap((sample, index) => {
    const next = taken[index + 1];
    const leaf = nodes.get(sample.node);
    return next && leaf ? [{ leaf, nodes, at: sample.at, ms: (next.at - sample.at) / 1000 }] : [];
  });
}

/** How long after the input the widget's long tasks are looked for. */
const LONG_TASKS_WITHIN_MS = 1_000;

/** Starts a trace of the page's work; `stop` reads the window of the Event Timing entries given. */
export async function startInteractionTrace(browser: Browser, page: Page) {
  await browser.startTracing(page, { categories: CATEGORIES });
  const anchorAt = await page.evaluate((name) => performance.mark(name).startTime, ANCHOR);
  return {
    async stop(distDir: string, window: { start: number; end: number }): Promise<InteractionProfile> {
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      const events = trace.traceEvents;
      const anchor = events.find((event) => event.name === ANCHOR);
      const empty: InteractionProfile = {
        windowMs: window.end - window.start,
        pieces: new Map(),
        functions: new Map(),
        longTasks: [],
      };
      if (!anchor) return empty;
      // The page's clock (ms) on the trace's (µs).
      const from = anchor.ts + (window.start - anchorAt) * 1000;
      const to = anchor.ts + (window.end - anchorAt) * 1000;
      const onMain = events.filter(
        (event) => event.pid === anchor.pid && event.tid === anchor.tid && event.ph === 'X' && event.dur !== undefined,
      );
      const samples = samplesOf(events, anchor);
      const longTasks = onMain
        .filter(
          (task) =>
            task.name === 'RunTask' &&
            task.dur! > 50_000 &&
            task.ts + task.dur! > from &&
            task.ts < from + LONG_TASKS_WITHIN_MS * 1000,
        )
        .map((task) => ({
          startMs: (task.ts - from) / 1000,
          ms: task.dur! / 1000,
          ...attribute(onMain, samples, distDir, task.ts, task.ts + task.dur!),
        }));
      return { ...empty, ...attribute(onMain, samples, distDir, from, to), longTasks };
    },
  };
}

/** Sums profiles of one interaction over several visits into a mean per visit. */
export function meanProfile(profiles: InteractionProfile[]): InteractionProfile {
  const mean: InteractionProfile = {
    windowMs: 0,
    pieces: new Map(),
    functions: new Map(),
    longTasks: profiles.flatMap((profile) => profile.longTasks),
  };
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
