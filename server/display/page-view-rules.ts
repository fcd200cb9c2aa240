// The rules of a pop-up that the display server decides exactly as the page would, from what the display request
// says of the page view: the device (if_mobile), the visitor's country, the page's address (poptin_viewed_url), the
// visit's referrer, the visitor's conversions the server stored, and a schedule read in the site's time zone that keeps
// it out for the whole next minute (widget §3, §5; the same functions the widget runs). A pop-up one of them blocks is left out of the answer with why, so a page none of whose pop-ups can show
// gets an empty answer and loads nothing beyond the loader. The rules that need the visitor's browser at the moment
// of the decision (the visitor's history and frequency caps, cookie and JavaScript filters, engagement, the page's
// source, a countdown's end, a schedule read in the visitor's time zone or one that starts within the minute) stay
// the page's.

import type { LeftOutPoptin } from '../../src/core/api/contract.ts';
import { parsePopupConfig } from '../../src/core/config/parse.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import { readSwitch } from '../../src/core/config/values.ts';
import { evaluateConvertedUsers } from '../../src/core/rules/converted.ts';
import { evaluateCountry } from '../../src/core/rules/country.ts';
import { evaluateDevice } from '../../src/core/rules/device.ts';
import { evaluateSchedule, nextScheduleChange } from '../../src/core/rules/schedule-clock.ts';
import { evaluatePageTargeting, evaluateReferrerTargeting } from '../../src/core/rules/targeting.ts';
import type { RuleResult } from '../../src/core/rules/types.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { toDisplayPoptin } from './display-poptin.ts';

/** What the request says of the page view; a field the request does not carry leaves its rule to the page. */
export interface PageView {
  isMobile: boolean | null;
  countryCode: string;
  pageUrl: string | null;
  referrer: string | null;
  /** When the visitor last converted on a pop-up, by its id (the server's record of the visitor's leads). */
  convertedAt: ReadonlyMap<string, number>;
  /** The site's IANA time zone, in which schedules are read (UTC when null), and the moment of the request. */
  siteTimeZone: string | null;
  now: number;
  /** A pop-up whose schedule opens within this long is sent: the page starts it then. */
  scheduleLookaheadMs: number;
}

/** A page stays open after its answer: a pop-up whose schedule opens within the next minute is the page's to start. */
export const SCHEDULE_LOOKAHEAD_MS = 60_000;

/** The page view of a display request's body (flags may arrive as text, widget §7). */
export function pageViewOf(
  body: { if_mobile?: unknown; poptin_viewed_url?: unknown; referrer?: unknown },
  countryCode: string,
  convertedAt: ReadonlyMap<string, number>,
  siteTimeZone: string | null = null,
  scheduleLookaheadMs = SCHEDULE_LOOKAHEAD_MS,
  now = Date.now(),
): PageView {
  return {
    isMobile: body.if_mobile === undefined ? null : readSwitch(body.if_mobile),
    countryCode,
    pageUrl: typeof body.poptin_viewed_url === 'string' ? body.poptin_viewed_url : null,
    referrer: typeof body.referrer === 'string' ? body.referrer : null,
    convertedAt,
    siteTimeZone,
    now,
    scheduleLookaheadMs,
  };
}

// Parsed once per record: the cached configuration's records are reused until they change.
const configs = new WeakMap<PopupRecord, PopupConfig | null>();
function configOf(popup: PopupRecord): PopupConfig | null {
  let config = configs.get(popup);
  if (config === undefined) {
    try {
      config = parsePopupConfig(toDisplayPoptin(popup));
    } catch {
      // An unusable pop-up goes to the page, which reports why it cannot show it.
      config = null;
    }
    configs.set(popup, config);
  }
  return config;
}

/** Whether a pop-up stops showing to converted users, so the visitor's conversions are worth asking the store for. */
export function anyStopsForConverted(popups: PopupRecord[]): boolean {
  return popups.some((popup) => configOf(popup)?.stopShowingToConvertedUsers === true);
}

/** The schedule's verdict when it is read in the site's time zone and stays closed for the next minute; else none. */
function scheduleVerdict(config: PopupConfig, view: PageView): RuleResult | null {
  const { schedule } = config;
  if (schedule?.timeZone !== 'site') return null;
  const zones = { site: view.siteTimeZone ?? 'UTC', visitor: 'UTC' };
  const verdict = evaluateSchedule(schedule, zones, view.now);
  if (verdict.allowed) return null;
  const opensAt = nextScheduleChange(schedule, zones, view.now);
  return opensAt !== null && opensAt - view.now <= view.scheduleLookaheadMs ? null : verdict;
}

function blockingRules(config: PopupConfig, view: PageView): RuleResult[] {
  const verdicts = [
    view.isMobile === null ? null : evaluateDevice(config, view.isMobile),
    evaluateCountry(config, view.countryCode),
    view.pageUrl === null ? null : evaluatePageTargeting(config, view.pageUrl),
    view.referrer === null ? null : evaluateReferrerTargeting(config, view.referrer),
    evaluateConvertedUsers(config, view.convertedAt.get(config.id) ?? null),
    scheduleVerdict(config, view),
  ];
  return verdicts.filter((verdict): verdict is RuleResult => verdict !== null && !verdict.allowed);
}

/** The pop-ups this page view may show, and those its rules leave out, with the rules that did. */
export function splitByPageView(
  popups: PopupRecord[],
  view: PageView,
): { shown: PopupRecord[]; leftOut: LeftOutPoptin[] } {
  const shown: PopupRecord[] = [];
  const leftOut: LeftOutPoptin[] = [];
  for (const popup of popups) {
    const config = configOf(popup);
    const blockedBy = config ? blockingRules(config, view) : [];
    if (config && blockedBy.length > 0) {
      leftOut.push({
        // No name: any visitor reads this answer, and a campaign's name is the owner's business.
        poptin_id: config.id,
        poptin_type: config.type,
        blocked_by: blockedBy.map(({ rule, reason }) => ({ rule, reason })),
      });
    } else {
      shown.push(popup);
    }
  }
  return { shown, leftOut };
}
