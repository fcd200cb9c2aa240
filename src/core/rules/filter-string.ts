import { type FilterOperator, readOperator } from './operators.ts';
import { readShowRole, type ShowRole } from './types.ts';

export interface NameValueRule {
  show: ShowRole;
  operator: FilterOperator;
  name: string;
  value: string;
}

export interface ParsedFilter {
  rules: NameValueRule[];
  /** Parts of the filter that could not be read, quoted for the explanation. */
  ignored: string[];
}

/*
 * Format of cookie_filter and js_filter.
 *
 * A filter holds one or more rules, separated by ";" or line breaks. A rule is "|"-separated:
 *
 *     <show|dont_show>|<operator>|<name>=<value>
 *
 *     show|exact|plan=pro ; dont_show|contain|utm_source=newsletter
 *     show|any_value|returning_customer
 *     show|greater_than|cart.total=100
 *
 * - The show word and the operator may come first or last and in either order; show defaults to "show",
 *   the operator to "exact" when a value is given and to "any_value" when not.
 * - The pair splits on the first "=", so values may contain "=" and "|"; without "=", "name|value" is
 *   also read. Values may be percent-encoded (write ";" as %3B).
 * - A JSON array (or single object) of {show, operator, name, value} is accepted too.
 * All rules must allow for the filter to allow (AND).
 */
export function parseNameValueFilter(text: string): ParsedFilter {
  const source = text.trim();
  if (!source) return { rules: [], ignored: [] };
  if (source.startsWith('[') || source.startsWith('{')) {
    const fromJson = parseJsonRules(source);
    if (fromJson) return fromJson;
  }
  const rules: NameValueRule[] = [];
  const ignored: string[] = [];
  for (const part of source.split(/;|\r?\n/)) {
    if (!part.trim()) continue;
    const rule = parseTextRule(part);
    if (rule) rules.push(rule);
    else ignored.push(part.trim());
  }
  return { rules, ignored };
}

function parseTextRule(text: string): NameValueRule | null {
  const tokens = text.split('|').map((token) => token.trim());
  let show: ShowRole | null = null;
  let operator: FilterOperator | null = null;
  const takeKeyword = (token: string | undefined): boolean => {
    if (token === undefined) return false;
    const role = show === null ? readShowRole(token) : null;
    if (role) {
      show = role;
      return true;
    }
    const op = operator === null ? readOperator(token) : null;
    if (op) {
      operator = op;
      return true;
    }
    return false;
  };
  while (tokens.length > 1 && takeKeyword(tokens[0])) tokens.shift();
  while (tokens.length > 1 && takeKeyword(tokens[tokens.length - 1])) tokens.pop();
  const pair = tokens.join('|');
  let name: string;
  let value: string;
  const equals = pair.indexOf('=');
  const bar = pair.indexOf('|');
  if (equals >= 0) {
    name = pair.slice(0, equals);
    value = pair.slice(equals + 1);
  } else if (bar >= 0) {
    name = pair.slice(0, bar);
    value = pair.slice(bar + 1);
  } else {
    name = pair;
    value = '';
  }
  return buildRule(show, operator, name, value);
}

function buildRule(
  show: ShowRole | null,
  operator: FilterOperator | null,
  name: string,
  value: string,
): NameValueRule | null {
  const cleanName = decodeLeniently(name.trim());
  if (!cleanName || readShowRole(cleanName) || readOperator(cleanName)) return null;
  const cleanValue = decodeLeniently(value.trim());
  return {
    show: show ?? 'show',
    operator: operator ?? (cleanValue === '' ? 'any_value' : 'exact'),
    name: cleanName,
    value: cleanValue,
  };
}

function parseJsonRules(source: string): ParsedFilter | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    return null;
  }
  const entries = Array.isArray(parsed) ? parsed : [parsed];
  const rules: NameValueRule[] = [];
  const ignored: string[] = [];
  for (const entry of entries) {
    const record = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    const text = (key: string[]): string => {
      for (const k of key) if (typeof record[k] === 'string' || typeof record[k] === 'number') return String(record[k]);
      return '';
    };
    const showWord = text(['show', 'display', 'role']);
    const operatorWord = text(['operator', 'condition', 'op']);
    const show = showWord ? readShowRole(showWord) : null;
    const operator = operatorWord ? readOperator(operatorWord) : null;
    const rule =
      (showWord && !show) || (operatorWord && !operator)
        ? null
        : buildRule(show, operator, text(['name', 'key', 'variable', 'cookie']), text(['value']));
    if (rule) rules.push(rule);
    else ignored.push(JSON.stringify(entry));
  }
  return { rules, ignored };
}

function decodeLeniently(text: string): string {
  if (!/%[0-9a-f]{2}/i.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
