import type { EngagementEvent, EngagementRecord } from '../rules/engagement.ts';
import type { FrequencyHistory } from '../rules/frequency.ts';
import { guard } from '../safety.ts';
import { createStorageSet, type StorageSet } from './browser-storage.ts';
import { COOKIE, LOCAL, SESSION } from './keys.ts';
import { LIFETIME_MS, MAX_ENGAGEMENT_RECORDS, MINUTE_REFRESH_MS, TIME_ON_SITE_REFRESH_MS } from './lifetimes.ts';
import { appendPage, joinPages, joinPagesWithDates, readPages } from './pages.ts';

/** Fields of the display request (widget §7) that come from the visitor's history. */
export interface PageViewFields {
  /** The external page the visit came from (kept for about 2 minutes across the visit's pages), or "". */
  referrer: string;
  /** Scheme of that referrer, e.g. "https:", or "". */
  referrer_protocol: string;
  previous_url: string;
  origin_landing_page: string;
  if_page_refreshed: boolean;
  /** Pages of this session before this one: `url|url`. */
  previous_visited_pages: string;
  /** The same with this page at the end. */
  previous_visited_pages_with_current: string;
  /** Pages of this session before this one with date stamps: `url@MM-DD-YYYY|…`. */
  previous_visited_pages_with_timestamps: string;
  /** Every page on record (newest 50, across sessions) with date stamps. */
  all_visited_pages: string;
  converted_email: string;
}

export interface Visitor {
  readonly visitorId: string;
  /** The visitor had the old-user cookie when this session began. */
  readonly returning: boolean;
  readonly stores: StorageSet;
  /** Whether per-session counters survive page loads (the page-visit trigger needs it). */
  canCountVisits(): boolean;
  recordPageView(url?: string): PageViewFields;
  /** Time on this website, carried across pages by the time-on-site session cookie. */
  timeOnSiteMs(): number;
  /** Rewrites the cookies that widget §9 refreshes while the page is open; call every 20 s (see startVisitorKeepAlive). */
  keepAlive(): void;
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
  /** The page's cookies as name → value (for the cookie filter). */
  cookies(): Record<string, string>;
  rememberClientId(clientId: string): void;
  storedClientId(): string;
  rememberLocation(location: { ip?: string; countryCode?: string }): void;
  storedLocation(): { ip: string; countryCode: string };
  rememberSessionAccount(customerId: string): void;
  storedSessionAccount(): string;
}

export interface VisitorOptions {
  window?:
    | (Pick<Window, 'localStorage' | 'sessionStorage'> & { location?: Pick<Location, 'href' | 'protocol'> })
    | null;
  document?: Pick<Document, 'cookie' | 'referrer'> | null;
  /** Injected stores (tests); by default cookies, localStorage and sessionStorage of the given window/document. */
  stores?: StorageSet;
  now?: () => number;
  log?: (message: string) => void;
  createId?: () => string;
}

interface PopupHistory {
  views: number;
  lastViewAt: number | null;
  lastClosedAt: number | null;
  convertedAt: number | null;
}

const EMPTY_HISTORY: PopupHistory = { views: 0, lastViewAt: null, lastClosedAt: null, convertedAt: null };

export function createVisitor(options: VisitorOptions = {}): Visitor {
  const now = options.now ?? Date.now;
  const win = options.window ?? null;
  const doc = options.document ?? null;
  const stores =
    options.stores ??
    createStorageSet({
      window: win,
      document: doc,
      now,
      log: options.log,
      secureCookies: win?.location?.protocol === 'https:',
    });
  const { cookies, local, session } = stores;
  const createId = options.createId ?? randomId;

  const readJson = <T>(text: string | null, fallback: T): T => {
    if (!text) return fallback;
    try {
      return JSON.parse(text) as T;
    } catch {
      return fallback;
    }
  };
  const readTimestamp = (text: string | null): number | null => {
    const value = text === null ? NaN : Number(text);
    return Number.isFinite(value) ? value : null;
  };

  // Session and returning-visitor status are settled once per page load.
  const sessionCookie = cookies.get(COOKIE.session);
  let sessionValue: string;
  let returning: boolean;
  if (sessionCookie && /^[^:]+:[01]$/.test(sessionCookie)) {
    sessionValue = sessionCookie;
    returning = sessionCookie.endsWith(':1');
  } else {
    returning = cookies.get(COOKIE.oldUser) !== null;
    sessionValue = `${createId()}:${returning ? 1 : 0}`;
  }
  cookies.set(COOKIE.session, sessionValue, LIFETIME_MS.session);
  cookies.set(COOKIE.oldUser, '1', LIFETIME_MS.oldUser);

  const visitorId = cookies.get(COOKIE.visitorId) || createId();
  cookies.set(COOKIE.visitorId, visitorId, LIFETIME_MS.visitor);

  // Time-on-site cookie value: "<visit start ms>:<expiry ms>"; a gap longer than its lifetime starts a new visit.
  let siteStart = now();
  let siteExpiry = 0;
  const previousTime = /^(\d+):(\d+)$/.exec(cookies.get(COOKIE.timeOnSite) ?? '');
  if (previousTime && Number(previousTime[2]) > now()) siteStart = Number(previousTime[1]);
  const writeTimeOnSite = () => {
    siteExpiry = now() + LIFETIME_MS.timeOnSite;
    cookies.set(COOKIE.timeOnSite, `${siteStart}:${siteExpiry}`, LIFETIME_MS.timeOnSite);
  };
  writeTimeOnSite();

  let lastMinuteRefresh = now();

  // The year-long cookies are written when their value changes, not on every page view: they arrive with the
  // display answer, in a later task, where comparing with the jar would cost a read. Read here with the rest.
  const longLived = new Map<string, string | null>(
    [COOKIE.clientId, COOKIE.ip, COOKIE.countryCode].map((key) => [key, cookies.get(key)]),
  );
  const rememberLongLived = (key: string, value: string, lifetime: number) => {
    if (longLived.get(key) === value) return;
    cookies.set(key, value, lifetime);
    longLived.set(key, value);
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

  const rewriteIfPresent = (key: string, lifetime: number) => {
    const value = cookies.get(key);
    if (value !== null) cookies.set(key, value, lifetime);
  };

  return {
    visitorId,
    returning,
    stores,
    canCountVisits: () => session.persistent,

    recordPageView(url = win?.location?.href ?? '') {
      const documentReferrer = safeRead(() => doc?.referrer ?? '');
      let referrer: string;
      if (documentReferrer && hostOf(documentReferrer) !== hostOf(url)) {
        referrer = documentReferrer;
        cookies.set(COOKIE.referrer, referrer, LIFETIME_MS.referrer);
      } else {
        referrer = cookies.get(COOKIE.referrer) ?? '';
      }
      const storedPrevious = cookies.get(COOKIE.previousUrl);
      const previousUrl =
        storedPrevious ?? (documentReferrer && hostOf(documentReferrer) === hostOf(url) ? documentReferrer : '');
      cookies.set(COOKIE.previousUrl, url, LIFETIME_MS.previousUrl);
      cookies.set(COOKIE.session, sessionValue, LIFETIME_MS.session);

      const page = { url, at: now() };
      const before = readPages(session.get(SESSION.visitedPages));
      const withCurrent = appendPage(before, page);
      session.set(SESSION.visitedPages, JSON.stringify(withCurrent));
      const allPages = appendPage(readPages(local.get(LOCAL.allVisitedPages)), page);
      local.set(LOCAL.allVisitedPages, JSON.stringify(allPages));
      let landing = session.get(SESSION.landingPage);
      if (!landing) {
        landing = url;
        session.set(SESSION.landingPage, landing);
      }
      return {
        referrer,
        referrer_protocol: protocolOf(referrer),
        previous_url: previousUrl,
        origin_landing_page: landing,
        if_page_refreshed: previousUrl !== '' && previousUrl === url,
        previous_visited_pages: joinPages(before),
        previous_visited_pages_with_current: joinPages(withCurrent),
        previous_visited_pages_with_timestamps: joinPagesWithDates(before),
        all_visited_pages: joinPagesWithDates(allPages),
        converted_email: local.get(LOCAL.lastConvertedEmail) ?? '',
      };
    },

    timeOnSiteMs: () => Math.max(0, now() - siteStart),

    keepAlive() {
      const current = now();
      if (siteExpiry - current < LIFETIME_MS.timeOnSite) writeTimeOnSite();
      if (current - lastMinuteRefresh < MINUTE_REFRESH_MS) return;
      lastMinuteRefresh = current;
      cookies.set(COOKIE.oldUser, '1', LIFETIME_MS.oldUser);
      cookies.set(COOKIE.session, sessionValue, LIFETIME_MS.session);
      rewriteIfPresent(COOKIE.referrer, LIFETIME_MS.referrer);
      rewriteIfPresent(COOKIE.previousUrl, LIFETIME_MS.previousUrl);
      for (const key of cookies.keys()) {
        if (!key.startsWith(COOKIE.displayOncePrefix)) continue;
        const until = readTimestamp(cookies.get(key));
        if (until !== null && until > current)
          cookies.set(key, String(current + LIFETIME_MS.displayOnceFlag), LIFETIME_MS.displayOnceFlag);
      }
    },

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
        returningVisitor: returning,
      };
    },
    convertedAt: (poptinId) =>
      readTimestamp(cookies.get(COOKIE.convertedPrefix + poptinId)) ?? history(poptinId).convertedAt,
    engagement,
    convertedEmail: () => local.get(LOCAL.lastConvertedEmail) ?? '',
    // Through the cookie store, whose read of the jar serves the rest of the task (or of the page view's hold); a
    // store that fell back to memory holds no page cookies.
    cookies: () =>
      doc && cookies.persistent ? Object.fromEntries(cookies.keys().map((key) => [key, cookies.get(key) ?? ''])) : {},
    rememberClientId: (clientId) => rememberLongLived(COOKIE.clientId, clientId, LIFETIME_MS.clientId),
    storedClientId: () => cookies.get(COOKIE.clientId) ?? '',
    rememberLocation({ ip, countryCode }) {
      if (ip) rememberLongLived(COOKIE.ip, ip, LIFETIME_MS.storedIp);
      if (countryCode) rememberLongLived(COOKIE.countryCode, countryCode, LIFETIME_MS.countryCode);
    },
    storedLocation: () => ({ ip: cookies.get(COOKIE.ip) ?? '', countryCode: cookies.get(COOKIE.countryCode) ?? '' }),
    rememberSessionAccount: (customerId) => cookies.set(COOKIE.sessionAccount, customerId, LIFETIME_MS.sessionAccount),
    storedSessionAccount: () => cookies.get(COOKIE.sessionAccount) ?? '',
  };
}

/** Calls `visitor.keepAlive()` every 20 s (widget §9 refresh cadences); returns the stop function. */
export function startVisitorKeepAlive(
  visitor: Pick<Visitor, 'keepAlive'>,
  timers: Pick<Window, 'setInterval' | 'clearInterval'>,
): () => void {
  const handle = timers.setInterval(
    () => guard('visitor keep-alive', () => visitor.keepAlive()),
    TIME_ON_SITE_REFRESH_MS,
  );
  return () => timers.clearInterval(handle);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function protocolOf(url: string): string {
  try {
    return url ? new URL(url).protocol : '';
  } catch {
    return '';
  }
}

function safeRead(read: () => string): string {
  try {
    return read();
  } catch {
    return '';
  }
}

function randomId(): string {
  try {
    return crypto.randomUUID().replace(/-/g, '');
  } catch {
    return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
  }
}
