import type { CartState } from '../rules/cart.ts';
import type { EngagementRecord } from '../rules/engagement.ts';
import type { FrequencyHistory } from '../rules/frequency.ts';
import type { VisitFacts } from '../rules/traffic-source.ts';

/** What the decision reads about the visitor (a `Visitor` from src/core/visitor satisfies it). */
export interface DecisionVisitor {
  frequencyHistory(poptinId: string): FrequencyHistory;
  convertedAt(poptinId: string): number | null;
  engagement(): EngagementRecord[];
  /** The page's cookies, name → value, read through the visitor's cookie store: one read serves the decisions too. */
  cookies(): Record<string, string>;
}

/** Everything a display decision depends on besides the pop-up's own configuration. */
export interface DecisionEnvironment {
  /** Epoch ms. */
  now: number;
  /** if_mobile as sent in the display request. */
  isMobile: boolean;
  /** country_code of the display response ("" when unknown). */
  countryCode: string;
  pageUrl: string;
  /** The visit's external referrer (PageViewFields.referrer), "" when direct. */
  referrer: string;
  /** The page's cookies, name → value (read when a cookie filter asks: each read waits on the browser's cookie store). */
  readonly cookies: Readonly<Record<string, string>>;
  /** The visit's first page and this page's place in it (visitFactsOf in src/core/visitor). */
  visit: VisitFacts;
  /** Where js_filter paths are read from: the page's window. */
  globals: object;
  /** The page's HTML source, read only when source-code targeting is on. */
  pageSource: () => string;
  visitor: DecisionVisitor;
  /** The last known cart, when a store integration provides one (explanations only; cart rules act as a trigger). */
  cart?: CartState | null;
  /** The site's IANA time zone (DisplayResponse.timeZone), in which schedules are read; UTC when absent. */
  siteTimeZone?: string;
  /** The visitor's own time zone, for schedules the owner set to it; UTC when absent. */
  visitorTimeZone?: string;
  /** The visit rules (src/core/rules/visit.ts), loaded only for pages with a pop-up that sets one (visit-rules.ts). */
  visitRules?: VisitRules;
  /** The schedules' clock (src/core/rules/schedule-clock.ts), loaded only for pages with a scheduled pop-up. */
  scheduleClock?: ScheduleClock;
  /** The timer rule (src/core/countdown/expiry.ts), loaded only for pages with a pop-up that has a timer. */
  timerRule?: TimerRule;
  /** The page's filters (src/core/rules/page-filters.ts), loaded only for pages with a pop-up that sets one. */
  pageFilters?: PageFilters;
}

/** A schedule's clock, as `import('../rules/schedule-clock.ts')` gives it. */
export type ScheduleClock = Pick<
  typeof import('../rules/schedule-clock.ts'),
  'evaluateSchedule' | 'nextScheduleChange'
>;

/** The timer as a display rule, as `import('../countdown/expiry.ts')` gives it. */
export type TimerRule = Pick<typeof import('../countdown/expiry.ts'), 'evaluateTimer'>;

/** The evaluators of the filters that read the page, as `import('../rules/page-filters.ts')` gives them. */
export type PageFilters = typeof import('../rules/page-filters.ts');

/** The evaluators of the visit rules, as `import('../rules/visit.ts')` gives them. */
export type VisitRules = Pick<
  typeof import('../rules/visit.ts'),
  'evaluateUtmTargeting' | 'evaluateTrafficSource' | 'evaluateVisitorType' | 'evaluateVisitPage'
>;

export interface EnvironmentSources {
  window: Window;
  document: Document;
  visitor: DecisionVisitor;
  /** From the display response. */
  countryCode: string;
  /** The value sent as if_mobile. */
  isMobile: boolean;
  /** PageViewFields.referrer of visitor.recordPageView(); defaults to document.referrer. */
  referrer?: string;
  /** visitFactsOf(visitor, page view fields); by default read from this page alone. */
  visit?: VisitFacts;
  now?: () => number;
  cart?: CartState | null;
  /** From the display response. */
  siteTimeZone?: string;
  visitRules?: VisitRules;
  scheduleClock?: ScheduleClock;
  timerRule?: TimerRule;
  pageFilters?: PageFilters;
}

/** Builds a DecisionEnvironment from the live page; each field can be overridden afterwards. */
export function createDecisionEnvironment(sources: EnvironmentSources): DecisionEnvironment {
  const { window: win, document: doc } = sources;
  let source: string | null = null;
  let visitorTimeZone: string | undefined;
  let cookies: Readonly<Record<string, string>> | undefined;
  return {
    now: (sources.now ?? Date.now)(),
    isMobile: sources.isMobile,
    countryCode: sources.countryCode,
    pageUrl: safely(() => win.location.href, ''),
    referrer: sources.referrer ?? safely(() => doc.referrer, ''),
    get cookies() {
      cookies ??= safely(() => sources.visitor.cookies(), {});
      return cookies;
    },
    visit: sources.visit ?? {
      referrerHost: safely(() => (doc.referrer ? new URL(doc.referrer).host : ''), ''),
      campaign: safely(() => win.location.search, ''),
      landing: true,
      returning: false,
    },
    globals: win,
    pageSource: () => (source ??= safely(() => doc.documentElement.outerHTML, '')),
    visitor: sources.visitor,
    cart: sources.cart ?? null,
    siteTimeZone: sources.siteTimeZone ?? 'UTC',
    visitRules: sources.visitRules,
    scheduleClock: sources.scheduleClock,
    timerRule: sources.timerRule,
    pageFilters: sources.pageFilters,
    // Read when a schedule in the visitor's time zone asks: a page's first Intl.DateTimeFormat loads the browser's
    // time zone data, 60 to 90 ms at 4× CPU slowdown in the task that decides the pop-ups.
    get visitorTimeZone() {
      visitorTimeZone ??= safely(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', 'UTC');
      return visitorTimeZone;
    },
  };
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
