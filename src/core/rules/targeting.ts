import type { PopupConfig } from '../config/types.ts';
import { type FilterOperator, matchesOperator, readOperator } from './operators.ts';
import { allow, block, type RuleResult, readShowRole, type ShowRole } from './types.ts';

export interface TargetingRule {
  operator: FilterOperator;
  value: string;
  show: ShowRole;
}

/**
 * Reads `page_targeting` / `referrer_targeting` from the raw pop-up: an array (or its JSON text) of
 * `{operator, value, show}` with the filter operators of widget §5, e.g.
 * `[{"operator":"contain","value":"/pricing","show":"show"},{"operator":"end","value":"/checkout","show":"dont_show"}]`.
 * `show` defaults to "show".
 */
export function readTargetingRules(raw: unknown): { rules: TargetingRule[]; ignored: string[] } {
  let entries: unknown = raw;
  if (typeof raw === 'string') {
    if (!raw.trim()) return { rules: [], ignored: [] };
    try {
      entries = JSON.parse(raw);
    } catch {
      return { rules: [], ignored: [raw] };
    }
  }
  if (entries === undefined || entries === null) return { rules: [], ignored: [] };
  const list = Array.isArray(entries) ? entries : [entries];
  const rules: TargetingRule[] = [];
  const ignored: string[] = [];
  for (const entry of list) {
    const record = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    const operator = typeof record.operator === 'string' ? readOperator(record.operator) : null;
    const show = typeof record.show === 'string' ? readShowRole(record.show) : 'show';
    const value =
      typeof record.value === 'string' ? record.value : typeof record.value === 'number' ? String(record.value) : '';
    if (!operator || !show || (value === '' && operator !== 'any_value')) ignored.push(JSON.stringify(entry));
    else rules.push({ operator, value, show });
  }
  return { rules, ignored };
}

/**
 * Any matching dont_show rule blocks; when show rules exist, at least one must match (OR).
 * An empty address (no referrer) is "absent": it matches no operator, not even any_value.
 */
export function evaluateTargeting(ruleName: string, raw: unknown, address: string): RuleResult {
  const { rules, ignored } = readTargetingRules(raw);
  const note = ignored.length ? `; ignored unreadable rule(s): ${ignored.join(', ')}` : '';
  if (rules.length === 0) return allow(ruleName, `no ${ruleName} rules${note}`);
  const actual = address.trim() === '' ? null : address;
  const shown = actual === null ? '(none)' : actual;
  const hidden = rules.find((rule) => rule.show === 'dont_show' && matchesOperator(rule.operator, actual, rule.value));
  if (hidden) return block(ruleName, `"${shown}" matches dont_show ${hidden.operator} "${hidden.value}"${note}`);
  const showRules = rules.filter((rule) => rule.show === 'show');
  if (showRules.length === 0) return allow(ruleName, `"${shown}" matches no dont_show rule${note}`);
  const matched = showRules.find((rule) => matchesOperator(rule.operator, actual, rule.value));
  if (matched) return allow(ruleName, `"${shown}" matches show ${matched.operator} "${matched.value}"${note}`);
  return block(
    ruleName,
    `"${shown}" matches none of the show rules: ${showRules.map((r) => `${r.operator} "${r.value}"`).join(', ')}${note}`,
  );
}

export function evaluatePageTargeting(config: PopupConfig, pageUrl: string): RuleResult {
  return evaluateTargeting('page_targeting', config.raw.page_targeting, pageUrl);
}

export function evaluateReferrerTargeting(config: PopupConfig, referrer: string): RuleResult {
  return evaluateTargeting('referrer_targeting', config.raw.referrer_targeting, referrer);
}
