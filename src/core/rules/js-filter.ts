import { evaluateNameValueFilter } from './name-value-filter.ts';
import type { RuleResult } from './types.ts';

/** js_filter (widget §3, §5): each rule names a global variable path such as `shop.customer.tier` or `dataLayer[0].event`. */
export function evaluateJsFilter(filterText: string, scope: object): RuleResult {
  return evaluateNameValueFilter('js_filter', filterText, (path) => stringifyValue(readGlobalPath(scope, path)));
}

/** Reads a dotted/bracketed path from `scope`; undefined when any step is missing or its getter throws. */
export function readGlobalPath(scope: object, path: string): unknown {
  const steps = path
    .replace(/^window\./, '')
    .replace(/\[\s*['"]?([^\]'"]*)['"]?\s*\]/g, '.$1')
    .split('.')
    .filter((step) => step !== '');
  let current: unknown = scope;
  for (const step of steps) {
    if (current === null || current === undefined) return undefined;
    try {
      current = (current as Record<string, unknown>)[step];
    } catch {
      return undefined;
    }
  }
  return current;
}

function stringifyValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'function' || typeof value === 'symbol') return null;
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}
