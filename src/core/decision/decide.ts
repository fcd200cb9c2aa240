import type { LeftOutPopup, PopupConfig } from '../config/types.ts';
import { evaluateConvertedUsers } from '../rules/converted.ts';
import { evaluateCountry } from '../rules/country.ts';
import { evaluateDevice, selectVariant, type Variant } from '../rules/device.ts';
import { evaluateAfterClose, evaluateFrequency } from '../rules/frequency.ts';
import { evaluatePageTargeting, evaluateReferrerTargeting } from '../rules/targeting.ts';
import { allow, block, type RuleResult } from '../rules/types.ts';
import { describePlan, planTriggers } from '../triggers/plan.ts';
import type { DecisionEnvironment, PageFilters } from './environment.ts';
import { mayHaveTimer, pageFiltersSet } from './visit-rules.ts';

export interface Decision {
  id: string;
  /** Every rule allowed: the pop-up may show when one of its triggers fires. */
  allowed: boolean;
  /** Which design to render. */
  variant: Variant;
  /** Every rule's verdict, in evaluation order. */
  rules: RuleResult[];
  blockedBy: RuleResult[];
  /**
   * When the blocks all lift by themselves (the latest expiry among them), e.g. a frequency cap; null when
   * allowed or when some block has no expiry.
   */
  retryAt: number | null;
  /** The triggers that will be armed, described. */
  triggers: string[];
  decidedAt: number;
}

type RuleCheck = [name: string, check: () => RuleResult];

/** Combines every display rule for one pop-up (widget §3 filters, §5 operators, §6 who sees what). */
export function decide(config: PopupConfig, environment: DecisionEnvironment): Decision {
  const { visitor, now, visitRules, scheduleClock, timerRule, pageFilters } = environment;
  const { filters } = config;
  const filtersSet = pageFiltersSet(filters);
  const pageFilter = (name: string, set: boolean, unset: string, check: (page: PageFilters) => RuleResult) => {
    if (!set) return allow(name, unset);
    return pageFilters ? check(pageFilters) : block(name, 'its filter is not loaded');
  };
  let history: ReturnType<typeof visitor.frequencyHistory> | null = null;
  const frequencyHistory = () => (history ??= visitor.frequencyHistory(config.id));
  const checks: RuleCheck[] = [
    ['device', () => evaluateDevice(config, environment.isMobile)],
    ['country', () => evaluateCountry(config, environment.countryCode)],
    // The visitor's history (Web Storage) is read by the rules that are set, and only by them.
    [
      'stop_showing_to_converted_users',
      () => evaluateConvertedUsers(config, config.stopShowingToConvertedUsers ? visitor.convertedAt(config.id) : null),
    ],
    ['frequency (d_f_r)', () => evaluateFrequency(config.frequencyRule, frequencyHistory(), now)],
    ['after close (d_f_a)', () => evaluateAfterClose(config.frequencyAction, frequencyHistory(), now)],
    ['page_targeting', () => evaluatePageTargeting(config, environment.pageUrl)],
    ['referrer_targeting', () => evaluateReferrerTargeting(config, environment.referrer)],
    // Their module is there whenever a pop-up of the page sets one of them (visit-rules.ts).
    [
      'utm_targeting',
      () => visitRules?.evaluateUtmTargeting(config, environment.visit) ?? allow('utm_targeting', 'no UTM rules'),
    ],
    [
      'traffic_source_targeting',
      () =>
        visitRules?.evaluateTrafficSource(config, environment.visit) ??
        allow('traffic_source_targeting', 'no traffic source targeting'),
    ],
    [
      'visitor_type_targeting',
      () =>
        visitRules?.evaluateVisitorType(config, environment.visit) ??
        allow('visitor_type_targeting', 'no visitor type targeting'),
    ],
    [
      'visit_page_targeting',
      () =>
        visitRules?.evaluateVisitPage(config, environment.visit) ??
        allow('visit_page_targeting', 'no landing page targeting'),
    ],
    // Their module is there whenever a pop-up of the page sets one of them (visit-rules.ts, pageFiltersSet); the page's
    // cookies and the visitor's engagement are read only by a filter that is set.
    [
      'cookie_filter',
      () =>
        pageFilter('cookie_filter', filtersSet.cookie, 'no cookie_filter set', (page) =>
          page.evaluateCookieFilter(filters.cookieFilter, environment.cookies),
        ),
    ],
    [
      'js_filter',
      () =>
        pageFilter('js_filter', filtersSet.js, 'no js_filter set', (page) =>
          page.evaluateJsFilter(filters.jsFilter, environment.globals),
        ),
    ],
    [
      'engagement_with_other_poptin_filter',
      () =>
        pageFilter('engagement_with_other_poptin_filter', filtersSet.engagement, 'no engagement filter set', (page) =>
          page.evaluateEngagementFilter(filters.engagementFilter, config.id, visitor.engagement()),
        ),
    ],
    [
      'source_code_target',
      () =>
        pageFilter('source_code_target', filtersSet.sourceCode, 'source code targeting is off', (page) =>
          page.evaluateSourceCodeTarget(filters, environment.pageSource),
        ),
    ],
    [
      'schedule',
      // Its clock is there whenever a pop-up of the page has a schedule (visit-rules.ts, scheduleClockFor).
      () => {
        if (!config.schedule) return allow('schedule', 'no schedule');
        if (!scheduleClock) return block('schedule', "its schedule's clock is not loaded");
        const zones = { site: environment.siteTimeZone ?? 'UTC', visitor: environment.visitorTimeZone ?? 'UTC' };
        return scheduleClock.evaluateSchedule(config.schedule, zones, now);
      },
    ],
    // Widget §4: a pop-up whose fixed end-time has passed is not shown. Its rule is there whenever a pop-up of the
    // page may have a timer (visit-rules.ts).
    [
      'timer',
      () => {
        if (!mayHaveTimer(config)) return allow('timer', 'no timer');
        if (!timerRule) return block('timer', 'its timer rule is not loaded');
        return timerRule.evaluateTimer(config.designProperties, now);
      },
    ],
  ];
  const rules = checks.map(([name, check]) => {
    try {
      return check();
    } catch (error) {
      return block(name, `rule failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const blockedBy = rules.filter((rule) => !rule.allowed);
  const retryAt =
    blockedBy.length > 0 && blockedBy.every((rule) => rule.expiresAt !== undefined)
      ? Math.max(...blockedBy.map((rule) => rule.expiresAt as number))
      : null;
  return {
    id: config.id,
    allowed: blockedBy.length === 0,
    variant: selectVariant(config, environment.isMobile),
    rules,
    blockedBy,
    retryAt,
    triggers: describePlan(planTriggers(config, environment.isMobile ? 'mobile' : 'desktop')),
    decidedAt: now,
  };
}

/**
 * A pop-up the display server left out of this page view (its device, country, address or referrer rules, or the
 * visitor's conversion on it), as the page would have decided it: blocked for good by the rules the server names.
 */
export function leftOutDecision(popup: LeftOutPopup, now: number): Decision {
  return {
    id: popup.id,
    allowed: false,
    variant: 'desktop',
    rules: popup.blockedBy,
    blockedBy: popup.blockedBy,
    retryAt: null,
    triggers: [],
    decidedAt: now,
  };
}
