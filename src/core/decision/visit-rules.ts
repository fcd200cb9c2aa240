// The campaign rules weigh some 4 KB gzip that a page whose pop-ups use none of them never needs: the visit rules (UTM
// parameters, traffic source, new or returning visitor, landing page), the schedules' clock and the timer's settings
// (2 KB), and the filters that read the page (1.4 KB) are each loaded only when one of the answer's pop-ups sets one,
// before the pop-ups are decided.
import type { FilterSettings, PopupConfig } from '../config/types.ts';
import type { PageFilters, ScheduleClock, TimerRule, VisitRules } from './environment.ts';

/** The pop-up settings of the visit rules. */
export const VISIT_RULE_FIELDS = [
  'utm_targeting',
  'traffic_source_targeting',
  'visitor_type_targeting',
  'visit_page_targeting',
] as const;

const isSet = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  value !== 'all' &&
  !(Array.isArray(value) && value.length === 0);

/** Whether a pop-up sets any visit rule. */
export const usesVisitRules = (config: PopupConfig): boolean =>
  VISIT_RULE_FIELDS.some((field) => isSet(config.raw[field]));

/** The visit rules when one of `configs` needs them, else undefined (nothing is downloaded). */
export async function visitRulesFor(configs: readonly PopupConfig[]): Promise<VisitRules | undefined> {
  return configs.some(usesVisitRules) ? import('../rules/visit.ts') : undefined;
}

/** The schedules' clock when one of `configs` has a schedule, else undefined (nothing is downloaded). */
export async function scheduleClockFor(configs: readonly PopupConfig[]): Promise<ScheduleClock | undefined> {
  return configs.some((config) => config.schedule) ? import('../rules/schedule-clock.ts') : undefined;
}

/**
 * Whether a pop-up may have a timer (`design_properties.timer`). Only a setting that cannot be on is left out: one
 * that reads as off (`"no"`, an empty object) loads the rule, which says so.
 */
export const mayHaveTimer = (config: PopupConfig): boolean => {
  const timer = config.designProperties.timer;
  return !(timer === undefined || timer === null || timer === false || timer === 0 || `${timer}`.trim() === '');
};

/** The timer rule when one of `configs` may have a timer, else undefined (nothing is downloaded). */
export async function timerRuleFor(configs: readonly PopupConfig[]): Promise<TimerRule | undefined> {
  return configs.some(mayHaveTimer) ? import('../countdown/expiry.ts') : undefined;
}

/** Which of the filters that read the page a pop-up sets: each is decided by their module only when set. */
export const pageFiltersSet = (filters: FilterSettings) => ({
  cookie: filters.cookieFilter.trim() !== '',
  js: filters.jsFilter.trim() !== '',
  engagement: filters.engagementFilter.trim() !== '',
  sourceCode: filters.sourceCodeTargetActive,
});

/** Whether a pop-up sets a filter that reads the page: a cookie, JS or engagement filter, or source code targeting. */
export const usesPageFilters = ({ filters }: PopupConfig): boolean =>
  Object.values(pageFiltersSet(filters)).some(Boolean);

/** The page's filters when one of `configs` sets one, else undefined (nothing is downloaded). */
export async function pageFiltersFor(configs: readonly PopupConfig[]): Promise<PageFilters | undefined> {
  return configs.some(usesPageFilters) ? import('../rules/page-filters.ts') : undefined;
}
