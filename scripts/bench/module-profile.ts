// Where a page's widget milliseconds and bytes go, by source module: the visit's CPU profile (DevTools Profiler,
// 100 µs samples) and the loaded files mapped back through the build's source maps. A sample's self time counts for
// the module of its innermost widget frame (a native call or the browser's own work for the script that made it, as
// page-metrics.ts counts the widget's script time); a module's bytes are its part of each file's generated code,
// as a share of that file's gzip size.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodedMappings, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Profile } from './page-metrics.ts';

/** Generated code no source map line points at: the bundler's own glue between modules. */
export const UNMAPPED = '(bundler glue, unmapped)';

/** A source map's path as the repository names it; a dependency by its package path. */
const sourceName = (source: string | null) =>
  source ? source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '') : UNMAPPED;

const maps = new Map<string, TraceMap | null>();
/** The source map of `file` (a path under `distDir`), or null when it has none. */
function mapOf(distDir: string, file: string): TraceMap | null {
  const at = path.join(distDir, file);
  if (!maps.has(at)) {
    try {
      maps.set(at, new TraceMap(readFileSync(`${at}.map`, 'utf8')));
    } catch {
      maps.set(at, null);
    }
  }
  return maps.get(at) ?? null;
}

/**
 * The widget's file under `distDir` of a script address (`…/dist/name.js?…`), or null for another script, V8's own
 * (`v8/LoadTimes`, no URL) included.
 */
function distFile(url: string): string | null {
  const pathname = url.startsWith('/') ? url : URL.canParse(url) ? new URL(url).pathname : '';
  return pathname.startsWith('/dist/') ? pathname.slice('/dist/'.length) : null;
}

/** Self time (ms) of the widget's code by source module, over the whole profile. */
export function selfMsByModule(profile: Profile, distDir: string): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const moduleOf = new Map<number, string | null>();
  const nodeModule = (id: number): string | null => {
    if (moduleOf.has(id)) return moduleOf.get(id)!;
    const frame = byId.get(id)?.callFrame;
    const parent = parentOf.get(id);
    let result: string | null;
    if (!frame?.url) result = parent === undefined ? null : nodeModule(parent);
    else {
      const file = distFile(frame.url);
      const map = file ? mapOf(distDir, file) : null;
      result = !file
        ? null
        : map
          ? sourceName(originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source)
          : file;
    }
    moduleOf.set(id, result);
    return result;
  };
  const selfMs = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const module = nodeModule(id);
    const micros = profile.timeDeltas[index + 1] ?? 0;
    if (module) selfMs.set(module, (selfMs.get(module) ?? 0) + micros / 1000);
  });
  return selfMs;
}

/** gzip bytes by source module of the widget's files a page loaded (`scripts`: path → gzip bytes, as measured). */
export function gzipBytesByModule(scripts: Record<string, number>, distDir: string): Map<string, number> {
  const bytes = new Map<string, number>();
  const add = (module: string, value: number) => bytes.set(module, (bytes.get(module) ?? 0) + value);
  for (const [url, gzip] of Object.entries(scripts)) {
    const file = distFile(url);
    if (!file) continue;
    const map = mapOf(distDir, file);
    if (!map) {
      add(file, gzip);
      continue;
    }
    const lines = readFileSync(path.join(distDir, file), 'utf8').split('\n');
    const raw = new Map<string, number>();
    let total = 0;
    decodedMappings(map).forEach((segments, line) => {
      const length = Buffer.byteLength(lines[line] ?? '');
      // Columns are UTF-16 code units; the few non-ASCII characters of a file move a module's share by a byte or two.
      const sorted = [...segments].sort((a, b) => a[0] - b[0]);
      let covered = sorted[0]?.[0] ?? length;
      raw.set(UNMAPPED, (raw.get(UNMAPPED) ?? 0) + covered);
      sorted.forEach((segment, index) => {
        const end = Math.min(length, sorted[index + 1]?.[0] ?? length);
        const module = segment.length > 1 ? sourceName(map.sources[segment[1]!] ?? null) : UNMAPPED;
        raw.set(module, (raw.get(module) ?? 0) + Math.max(0, end - segment[0]));
        covered = end;
      });
      total += length;
    });
    for (const [module, size] of raw) if (total > 0) add(module, (size / total) * gzip);
  }
  return bytes;
}

/** One module's median self time and its gzip bytes over a case's visits. */
export interface ModuleCost {
  module: string;
  gzipBytes: number;
  selfMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** Each module's median self time over the visits (0 in a visit that did not run it) and its bytes, most costly first. */
export function moduleCosts(
  visits: { profile: Profile; scripts: Record<string, number> }[],
  distDir: string,
): ModuleCost[] {
  const times = visits.map((visit) => selfMsByModule(visit.profile, distDir));
  const bytes = gzipBytesByModule(visits[0]?.scripts ?? {}, distDir);
  const modules = new Set([...bytes.keys(), ...times.flatMap((time) => [...time.keys()])]);
  return [...modules]
    .map((module) => ({
      module,
      gzipBytes: bytes.get(module) ?? 0,
      selfMs: median(times.map((time) => time.get(module) ?? 0)),
    }))
    .sort((a, b) => b.selfMs - a.selfMs || b.gzipBytes - a.gzipBytes);
}
