// The display answer's pop-ups decided (src/core/decision/decide.ts): each armed or blocked by its rules, a
// scheduled one decided again at its schedule's boundaries, and those the server left out explained.

import type { DisplayResponse, PopupConfig } from '../../src/core/config/types.ts';
import type { PageFilters, ScheduleClock, TimerRule, VisitRules } from '../../src/core/decision/environment.ts';
import { createDecisionEnvironment, decide, leftOutDecision } from '../../src/core/decision/index.ts';
import { pageFiltersFor, scheduleClockFor, timerRuleFor, visitRulesFor } from '../../src/core/decision/visit-rules.ts';
import { type TriggerWatchers, triggerWatchersFor } from '../../src/core/triggers/arm.ts';
import type { Device } from '../../src/core/triggers/types.ts';
import { visitFactsOf } from '../../src/core/visitor/visit-facts.ts';
import { popupDecided } from '../../src/stores/popups.ts';
import type { ConsentLink } from './consent-link.ts';
import type { SessionContext } from './context.ts';
import type { PopupHandle } from './popup-handle.ts';
import type { PageShowings } from './showings.ts';

export interface PageDecisionsOptions {
  context: SessionContext;
  showings: PageShowings;
  consent: Pick<ConsentLink, 'decision'>;
  /** A pop-up allowed with teasers on gets its teaser (page-modes.ts). */
  addTeaser(handle: PopupHandle, order: number): void;
}

/** The rule and trigger modules an answer's pop-ups use, each loaded only when one of them uses it. */
export interface RuleModules {
  visitRules: VisitRules | undefined;
  scheduleClock: ScheduleClock | undefined;
  timerRule: TimerRule | undefined;
  pageFilters: PageFilters | undefined;
  /** On their way: the pop-ups are decided, and built ahead, while they load; their arming waits for them. */
  triggerWatchers: Promise<TriggerWatchers> | undefined;
}

/** The rule and trigger modules the answer's pop-ups use on this device. */
export async function ruleModulesOf(response: DisplayResponse, device: Device): Promise<RuleModules> {
  const triggerWatchers = triggerWatchersFor(response.poptins, device);
  const [visitRules, scheduleClock, timerRule, pageFilters] = await Promise.all([
    visitRulesFor(response.poptins),
    scheduleClockFor(response.poptins),
    timerRuleFor(response.poptins),
    pageFiltersFor(response.poptins),
  ]);
  return { visitRules, scheduleClock, timerRule, pageFilters, triggerWatchers };
}

/** Every pop-up of the answer is decided, armed or blocked; those the server left out are explained. */
export function decideAll(response: DisplayResponse, rules: RuleModules, options: PageDecisionsOptions): void {
  const { showings, consent, context } = options;
  const environmentNow = () => environmentOf(response, rules, context);
  const environment = environmentNow();
  // The visitor's time zone is read only by a schedule in it (createDecisionEnvironment).
  const zones = {
    site: response.timeZone,
    get visitor() {
      return environment.visitorTimeZone ?? 'UTC';
    },
  };
  const decideOne = (config: PopupConfig, at: typeof environment) => {
    const decision = consent.decision(decide(config, at), config);
    popupDecided(config, decision);
    return decision;
  };
  response.poptins.forEach((config, order) => {
    const decision = decideOne(config, environment);
    const handle = showings.track(config, decision.variant, decision.triggers, {
      triggerWatchers: rules.triggerWatchers,
    });
    handle.runner.send({ type: 'decided', allowed: decision.allowed });
    if (decision.allowed && config.teasersOn) options.addTeaser(handle, order);
    showings.followSchedule(handle, zones, () => decideOne(config, environmentNow()), rules.scheduleClock);
  });
  response.leftOut.forEach((popup) => popupDecided(popup, leftOutDecision(popup, environment.now)));
}

function environmentOf(response: DisplayResponse, rules: RuleModules, context: SessionContext) {
  return createDecisionEnvironment({
    window,
    document,
    visitor: context.visitor,
    countryCode: response.countryCode,
    isMobile: context.page.isMobile,
    referrer: context.pageFields?.referrer ?? '',
    siteTimeZone: response.timeZone,
    visit: context.pageFields ? visitFactsOf(context.visitor, context.pageFields) : undefined,
    ...rules,
  });
}
