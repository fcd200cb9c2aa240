// The visitor's history (per-pop-up counters, engagement, the page-visit trigger), which only the session reads
// and writes, in one Web Storage key (state.ts), opened only when something needs it: a rule that reads history,
// a view, close or conversion. The loader builds the page visitor alone (page-visitor.ts), in one cookie.
import type { EngagementEvent, EngagementRecord } from '../rules/engagement.ts';
import type { FrequencyHistory } from '../rules/frequency.ts';
import type { StorageSet } from './browser-storage.ts';
import { LIFETIME_MS, MAX_ENGAGEMENT_RECORDS } from './lifetimes.ts';
import { createPageVisitor, type PageVisitor, type VisitorOptions } from './page-visitor.ts';
import { decodeTime, encodeTime, FIELD_LIFETIME_MS, type FieldName, setField, type VisitorRecord } from './record.ts';
import {
  EMPTY_HISTORY,
  emptyState,
  type PopupHistory,
  parseVisitorState,
  type SessionPopupState,
  STATE_KEY,
  serializeVisitorState,
  type VisitorState,
} from './state.ts';
import { createStorageSet, createWebStore, type StorageWindow } from './web-storage.ts';

export interface Visitor extends PageVisitor {
  readonly stores: StorageSet;
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
  /** The outbox holds reports this page may not send: the record tells the next page views to send them. */
  markOutboxWaiting(): void;
  /** The outbox was read and holds nothing to send: the mark comes off. */
  clearOutboxWaiting(): void;
}

const DAY = 24 * 60 * 60 * 1000;

export function createVisitor(options: VisitorOptions = {}): Visitor {
  const now = options.now ?? Date.now;
  const stores =
    (options.stores as StorageSet | undefined) ??
    createStorageSet({
      window: options.window,
      document: options.document,
      now,
      log: options.log,
      secureCookies: options.window?.location?.protocol === 'https:',
    });
  return withHistory(createPageVisitor({ ...options, stores }), now, options.window);
}

/** The page visitor with its history, kept in the page's Web Storage (or the page visitor's own stores). */
export function withHistory(
  visitor: PageVisitor,
  now: () => number = Date.now,
  win: StorageWindow = globalThis.window,
): Visitor {
  const stores: StorageSet = {
    ...visitor.stores,
    local: visitor.stores.local ?? createWebStore('local', win, now),
    session: (visitor.stores as Partial<StorageSet>).session ?? createWebStore('session', win, now),
  };
  const { local } = stores;
  const { sessionId } = visitor;
  let cachedState: VisitorState | null = null;
  // Once opened (read or written), Web Storage answers for itself: opening it is what costs (a round trip to the
  // browser), not a read after that.
  let storageOpened = false;
  // Read once per task: another tab may change it between this page's events.
  const state = (): VisitorState => {
    if (!cachedState) {
      if (!storageOpened && visitor.historyUnwritten()) cachedState = emptyState();
      else {
        storageOpened = true;
        cachedState = parseVisitorState(local.get(STATE_KEY));
      }
      queueMicrotask(() => (cachedState = null));
    }
    return cachedState;
  };
  /**
   * Changes the state, and the cookie's record with it: its history mark (record.ts, `h` and `n`) when due, and
   * `inRecord`.
   */
  const change = (apply: (current: VisitorState) => void, inRecord?: (record: VisitorRecord, at: number) => void) => {
    const current = state();
    apply(current);
    const mark = visitor.field('h');
    // The record first: a page that reads it after this finds the history too.
    if (inRecord || !mark || mark.until < now() + FIELD_LIFETIME_MS.h - DAY)
      visitor.update((record, at) => {
        record.delete('n');
        setField(record, 'h', [], at);
        inRecord?.(record, at);
      });
    local.set(STATE_KEY, serializeVisitorState(current));
    storageOpened = true;
  };
  const history = (poptinId: string): PopupHistory => state().popups[poptinId] ?? { ...EMPTY_HISTORY };
  /** One write of the state: the pop-up's history changed, an engagement event, and what `also` changes. */
  const changeHistory = (
    poptinId: string,
    values: Partial<PopupHistory>,
    kind: string,
    event: EngagementEvent,
    also?: (current: VisitorState) => void,
    inRecord?: (record: VisitorRecord, at: number) => void,
  ) =>
    change((current) => {
      current.popups[poptinId] = { ...history(poptinId), ...values };
      current.engagement = [...current.engagement, { id: poptinId, kind, event, at: now() }].slice(
        -MAX_ENGAGEMENT_RECORDS,
      );
      also?.(current);
    }, inRecord);
  const sessionPopup = (poptinId: string, current = state()): SessionPopupState => {
    if (current.session?.id !== sessionId) current.session = { id: sessionId, popups: {} };
    current.session.popups[poptinId] ??= {};
    return current.session.popups[poptinId];
  };
  const changeSessionPopup = (poptinId: string, values: SessionPopupState) =>
    change((current) => Object.assign(sessionPopup(poptinId, current), values));
  // A display-once flag lasts its own 30 minutes, or as long as the pages kept open renewed it (record.ts, `f`).
  const onceFlagUntil = (until: number | null) => {
    const renewed = visitor.field('f');
    const last =
      until !== null && renewed && until > decodeTime(renewed.values[0]) ? Math.max(until, renewed.until) : until;
    return last !== null && last > now() ? last : null;
  };
  const stored = (name: FieldName) => visitor.field(name)?.values[0] ?? '';

  return {
    ...visitor,
    stores,
    canCountVisits: () => local.persistent,
    countPageVisit(poptinId, url) {
      const popup = sessionPopup(poptinId);
      const count = popup.visits ?? 0;
      // Reloading the same address is not a new visit.
      if (popup.lastUrl === url) return count;
      changeSessionPopup(poptinId, { visits: count + 1, lastUrl: url });
      return count + 1;
    },
    pageVisitCount: (poptinId) => sessionPopup(poptinId).visits ?? 0,
    pageVisitTriggerDisabled: (poptinId) => sessionPopup(poptinId).disabled === true,
    disablePageVisitTrigger: (poptinId) => changeSessionPopup(poptinId, { disabled: true }),

    recordView(poptinId, kind) {
      const at = now();
      const onceUntil = at + LIFETIME_MS.displayOnceFlag;
      changeHistory(
        poptinId,
        {
          views: history(poptinId).views + 1,
          lastViewAt: at,
          onceUntil,
          viewedTodayUntil: at + LIFETIME_MS.viewedToday,
        },
        kind,
        'seen',
        undefined,
        // The flags live from `from` on until the field's expiry, renewed while pages stay open.
        (record) => {
          const renewed = record.get('f');
          const from = renewed ? Math.min(decodeTime(renewed.values[0]), at) : at;
          record.set('f', { values: [encodeTime(from)], until: Math.max(onceUntil, renewed?.until ?? 0) });
        },
      );
    },
    recordClose(poptinId, kind) {
      changeHistory(poptinId, { lastClosedAt: now() }, kind, 'closed', (current) => {
        sessionPopup(poptinId, current).closed = true;
      });
    },
    recordConversion(poptinId, kind, email) {
      changeHistory(
        poptinId,
        { convertedAt: now() },
        kind,
        'converted',
        (current) => {
          if (email) current.convertedEmail = email;
        },
        // The record's history mark is renewed with it: the record lives as long as the conversion.
        (record, at) => {
          if (email) setField(record, 'e', [], at);
        },
      );
    },
    // Web Storage is read when a rule reads a count, not for the visitor's returning status alone.
    frequencyHistory(poptinId) {
      const popup = () => history(poptinId);
      return {
        get views() {
          return popup().views;
        },
        get lastViewAt() {
          return popup().lastViewAt;
        },
        get lastClosedAt() {
          return popup().lastClosedAt;
        },
        get onceFlagUntil() {
          return onceFlagUntil(popup().onceUntil);
        },
        get viewedTodayUntil() {
          const until = popup().viewedTodayUntil;
          return until !== null && until > now() ? until : null;
        },
        get closedThisSession() {
          return sessionPopup(poptinId).closed === true;
        },
        returningVisitor: visitor.returning,
      };
    },
    convertedAt: (poptinId) => history(poptinId).convertedAt,
    engagement: () => state().engagement,
    convertedEmail: () => state().convertedEmail,
    storedClientId: () => stored('c'),
    storedLocation: () => ({ ip: stored('i'), countryCode: stored('k') }),
    rememberSessionAccount: (customerId) => visitor.update((record, at) => setField(record, 'a', [customerId], at)),
    storedSessionAccount: () => stored('a'),
    markOutboxWaiting: () => visitor.update((record, at) => setField(record, 'x', [], at)),
    clearOutboxWaiting: () => {
      if (visitor.field('x')) visitor.update((record) => record.delete('x'));
    },
  };
}
