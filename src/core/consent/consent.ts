// Consent mode (`consent="required"`): until the visitor agrees to storage, the widget stores nothing in the browser
// and sends nothing that identifies the visitor. What the page already tells about consent is read here, purely:
// the owner's own `window.poptin.consent(true|false)`, the IAB TCF v2.2 CMP API (purpose 1, storing information on
// a device), Google consent mode (`gtag('consent', 'default'|'update', {...})` entries in `dataLayer`) and a store
// platform's consent (widget §4).
import type { ConsentAnswer } from '../../integrations/consent.ts';
import type { DisplayRequest } from '../api/contract.ts';
import type { PopupConfig } from '../config/types.ts';
import type { Decision } from '../decision/decide.ts';
import { isEveryTimeOnEveryPage, parseFrequencyRule } from '../rules/frequency.ts';
import { block } from '../rules/types.ts';

export type { ConsentAnswer };

/** `required` until the visitor answers; the controller's `consent` attribute holds the answer once known. */
export type ConsentMode = 'required' | 'granted' | 'refused';

/** The controller's `consent` attribute as a mode; anything else (absent, empty, unknown) means consent mode is off. */
export function consentModeOf(attribute: string | null): ConsentMode | null {
  const value = attribute?.trim().toLowerCase();
  return value === 'required' || value === 'granted' || value === 'refused' ? value : null;
}

/** The owner's own call (`window.poptin.consent(given)`) as the attribute value it sets. */
export function consentAttributeFor(given: boolean): ConsentMode {
  return given ? 'granted' : 'refused';
}

/** The part of a TCF v2.2 TCData object the widget reads. */
export interface TcfData {
  gdprApplies?: boolean;
  eventStatus?: string;
  purpose?: { consents?: Record<string, boolean | undefined> };
}

/**
 * TCF v2.2: a CMP's TCData says yes when purpose 1 (store and/or access information on a device) is consented,
 * no when the visitor's choice is made (`tcloaded` from a stored choice, `useractioncomplete`) without it, and
 * nothing while its banner is up (`cmpuishown`). Where the GDPR does not apply, there is nothing to wait for.
 */
export function tcfAnswer(data: TcfData | null | undefined): ConsentAnswer {
  if (!data || typeof data !== 'object') return 'undecided';
  if (data.gdprApplies === false) return 'yes';
  if (data.eventStatus !== 'tcloaded' && data.eventStatus !== 'useractioncomplete') return 'undecided';
  return data.purpose?.consents?.['1'] === true ? 'yes' : 'no';
}

type ConsentValue = 'granted' | 'denied';

/**
 * Google consent mode, as gtag.js leaves it in `dataLayer`: each `gtag('consent', 'default' | 'update', settings)`
 * is an arguments object there, read in order, later settings over earlier ones. The widget's storage is
 * first-party history of the kind `analytics_storage` governs; a page that sets only `ad_storage` is read by that
 * one. A granted value says yes; a denied `update` (the visitor's answer) says no; a denied `default` is the state
 * before the visitor answered: undecided.
 */
export function googleConsentAnswer(dataLayer: unknown): ConsentAnswer {
  if (!Array.isArray(dataLayer)) return 'undecided';
  const latest: Partial<Record<'analytics_storage' | 'ad_storage', { value: ConsentValue; command: string }>> = {};
  for (const entry of dataLayer as unknown[]) {
    if (!entry || typeof entry !== 'object' || typeof (entry as { length?: unknown }).length !== 'number') continue;
    const [name, command, settings] = Array.from(entry as ArrayLike<unknown>);
    if (
      name !== 'consent' ||
      (command !== 'default' && command !== 'update') ||
      !settings ||
      typeof settings !== 'object'
    )
      continue;
    for (const key of ['analytics_storage', 'ad_storage'] as const) {
      const value = (settings as Record<string, unknown>)[key];
      if (value === 'granted' || value === 'denied') latest[key] = { value, command };
    }
  }
  const setting = latest.analytics_storage ?? latest.ad_storage;
  if (!setting) return 'undecided';
  if (setting.value === 'granted') return 'yes';
  return setting.command === 'update' ? 'no' : 'undecided';
}

/**
 * One answer from every source: the owner's own call decides alone once made; otherwise a refusal anywhere is a
 * refusal (a visitor who said no to one banner said no), and a yes from any source is consent.
 */
export function combineConsent(owner: ConsentMode | null, signals: readonly ConsentAnswer[]): ConsentAnswer {
  if (owner === 'granted') return 'yes';
  if (owner === 'refused') return 'no';
  if (signals.includes('no')) return 'no';
  return signals.includes('yes') ? 'yes' : 'undecided';
}

/**
 * Whether a pop-up's rules read the visitor's history, which does not exist before consent: a frequency or
 * after-close rule other than "every page view" with no cap, the new/returning audience, the converted-users rule,
 * the engagement filter, the page-visit trigger and time on the website. The others decide on this page alone and
 * may show before consent.
 */
export function needsHistory(config: PopupConfig): boolean {
  const readsHistory = (ruleText: string, emptyIsFree: boolean) => {
    if (!ruleText.trim()) return !emptyIsFree;
    const rule = parseFrequencyRule(ruleText);
    return (
      rule.audience !== 'all' ||
      !isEveryTimeOnEveryPage(rule) ||
      (rule.cap.kind === 'every_page_view' && rule.cap.maxViews !== null)
    );
  };
  return (
    readsHistory(config.frequencyRule, false) ||
    readsHistory(config.frequencyAction, true) ||
    config.stopShowingToConvertedUsers ||
    config.filters.engagementFilter.trim() !== '' ||
    config.triggers.afterPageVisits !== null ||
    (config.triggers.afterSeconds !== null && config.triggers.afterSecondsOn === 'website')
  );
}

/**
 * The display call before consent (widget §7 fields): this page alone, with no visitor id, no cookies and no
 * history (previous and visited pages, converted email), marked so that the server sets no visitor cookie either.
 * The referrer stays: it is the page's, not stored.
 */
export function anonymousDisplayRequest(request: DisplayRequest): DisplayRequest {
  const { visitor_id: _visitorId, ...page } = request;
  return {
    ...page,
    anonymous: true,
    cookies: {},
    previous_url: '',
    origin_landing_page: request.poptin_viewed_url,
    if_page_refreshed: false,
    previous_visited_pages: '',
    all_visited_pages: '',
    converted_email: '',
  };
}

/** Before consent, a pop-up whose rules read the visitor's history waits: it is decided again once consent is given. */
export function holdUntilConsent(decision: Decision, config: PopupConfig, beforeConsent: boolean): Decision {
  if (!beforeConsent || !needsHistory(config)) return decision;
  const rule = block('consent', "its rules read the visitor's history, which is kept only once the visitor consents");
  return {
    ...decision,
    allowed: false,
    rules: [...decision.rules, rule],
    blockedBy: [...decision.blockedBy, rule],
    retryAt: null,
  };
}
