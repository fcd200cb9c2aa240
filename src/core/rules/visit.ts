// Rules on the visit (traffic-source.ts reads it): its UTM parameters, its traffic source, new or returning visitor,
// and the landing page against the later pages of the visit. Each reader returns the problems of a setting it cannot
// read, for the server's validation and for explain().
import type { PopupConfig } from '../config/types.ts';
import { FILTER_OPERATORS, type FilterOperator, matchesOperator, readOperator } from './operators.ts';
import {
  campaignValue,
  classifyTrafficSource,
  TRAFFIC_SOURCES,
  type TrafficSource,
  UTM_PARAMETERS,
  type UtmParameter,
  type VisitFacts,
} from './traffic-source.ts';
import { allow, block, type RuleResult, readShowRole, type ShowRole } from './types.ts';

export interface UtmRule {
  parameter: UtmParameter;
  operator: FilterOperator;
  value: string;
  show: ShowRole;
}

interface Read<Setting> {
  setting: Setting;
  problems: string[];
}

const OFF = new Set(['', 'all', 'any', 'no', 'off']);
const isOff = (raw: unknown) =>
  raw === undefined || raw === null || raw === false || (typeof raw === 'string' && OFF.has(raw.trim().toLowerCase()));

/**
 * `utm_targeting`: a list (or its JSON text) of `{parameter, operator, value, show}`, e.g.
 * `[{"parameter":"utm_campaign","operator":"contain","value":"spring","show":"show"}]`, `parameter` one of
 * UTM_PARAMETERS, `operator` a filter operator, `show` "show" (default) or "dont_show".
 */
export function readUtmTargeting(raw: unknown): Read<UtmRule[]> {
  if (isOff(raw)) return { setting: [], problems: [] };
  let entries = raw;
  if (typeof raw === 'string') {
    try {
      entries = JSON.parse(raw);
    } catch {
      return { setting: [], problems: ['is not a list of {parameter, operator, value, show} rules'] };
    }
  }
  const list = Array.isArray(entries) ? entries : [entries];
  const setting: UtmRule[] = [];
  const problems: string[] = [];
  list.forEach((entry, index) => {
    const record = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    const parameter = typeof record.parameter === 'string' ? record.parameter.trim().toLowerCase() : '';
    const operator = typeof record.operator === 'string' ? readOperator(record.operator) : null;
    const show =
      record.show === undefined ? 'show' : typeof record.show === 'string' ? readShowRole(record.show) : null;
    const value = typeof record.value === 'string' || typeof record.value === 'number' ? String(record.value) : '';
    const problem = !(UTM_PARAMETERS as readonly string[]).includes(parameter)
      ? `parameter must be one of ${UTM_PARAMETERS.join(', ')}`
      : !operator
        ? `operator must be one of ${FILTER_OPERATORS.join(', ')}`
        : !show
          ? 'show must be "show" or "dont_show"'
          : value.trim() === '' && operator !== 'any_value'
            ? 'value is required'
            : null;
    if (problem) problems.push(`rule ${index + 1}: ${problem}`);
    else setting.push({ parameter: parameter as UtmParameter, operator: operator!, value, show: show! });
  });
  return { setting, problems };
}

/** `traffic_source_targeting`: `{show, sources: ["search", "social"]}` or the text form `show|search,social`. */
export function readTrafficSourceTargeting(raw: unknown): Read<{ show: ShowRole; sources: TrafficSource[] } | null> {
  if (isOff(raw)) return { setting: null, problems: [] };
  let show: ShowRole | null = 'show';
  let list: unknown = raw;
  if (typeof raw === 'string' && raw.includes('|')) {
    const [first = '', ...rest] = raw.split('|');
    show = readShowRole(first);
    list = rest.join('|');
  } else if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const record = raw as Record<string, unknown>;
    show = record.show === undefined ? 'show' : typeof record.show === 'string' ? readShowRole(record.show) : null;
    list = record.sources;
  }
  const words = Array.isArray(list) ? list : typeof list === 'string' ? list.split(/[,\s]+/) : [];
  const problems: string[] = [];
  if (!show) problems.push('show must be "show" or "dont_show"');
  const sources: TrafficSource[] = [];
  for (const word of words) {
    const source = typeof word === 'string' ? word.trim().toLowerCase() : '';
    if (source === '') continue;
    if ((TRAFFIC_SOURCES as readonly string[]).includes(source)) sources.push(source as TrafficSource);
    else problems.push(`unknown traffic source ${JSON.stringify(word)}: use ${TRAFFIC_SOURCES.join(', ')}`);
  }
  if (sources.length === 0 && problems.length === 0)
    problems.push(`names no traffic source: use ${TRAFFIC_SOURCES.join(', ')}`);
  return { setting: show && sources.length ? { show, sources } : null, problems };
}

/** A setting of one word among `words`, or off ("", "all"). */
function readWord<Word extends string>(raw: unknown, words: readonly Word[]): Read<Word | null> {
  if (isOff(raw)) return { setting: null, problems: [] };
  const word = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if ((words as readonly string[]).includes(word)) return { setting: word as Word, problems: [] };
  return { setting: null, problems: [`must be ${words.map((w) => `"${w}"`).join(' or ')}, or "all"`] };
}

export const readVisitorType = (raw: unknown) => readWord(raw, ['new', 'returning'] as const);
export const readVisitPage = (raw: unknown) => readWord(raw, ['landing', 'later'] as const);

const ignoredNote = (problems: string[]) => (problems.length ? `; ignored: ${problems.join('; ')}` : '');

/** Any matching dont_show rule blocks; for each parameter that has show rules, one of them must match. */
export function evaluateUtmTargeting(config: PopupConfig, facts: Pick<VisitFacts, 'campaign'>): RuleResult {
  const name = 'utm_targeting';
  const { setting: rules, problems } = readUtmTargeting(config.raw.utm_targeting);
  const note = ignoredNote(problems);
  if (rules.length === 0) return allow(name, `no UTM rules${note}`);
  const actual = (parameter: UtmParameter) => campaignValue(facts, parameter) || null;
  const shown = (parameter: UtmParameter) => `${parameter} "${actual(parameter) ?? '(none)'}"`;
  const matches = (rule: UtmRule) => matchesOperator(rule.operator, actual(rule.parameter), rule.value);
  const hidden = rules.find((rule) => rule.show === 'dont_show' && matches(rule));
  if (hidden)
    return block(name, `${shown(hidden.parameter)} matches dont_show ${hidden.operator} "${hidden.value}"${note}`);
  for (const parameter of UTM_PARAMETERS) {
    const showRules = rules.filter((rule) => rule.show === 'show' && rule.parameter === parameter);
    if (showRules.length && !showRules.some(matches))
      return block(
        name,
        `${shown(parameter)} matches none of ${showRules.map((r) => `${r.operator} "${r.value}"`).join(', ')}${note}`,
      );
  }
  return allow(name, `${[...new Set(rules.map((rule) => rule.parameter))].map(shown).join(', ')} allowed${note}`);
}

export function evaluateTrafficSource(
  config: PopupConfig,
  facts: Pick<VisitFacts, 'referrerHost' | 'campaign'>,
): RuleResult {
  const name = 'traffic_source_targeting';
  const { setting, problems } = readTrafficSourceTargeting(config.raw.traffic_source_targeting);
  if (!setting) return allow(name, `no traffic source targeting${ignoredNote(problems)}`);
  const { source, why } = classifyTrafficSource(facts);
  const listed = setting.sources.includes(source);
  const verdict = `the visit is ${source} (${why}); ${setting.show === 'show' ? 'shown' : 'hidden'} for ${setting.sources.join(', ')}`;
  return listed === (setting.show === 'show') ? allow(name, verdict) : block(name, verdict);
}

export function evaluateVisitorType(config: PopupConfig, facts: Pick<VisitFacts, 'returning'>): RuleResult {
  const name = 'visitor_type_targeting';
  const { setting, problems } = readVisitorType(config.raw.visitor_type_targeting);
  if (!setting) return allow(name, `no visitor type targeting${ignoredNote(problems)}`);
  const type = facts.returning ? 'returning' : 'new';
  const verdict = `a ${type} visitor; shown to ${setting} visitors`;
  return type === setting ? allow(name, verdict) : block(name, verdict);
}

export function evaluateVisitPage(config: PopupConfig, facts: Pick<VisitFacts, 'landing'>): RuleResult {
  const name = 'visit_page_targeting';
  const { setting, problems } = readVisitPage(config.raw.visit_page_targeting);
  if (!setting) return allow(name, `no landing page targeting${ignoredNote(problems)}`);
  const page = facts.landing ? 'landing' : 'later';
  const verdict = `${facts.landing ? 'the landing page of the visit' : 'a later page of the visit'}; shown on ${
    setting === 'landing' ? 'the landing page' : 'later pages'
  }`;
  return page === setting ? allow(name, verdict) : block(name, verdict);
}
