// The visitor's history (per-pop-up counters, engagement, page visits), which only the session reads and writes.
// The loader builds the page visitor alone (page-visitor.ts): a quiet page needs no more than the visitor's identity.
import type { EngagementEvent, EngagementRecord } from '../rules/engagement.ts';
import type { FrequencyHistory } from '../rules/frequency.ts';
import { COOKIE, LOCAL, SESSION } from './keys.ts';
import { LIFETIME_MS, MAX_ENGAGEMENT_RECORDS } from './lifetimes.ts';
import { createPageVisitor, type PageVisitor, readTimestamp, type VisitorOptions } from './page-visitor.ts';

export interface Visitor extends PageVisitor {
  /** Whether per-session counters survive page loads (the page-visit trigger needs it). */
  canCountVisits(): boolean;
  countPageVisit(poptinId: string, url: string): number;
  pageVisitCount(poptinId: string): number;
  pageVisitTriggerDisabled(poptinId: string): boolean;
  disablePageVisitTrigger(poptinId: string): void;
  recordView(poptinId: string, kind: string): void;
  recordClose(poptinId: string, kind: string): void;
  recordConversion(poptinId: string, kind: string, email?: string): void;
  frequencyHistory(poptinId: string): FrequencyHistory;
  convertedAt(poptinId: string): number | null;
  engagement(): EngagementRecord[];
  convertedEmail(): string;
  storedClientId(): string;
  storedLocation(): { ip: string; countryCode: string };
  rememberSessionAccount(customerId: string): void;
  storedSessionAccount(): string;
}

interface PopupHistory {
  views: number;
  lastViewAt: number | null;
  lastClosedAt: number | null;
  convertedAt: number | null;
}

const EMPTY_HISTORY: PopupHistory = { views: 0, lastViewAt: null, lastClosedAt: null, convertedAt: null };

export function createVisitor(options: VisitorOptions = {}): Visitor {
  return withHistory(createPageVisitor(options), options.now);
}

/** The page visitor with its history, read and written in the same stores. */
export function withHistory(visitor: PageVisitor, now: () => number = Date.now): Visitor {
  const { cookies, local, session } = visitor.stores;
  const readJson = <T>(text: string | null, fallback: T): T => {
    if (!text) return fallback;
    try {
      return JSON.parse(text) as T;
    } catch {
      return fallback;
    }
  };
  const history = (poptinId: string): PopupHistory => ({
    ...EMPTY_HISTORY,
    ...readJson<Partial<PopupHistory>>(local.get(LOCAL.historyPrefix + poptinId), {}),
  });
  const writeHistory = (poptinId: string, change: Partial<PopupHistory>) =>
    local.set(LOCAL.historyPrefix + poptinId, JSON.stringify({ ...history(poptinId), ...change }));

  const engagement = (): EngagementRecord[] => {
    const records = readJson<unknown>(local.get(LOCAL.engagement), []);
    return Array.isArray(records)
      ? (records as EngagementRecord[]).filter((record) => record && typeof record.id === 'string')
      : [];
  };
  const addEngagement = (id: string, kind: string, event: EngagementEvent) =>
    local.set(
      LOCAL.engagement,
      JSON.stringify([...engagement(), { id, kind, event, at: now() }].slice(-MAX_ENGAGEMENT_RECORDS)),
    );

  return {
    ...visitor,
    canCountVisits: () => session.persistent,
    countPageVisit(poptinId, url) {
      const count = readTimestamp(session.get(SESSION.visitCount(poptinId))) ?? 0;
      // Reloading the same address is not a new visit.
      if (session.get(SESSION.pageUrl(poptinId)) === url) return count;
      session.set(SESSION.visitCount(poptinId), String(count + 1));
      session.set(SESSION.pageUrl(poptinId), url);
      return count + 1;
    },
    pageVisitCount: (poptinId) => readTimestamp(session.get(SESSION.visitCount(poptinId))) ?? 0,
    pageVisitTriggerDisabled: (poptinId) => session.get(SESSION.disabled(poptinId)) === '1',
    disablePageVisitTrigger: (poptinId) => session.set(SESSION.disabled(poptinId), '1'),

    recordView(poptinId, kind) {
      const at = now();
      const previous = history(poptinId);
      writeHistory(poptinId, { views: previous.views + 1, lastViewAt: at });
      cookies.set(
        COOKIE.displayOncePrefix + poptinId,
        String(at + LIFETIME_MS.displayOnceFlag),
        LIFETIME_MS.displayOnceFlag,
      );
      cookies.set(COOKIE.viewedTodayPrefix + poptinId, String(at + LIFETIME_MS.viewedToday), LIFETIME_MS.viewedToday);
      addEngagement(poptinId, kind, 'seen');
    },
    recordClose(poptinId, kind) {
      writeHistory(poptinId, { lastClosedAt: now() });
      session.set(SESSION.closed(poptinId), '1');
      addEngagement(poptinId, kind, 'closed');
    },
    recordConversion(poptinId, kind, email) {
      const at = now();
      writeHistory(poptinId, { convertedAt: at });
      cookies.set(COOKIE.convertedPrefix + poptinId, String(at), LIFETIME_MS.conversion);
      addEngagement(poptinId, kind, 'converted');
      if (email) local.set(LOCAL.lastConvertedEmail, email);
    },
    frequencyHistory(poptinId) {
      const record = history(poptinId);
      return {
        views: record.views,
        lastViewAt: record.lastViewAt,
        lastClosedAt: record.lastClosedAt,
        onceFlagUntil: readTimestamp(cookies.get(COOKIE.displayOncePrefix + poptinId)),
        viewedTodayUntil: readTimestamp(cookies.get(COOKIE.viewedTodayPrefix + poptinId)),
        closedThisSession: session.get(SESSION.closed(poptinId)) === '1',
        returningVisitor: visitor.returning,
      };
    },
    convertedAt: (poptinId) =>
      readTimestamp(cookies.get(COOKIE.convertedPrefix + poptinId)) ?? history(poptinId).convertedAt,
    engagement,
    convertedEmail: () => local.get(LOCAL.lastConvertedEmail) ?? '',
    storedClientId: () => cookies.get(COOKIE.clientId) ?? '',
    storedLocation: () => ({ ip: cookies.get(COOKIE.ip) ?? '', countryCode: cookies.get(COOKIE.countryCode) ?? '' }),
    rememberSessionAccount: (customerId) => cookies.set(COOKIE.sessionAccount, customerId, LIFETIME_MS.sessionAccount),
    storedSessionAccount: () => cookies.get(COOKIE.sessionAccount) ?? '',
  };
}
