// The display rules the rule builder edits beyond the older settings form: the schedule, the visit rules (traffic
// source, UTM, new or returning visitor, landing page) and the filters written as text on the wire (engagement with
// other pop-ups, cookies, JavaScript variables), each as rows a form shows and back to the wire's own form.
import { type EngagementCondition, parseEngagementFilter } from '../../../core/rules/engagement.ts';
import { parseNameValueFilter } from '../../../core/rules/filter-string.ts';
import { FILTER_OPERATORS, type FilterOperator, readOperator } from '../../../core/rules/operators.ts';
import { MAX_WEEKLY_RANGES } from '../../../core/rules/schedule.ts';
import {
  TRAFFIC_SOURCES,
  type TrafficSource,
  UTM_PARAMETERS,
  type UtmParameter,
} from '../../../core/rules/traffic-source.ts';
import {
  readTrafficSourceTargeting,
  readUtmTargeting,
  readVisitorType,
  readVisitPage,
} from '../../../core/rules/visit.ts';
import { type RawConfig, recordOf, textOf } from './values.ts';

export type { EngagementCondition, FilterOperator, TrafficSource, UtmParameter };
export { FILTER_OPERATORS, MAX_WEEKLY_RANGES, TRAFFIC_SOURCES, UTM_PARAMETERS };
export type ShowRole = 'show' | 'dont_show';

export interface WeeklyRow {
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  days: number[];
  /** "HH:MM"; a `to` of "00:00" or "24:00" is midnight at the end of the day. */
  from: string;
  to: string;
}

export interface ScheduleSetting {
  /** "YYYY-MM-DDTHH:MM" (seconds may follow, as the wire allows) or "" for none. */
  start: string;
  end: string;
  weekly: WeeklyRow[];
  timeZone: 'site' | 'visitor';
}

export interface UtmRow {
  parameter: UtmParameter;
  operator: FilterOperator;
  value: string;
  show: ShowRole;
}

export interface VisitSettings {
  trafficSource: { show: ShowRole; sources: TrafficSource[] };
  utm: UtmRow[];
  visitorType: 'all' | 'new' | 'returning';
  visitPage: 'all' | 'landing' | 'later';
}

export interface NameValueRow {
  show: ShowRole;
  operator: FilterOperator;
  name: string;
  value: string;
}

export interface EngagementRow {
  show: ShowRole;
  condition: EngagementCondition;
  /** A pop-up type, or "any". */
  kind: string;
  /** A pop-up id, or "any": any other pop-up. */
  id: string;
}

export const ENGAGEMENT_CONDITIONS: readonly EngagementCondition[] = ['seen_poptin', 'not_seen', 'closed', 'converted'];

/** Every key of the configuration that is a display rule: what the rules' JSON view shows and edits. */
export const RULE_KEYS = [
  'display_after_sec_active',
  'display_after_sec_active_on',
  'display_after_scroll_active',
  'display_after_page_click_number_active',
  'display_after_visit_page_active',
  'display_after_inactive_seconds_active',
  'display_after_exit_website_active',
  'on_click',
  'd_f_r',
  'd_f_a',
  'schedule',
  'page_targeting',
  'referrer_targeting',
  'show_on_device',
  'device_target',
  'country_targeting',
  'traffic_source_targeting',
  'utm_targeting',
  'visitor_type_targeting',
  'visit_page_targeting',
  'engagement_with_other_poptin_filter',
  'cookie_filter',
  'js_filter',
  'stop_showing_to_converted_users',
  'shopify_cart_trigger_active',
  'shopify_cart_trigger_action',
  'shopify_cart_trigger_cart_spec_filter',
  'shopify_cart_trigger_cart_spec_value',
] as const;

const CLOCK = /^\d{2}:\d{2}$/;

/** The schedule as the form shows it; none is an empty schedule. */
export function scheduleOf(config: RawConfig): ScheduleSetting {
  const raw = recordOf(config.schedule);
  const weekly = Array.isArray(raw.weekly) ? raw.weekly : [];
  return {
    start: textOf(raw.start),
    end: textOf(raw.end),
    weekly: weekly.map((entry) => {
      const range = recordOf(entry);
      const days = Array.isArray(range.days) ? range.days.filter((day): day is number => Number.isInteger(day)) : [];
      // A time field cannot say 24:00: the end of the day is shown as midnight.
      const to = textOf(range.to);
      return { days, from: textOf(range.from), to: to === '24:00' ? '00:00' : to };
    }),
    timeZone: raw.time_zone === 'visitor' ? 'visitor' : 'site',
  };
}

export const isEmptySchedule = (schedule: ScheduleSetting) =>
  !schedule.start && !schedule.end && schedule.weekly.length === 0;

/** The wire's `schedule`, or undefined when it has nothing to say. */
export function scheduleWire(schedule: ScheduleSetting): Record<string, unknown> | undefined {
  if (isEmptySchedule(schedule)) return undefined;
  return {
    ...(schedule.start ? { start: schedule.start } : {}),
    ...(schedule.end ? { end: schedule.end } : {}),
    weekly: schedule.weekly.map((row) => ({
      days: [...row.days].sort((a, b) => a - b),
      from: row.from,
      // Midnight as the end of a range is the end of its day (a range from 00:00 to 00:00 is the whole day).
      to: row.to === '00:00' ? '24:00' : row.to,
    })),
    time_zone: schedule.timeZone,
  };
}

export type ScheduleProblem = 'end-before-start' | 'no-days' | 'bad-time' | 'same-times' | 'too-many';

/** What keeps the schedule from being saved, found before the server would refuse it. */
export function scheduleProblems(schedule: ScheduleSetting): ScheduleProblem[] {
  const problems = new Set<ScheduleProblem>();
  if (schedule.start && schedule.end && schedule.end <= schedule.start) problems.add('end-before-start');
  if (schedule.weekly.length > MAX_WEEKLY_RANGES) problems.add('too-many');
  for (const row of schedule.weekly) {
    if (row.days.length === 0) problems.add('no-days');
    if (!CLOCK.test(row.from) || !CLOCK.test(row.to)) problems.add('bad-time');
    else if (row.from === row.to && row.to !== '00:00') problems.add('same-times');
  }
  return [...problems];
}

export function visitOf(config: RawConfig): VisitSettings {
  const traffic = readTrafficSourceTargeting(config.traffic_source_targeting).setting;
  return {
    trafficSource: traffic ? { show: traffic.show, sources: [...traffic.sources] } : { show: 'show', sources: [] },
    utm: utmRowsOf(config.utm_targeting),
    visitorType: readVisitorType(config.visitor_type_targeting).setting ?? 'all',
    visitPage: readVisitPage(config.visit_page_targeting).setting ?? 'all',
  };
}

/**
 * The UTM rules as rows: those the widget reads, and also a row still waiting for its value (the widget would
 * skip it, and the editor keeps saving back until it has one).
 */
function utmRowsOf(raw: unknown): UtmRow[] {
  const { setting } = readUtmTargeting(raw);
  let entries = raw;
  if (typeof raw === 'string') {
    try {
      entries = JSON.parse(raw);
    } catch {
      return setting;
    }
  }
  if (!Array.isArray(entries)) return setting;
  return entries.flatMap((entry): UtmRow[] => {
    const record = recordOf(entry);
    const parameter = textOf(record.parameter).trim().toLowerCase() as UtmParameter;
    const operator = readOperator(textOf(record.operator));
    const show = record.show === 'dont_show' ? 'dont_show' : 'show';
    if (!(UTM_PARAMETERS as readonly string[]).includes(parameter) || !operator) return [];
    return [{ parameter, operator, value: textOf(record.value), show }];
  });
}

/** The visit rules written into `next`: a rule that is off leaves no key. */
export function applyVisit(next: RawConfig, visit: VisitSettings): void {
  const put = (key: string, value: unknown) => {
    if (value === undefined) delete next[key];
    else next[key] = value;
  };
  put(
    'traffic_source_targeting',
    visit.trafficSource.sources.length
      ? { show: visit.trafficSource.show, sources: [...visit.trafficSource.sources] }
      : undefined,
  );
  put('utm_targeting', visit.utm.length ? visit.utm.map((row) => ({ ...row })) : undefined);
  put('visitor_type_targeting', visit.visitorType === 'all' ? undefined : visit.visitorType);
  put('visit_page_targeting', visit.visitPage === 'all' ? undefined : visit.visitPage);
}

/** A UTM row the server would refuse: a value is needed unless it matches any value. */
export const utmRowProblem = (row: UtmRow) => row.operator !== 'any_value' && row.value.trim() === '';

/** Rows of a cookie or JavaScript filter; null when its text holds a part the rows cannot show (kept as written). */
export function nameValueRowsOf(text: string): NameValueRow[] | null {
  const { rules, ignored } = parseNameValueFilter(text);
  return ignored.length ? null : rules.map((rule) => ({ ...rule }));
}

// The filter's separators and the escape itself, percent-encoded so that the parser reads them back as written.
const escapeFilterText = (text: string, extra: RegExp) =>
  text
    .replace(/%/g, '%25')
    .replace(/;/g, '%3B')
    .replace(/\r?\n/g, ' ')
    .replace(extra, (c) => encodeURIComponent(c));

/** The filter's text of its rows, in the wire's own form (`show|exact|plan=pro ; dont_show|any_value|vip`). */
export function nameValueText(rows: readonly NameValueRow[]): string {
  return rows
    .filter((row) => row.name.trim() !== '')
    .map((row) => {
      const name = escapeFilterText(row.name.trim(), /[=|]/g);
      const operator = readOperator(row.operator) ?? 'exact';
      return operator === 'any_value'
        ? `${row.show}|any_value|${name}`
        : `${row.show}|${operator}|${name}=${escapeFilterText(row.value, /(?!)/g)}`;
    })
    .join(' ; ');
}

/** Rows of the engagement filter; null when its text holds a part the rows cannot show (kept as written). */
export function engagementRowsOf(text: string): EngagementRow[] | null {
  const { rules, ignored } = parseEngagementFilter(text);
  return ignored.length ? null : rules.map((rule) => ({ ...rule }));
}

export function engagementText(rows: readonly EngagementRow[]): string {
  return rows.map((row) => `${row.show}|${row.condition}|${row.kind || 'any'}|${row.id || 'any'}`).join(' ; ');
}

/** The rule keys of a configuration, as the JSON view shows them. */
export function rulesJsonOf(config: RawConfig): string {
  const rules: Record<string, unknown> = {};
  for (const key of RULE_KEYS) if (config[key] !== undefined) rules[key] = config[key];
  return JSON.stringify(rules, null, 2);
}

/**
 * The configuration with its rules replaced by those of the JSON text (a rule key left out is removed), or the
 * reason the text cannot be read. Keys that are not rules are refused: the JSON view edits rules only.
 */
export function applyRulesJson(config: RawConfig, text: string): { config: RawConfig } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { problem: 'not-object' };
  const unknown = Object.keys(parsed).filter((key) => !(RULE_KEYS as readonly string[]).includes(key));
  if (unknown.length) return { problem: `unknown:${unknown.join(', ')}` };
  const next: RawConfig = { ...config };
  for (const key of RULE_KEYS) delete next[key];
  return { config: { ...next, ...(parsed as RawConfig) } };
}
