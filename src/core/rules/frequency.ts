import { allow, block, type RuleResult } from './types.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type FrequencyAudience = 'all' | 'new' | 'returning';

export type FrequencyCap =
  /** Every page view; with a number, stop after that many views in total. */
  | { kind: 'every_page_view'; maxViews: number | null }
  | { kind: 'once_per_session' }
  | { kind: 'once_per_visitor' }
  /** Once a day: blocked while the viewed-today cookie (widget §9, 1 day after the view) lives. */
  | { kind: 'once_a_day' }
  /** At most once per interval (every N hours, days or weeks). */
  | { kind: 'interval'; ms: number; label: string };

export interface FrequencyRule {
  source: string;
  audience: FrequencyAudience;
  cap: FrequencyCap;
  /** False when the text was empty or not understood; the cap is then once per session. */
  understood: boolean;
  note: string;
}

/** What the visitor store knows about one pop-up, read at decision time. */
export interface FrequencyHistory {
  /** Views in total (every session). */
  views: number;
  lastViewAt: number | null;
  lastClosedAt: number | null;
  /** Expiry of the display-once flag (widget §9: about 30 minutes, refreshed every 60 s), null when absent. */
  onceFlagUntil: number | null;
  /** Expiry of the viewed-today cookie (1 day after the view), null when absent. */
  viewedTodayUntil: number | null;
  /** Whether the visitor closed this pop-up in the current session. */
  closedThisSession: boolean;
  /** An old-user visitor (widget §9 old-user cookie present when the session began). */
  returningVisitor: boolean;
}

/** The words a rule may name its audience with (widget §4), as the widget and the console's editor read them. */
export const AUDIENCES: Readonly<Record<string, FrequencyAudience>> = {
  all: 'all',
  everyone: 'all',
  all_visitors: 'all',
  all_users: 'all',
  new: 'new',
  new_visitors: 'new',
  new_users: 'new',
  first_time: 'new',
  new_visitor: 'new',
  returning: 'returning',
  returning_visitors: 'returning',
  returning_users: 'returning',
  old: 'returning',
  old_users: 'returning',
  returning_visitor: 'returning',
};

const FALLBACK: FrequencyCap = { kind: 'once_per_session' };

/*
 * Grammar of d_f_r and d_f_a (case-insensitive):
 *
 *   rule     := [ audience "@" ] "display_"? words
 *   audience := all | new | returning            (also new_visitors, returning_visitors, old_users, …)
 *   words    := "_"-separated words and at most one number N, matched in this order:
 *     session                    → once per session            display_once_per_session
 *     day|days|daily|today  + N  → once every N days            display_every_3_days, display_once_every_7_days
 *     day|daily|today       no N → once a day                   display_once_a_day, display_once_per_day
 *     hour|hours            + N  → once every N hours           display_every_12_hours
 *     week|weeks            [N]  → once every N (1) weeks       display_once_a_week
 *     everypage|page|pageview|everytime|always  [N]
 *                                → every page view, at most N views in total when N is given
 *                                                              all@display_everytime_everypage_5
 *     visitor|never|lifetime|once → once per visitor            display_once_per_visitor, display_once
 *
 * Anything else (and an empty rule) is reported and treated as once per session.
 */
export function parseFrequencyRule(text: string): FrequencyRule {
  const source = text.trim();
  if (!source)
    return {
      source,
      audience: 'all',
      cap: FALLBACK,
      understood: false,
      note: 'no frequency rule set: treated as once per session',
    };
  const fallback = (why: string): FrequencyRule => ({
    source,
    audience: 'all',
    cap: FALLBACK,
    understood: false,
    note: `${why} in frequency rule "${source}": treated as once per session`,
  });
  const lower = source.toLowerCase();
  const at = lower.indexOf('@');
  const audienceWord = at >= 0 ? lower.slice(0, at).trim() : 'all';
  const audience = AUDIENCES[audienceWord];
  if (!audience) return fallback(`unknown audience "${audienceWord}"`);
  const tokens = lower
    .slice(at + 1)
    .split(/[_\-\s]+/)
    .filter(Boolean);
  const numbers = tokens.filter((token) => /^\d+$/.test(token)).map(Number);
  const words = new Set(tokens.filter((token) => !/^\d+$/.test(token) && token !== 'display' && token !== 'show'));
  if (numbers.length > 1) return fallback('more than one number');
  const n = numbers.length ? numbers[0] : null;
  if (n === 0) return fallback('a zero count');
  const has = (...candidates: string[]) => candidates.some((word) => words.has(word));
  const rule = (cap: FrequencyCap, note: string): FrequencyRule => ({ source, audience, cap, understood: true, note });

  if (has('session')) return rule({ kind: 'once_per_session' }, 'once per session');
  if (has('day', 'days', 'daily', 'today')) {
    if (n === null || n === 1)
      return n === null
        ? rule({ kind: 'once_a_day' }, 'once a day')
        : rule({ kind: 'interval', ms: DAY_MS, label: '1 day' }, 'once every 1 day');
    return rule({ kind: 'interval', ms: n * DAY_MS, label: `${n} days` }, `once every ${n} days`);
  }
  if (has('hour', 'hours')) {
    const hours = n ?? 1;
    return rule({ kind: 'interval', ms: hours * HOUR_MS, label: `${hours} hour(s)` }, `once every ${hours} hour(s)`);
  }
  if (has('week', 'weeks', 'weekly')) {
    const weeks = n ?? 1;
    return rule({ kind: 'interval', ms: weeks * 7 * DAY_MS, label: `${weeks} week(s)` }, `once every ${weeks} week(s)`);
  }
  if (has('everypage', 'page', 'pages', 'pageview', 'everytime', 'always')) {
    return rule(
      { kind: 'every_page_view', maxViews: n },
      n === null ? 'every page view' : `every page view, at most ${n} views`,
    );
  }
  if (has('visitor', 'user', 'never', 'lifetime', 'once')) {
    if (n !== null) return fallback(`an unexpected number ${n}`);
    return rule({ kind: 'once_per_visitor' }, 'once per visitor');
  }
  return fallback('unknown form');
}

/** Whether the page-visit trigger may fire again on later pages of the session (widget §4). */
export function isEveryTimeOnEveryPage(rule: FrequencyRule): boolean {
  return rule.cap.kind === 'every_page_view';
}

/** d_f_r: may the pop-up be displayed now, given the visitor's views of it. */
export function evaluateFrequency(text: string, history: FrequencyHistory, now: number): RuleResult {
  const name = 'frequency (d_f_r)';
  const rule = parseFrequencyRule(text);
  const audienceBlock = checkAudience(name, rule, history);
  if (audienceBlock) return audienceBlock;
  const { cap, note } = rule;
  switch (cap.kind) {
    case 'every_page_view':
      // Without a cap the views are not read: the visitor's history stays unopened (Web Storage).
      if (cap.maxViews === null) return allow(name, `${note}: no cap on views`);
      if (history.views >= cap.maxViews) return block(name, `${note}: already seen ${history.views} times`);
      return allow(name, `${note}: seen ${history.views} time(s)`);
    case 'once_per_session':
      if (history.onceFlagUntil !== null && history.onceFlagUntil > now)
        return block(
          name,
          `${note}: already seen in this session (the session flag lapses after 30 minutes without activity)`,
          history.onceFlagUntil,
        );
      return allow(name, `${note}: not seen in this session`);
    case 'once_per_visitor':
      return history.views > 0 ? block(name, `${note}: already seen`) : allow(name, `${note}: never seen`);
    case 'once_a_day':
      if (history.viewedTodayUntil !== null && history.viewedTodayUntil > now)
        return block(name, `${note}: seen in the last day`, history.viewedTodayUntil);
      return allow(name, `${note}: not seen in the last day`);
    case 'interval': {
      if (history.lastViewAt === null) return allow(name, `${note}: never seen`);
      const until = history.lastViewAt + cap.ms;
      return until > now
        ? block(name, `${note}: last seen less than ${cap.label} ago`, until)
        : allow(name, `${note}: last seen more than ${cap.label} ago`);
    }
  }
}

/**
 * d_f_a: how soon the pop-up may return after the visitor closed it, in the same grammar; counted from
 * the last close. Every page view never blocks; once per visitor means never again after a close.
 */
export function evaluateAfterClose(text: string, history: FrequencyHistory, now: number): RuleResult {
  const name = 'after close (d_f_a)';
  if (!text.trim()) return allow(name, 'no after-close rule set');
  const rule = parseFrequencyRule(text);
  const audienceBlock = checkAudience(name, rule, history);
  if (audienceBlock) return audienceBlock;
  const { cap, note } = rule;
  if (history.lastClosedAt === null) return allow(name, `${note}: never closed`);
  switch (cap.kind) {
    case 'every_page_view':
      return allow(name, `${note}: closing does not stop it`);
    case 'once_per_session':
      return history.closedThisSession
        ? block(name, `${note}: closed in this session`)
        : allow(name, `${note}: not closed in this session`);
    case 'once_per_visitor':
      return block(name, `${note}: closed before, never shown again`);
    case 'once_a_day':
    case 'interval': {
      const ms = cap.kind === 'once_a_day' ? DAY_MS : cap.ms;
      const until = history.lastClosedAt + ms;
      return until > now
        ? block(name, `${note}: closed less than ${cap.kind === 'once_a_day' ? '1 day' : cap.label} ago`, until)
        : allow(name, `${note}: closed long enough ago`);
    }
  }
}

function checkAudience(name: string, rule: FrequencyRule, history: FrequencyHistory): RuleResult | null {
  if (rule.audience === 'new' && history.returningVisitor)
    return block(name, `for new visitors only (${rule.source}); this visitor is returning`);
  if (rule.audience === 'returning' && !history.returningVisitor)
    return block(name, `for returning visitors only (${rule.source}); this visitor is new`);
  return null;
}
