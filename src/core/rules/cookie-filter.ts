import { evaluateNameValueFilter } from './name-value-filter.ts';
import type { RuleResult } from './types.ts';

/** cookie_filter (widget §3, §5) against the page's cookies, already split into name → value. */
export function evaluateCookieFilter(filterText: string, cookies: Readonly<Record<string, string>>): RuleResult {
  return evaluateNameValueFilter('cookie_filter', filterText, (name) =>
    Object.hasOwn(cookies, name) ? cookies[name] : null,
  );
}
