import { type NameValueRule, parseNameValueFilter } from './filter-string.ts';
import { matchesOperator } from './operators.ts';
import { allow, block, type RuleResult, roleAllows } from './types.ts';

/** Evaluates a cookie or JS filter against a reader of named values (null when the name is absent). */
export function evaluateNameValueFilter(
  rule: string,
  filterText: string,
  read: (name: string) => string | null,
): RuleResult {
  const { rules, ignored } = parseNameValueFilter(filterText);
  const ignoredNote = ignored.length
    ? `; ignored unreadable part(s): ${ignored.map((part) => `"${part}"`).join(', ')}`
    : '';
  if (rules.length === 0) return allow(rule, `no ${rule} set${ignoredNote}`);
  for (const filterRule of rules) {
    const actual = read(filterRule.name);
    const holds = matchesOperator(filterRule.operator, actual, filterRule.value);
    if (!roleAllows(filterRule.show, holds))
      return block(rule, `${describe(filterRule)} — value is ${quote(actual)}${ignoredNote}`);
  }
  return allow(rule, `all ${rules.length} rule(s) pass: ${rules.map(describe).join('; ')}${ignoredNote}`);
}

function describe(rule: NameValueRule): string {
  const condition =
    rule.operator === 'any_value' ? `${rule.name} has any value` : `${rule.name} ${rule.operator} "${rule.value}"`;
  return `${rule.show} when ${condition}`;
}

function quote(value: string | null): string {
  return value === null ? 'absent' : `"${value}"`;
}
