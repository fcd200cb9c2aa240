import { guard } from '../safety.ts';
import { createStorageSet, type StorageSet } from './browser-storage.ts';
import { COOKIE, LOCAL, SESSION } from './keys.ts';
import { LIFETIME_MS, MINUTE_REFRESH_MS, TIME_ON_SITE_REFRESH_MS } from './lifetimes.ts';
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

/** The visitor as the loader knows it: its identity, the page view it records and the cookies it keeps fresh. */
export interface PageVisitor {
  readonly visitorId: string;
  /** The visitor had the old-user cookie when this session began. */
  readonly returning: boolean;
  readonly stores: StorageSet;
  recordPageView(url?: string): PageViewFields;
  /** Time on this website, carried across pages by the time-on-site session cookie. */
  timeOnSiteMs(): number;
  /** Rewrites the cookies that widget §9 refreshes while the page is open; call every 20 s (see startVisitorKeepAlive). */
  keepAlive(): void;
  /** The page's cookies as name → value (for the cookie filter). */
  cookies(): Record<string, string>;
  rememberClientId(clientId: string): void;
  rememberLocation(location: { ip?: string; countryCode?: string }): void;
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

export function createPageVisitor(options: VisitorOptions = {}): PageVisitor {
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

  const rewriteIfPresent = (key: string, lifetime: number) => {
    const value = cookies.get(key);
    if (value !== null) cookies.set(key, value, lifetime);
  };

  return {
    visitorId,
    returning,
    stores,

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

    // Through the cookie store, whose read of the jar serves the rest of the task (or of the page view's hold); a
    // store that fell back to memory holds no page cookies.
    cookies: () =>
      doc && cookies.persistent ? Object.fromEntries(cookies.keys().map((key) => [key, cookies.get(key) ?? ''])) : {},
    rememberClientId: (clientId) => rememberLongLived(COOKIE.clientId, clientId, LIFETIME_MS.clientId),
    rememberLocation({ ip, countryCode }) {
      if (ip) rememberLongLived(COOKIE.ip, ip, LIFETIME_MS.storedIp);
      if (countryCode) rememberLongLived(COOKIE.countryCode, countryCode, LIFETIME_MS.countryCode);
    },
  };
}

/** A stored number (a time or a count), or null when there is none. */
export function readTimestamp(text: string | null): number | null {
  const value = text === null ? NaN : Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Calls `visitor.keepAlive()` every 20 s (widget §9 refresh cadences); returns the stop function. */
export function startVisitorKeepAlive(
  visitor: Pick<PageVisitor, 'keepAlive'>,
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
