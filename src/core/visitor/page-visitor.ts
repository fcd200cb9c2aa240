import { guard } from '../safety.ts';
import { type CookieStores, createCookieStores, type KeyValueStore } from './browser-storage.ts';
import { appendPage, joinPages, joinPagesWithDates, type VisitedPage } from './pages.ts';
import {
  decodeTime,
  encodeTime,
  type Field,
  type FieldName,
  MINUTE_REFRESH_MS,
  MINUTE_REFRESHED,
  parseVisitorRecord,
  STATE_KEY,
  serializeVisitorRecord,
  setField,
  TIME_ON_SITE_REFRESH_MS,
  VISITOR_COOKIE,
  type VisitorRecord,
} from './record.ts';

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
  /** Every page on record (newest 50 that fit the cookie, across sessions) with date stamps. */
  all_visited_pages: string;
  converted_email: string;
}

/**
 * The visitor as the loader knows it: its identity, the page view it records and the fields it keeps fresh, all in
 * one cookie (record.ts), read once and written once per page view.
 */
export interface PageVisitor {
  readonly visitorId: string;
  readonly sessionId: string;
  /** The visitor was seen in the 2 days before this session began. */
  readonly returning: boolean;
  /**
   * An earlier page left reports in the outbox (the record says so, or an earlier version's storage is here): this
   * page view sends them, so it cannot stay quiet. The page view's write takes the mark off; a page that still holds
   * reports as it goes puts it back.
   */
  readonly outboxWaiting: boolean;
  readonly stores: CookieStores & { local?: KeyValueStore };
  recordPageView(url?: string): PageViewFields;
  /** Time on this website, carried across pages by the cookie's time-on-site field. */
  timeOnSiteMs(): number;
  /** Rewrites the fields that widget §9 refreshes while the page is open; call every 20 s (see startVisitorKeepAlive). */
  keepAlive(): void;
  /** The page's cookies as name → value (for the cookie filter). */
  cookies(): Record<string, string>;
  /** The site's client id and the visitor's IP and country code (widget §9): one write, when one of them changed. */
  rememberSite(site: { clientId: string; ip?: string; countryCode?: string }): void;
  /** A live field of the record as this page holds it. */
  field(name: FieldName): Field | undefined;
  /**
   * The record, as the cookie holds it now (another tab may have written it), says that no history was written to
   * Web Storage for this visitor yet (record.ts, `n`).
   */
  historyUnwritten(): boolean;
  /**
   * Changes the record as the cookie holds it now (another tab may have written it) and writes it; `set` sets a
   * field for its lifetime.
   */
  update(change: (record: VisitorRecord, now: number, set: (name: FieldName, values: string[]) => void) => void): void;
}

export interface VisitorOptions {
  window?:
    | (Pick<Window, 'localStorage' | 'sessionStorage'> & { location?: Pick<Location, 'href' | 'protocol'> })
    | null;
  document?: Pick<Document, 'cookie' | 'referrer'> | null;
  /** Injected stores (tests, consent mode); by default the cookies of the given document. */
  stores?: CookieStores & { local?: KeyValueStore };
  now?: () => number;
  log?: (message: string) => void;
  createId?: () => string;
}

/** Parameters of the visit's landing page kept for its later pages: the UTM ones and the ad click ids (traffic-source.ts). */
const CAMPAIGN_PARAMETER = /^(utm_[a-z]+|gclid|gbraid|wbraid|dclid|msclkid)$/i;

/** The visitor of a page load that recorded no page view yet. */
let unwrittenPageView: (() => void) | null = null;

export function createPageVisitor(options: VisitorOptions = {}): PageVisitor {
  unwrittenPageView?.();
  const now = options.now ?? Date.now;
  const win = options.window ?? null;
  const doc = options.document ?? null;
  const base: CookieStores & { local?: KeyValueStore } =
    options.stores ??
    createCookieStores({
      document: doc,
      now,
      onFailure: options.log && (() => options.log!('No Web Storage support')),
      secureCookies: win?.location?.protocol === 'https:',
    });
  const { cookies } = base;
  const createId = options.createId ?? randomId;

  let written = cookies.get(VISITOR_COOKIE);
  let record = parseVisitorRecord(written, now());
  const values = (name: FieldName) => record.get(name)?.values;
  const set = (name: FieldName, fieldValues: string[], at = now()) => setField(record, name, fieldValues, at);
  // Earlier versions kept the visitor in cookies of their own: this page view goes on as the same visitor, and the
  // rest of their history moves in a chunk fetched only where they are found (migrate.ts).
  const earlier = written === null && cookies.keys().some((name) => name.startsWith('poptin_'));
  const start = now();
  // A visitor new to the site has no history in Web Storage: the record says so until the first is written.
  if (written === null && !earlier) set('n', [], start);

  // Session and returning-visitor status are settled once per page load.
  const session = values('s') ?? [
    createId(),
    values('o') || cookies.get('poptin_old_user') ? '1' : '',
    encodeTime(start),
    '',
  ];
  const sessionStart = decodeTime(session[2]) || start;
  const visitorId = values('v')?.[0] || cookies.get('poptin_visitor_id') || createId();
  const siteStart = decodeTime(values('t')?.[0]) || start;
  let lastMinuteRefresh = start;

  const write = (at = now()) => {
    if (unwrittenPageView === writeUnwritten) unwrittenPageView = null;
    unwritten = false;
    set('v', [visitorId], at);
    set('s', session, at);
    set('o', [], at);
    set('t', [encodeTime(siteStart)], at);
    if (record.has('n')) set('n', [], at);
    const { value, maxAgeMs } = serializeVisitorRecord(record, at);
    cookies.set(VISITOR_COOKIE, value, maxAgeMs);
    written = value;
  };
  /** The record as the cookie holds it now (another tab may have written it); this page's own until its page view is. */
  const recordNow = (): VisitorRecord => {
    const text = cookies.get(VISITOR_COOKIE);
    return text === written || unwritten ? record : parseVisitorRecord(text, now());
  };
  const update: PageVisitor['update'] = (change) => {
    record = recordNow();
    change(record, now(), set);
    write();
  };
  let unwritten = true;
  // The record is written by the page view: a page load that records none (consent refused on a store, a page closed
  // first) writes nothing of its own. A visitor made after it in the same document (as tests make one page load after
  // another) writes it first, so the later one reads it as a browser would read an earlier page's.
  const writeUnwritten = () => {
    if (unwritten) write(start);
  };
  unwrittenPageView = writeUnwritten;
  if (earlier)
    import('./migrate.ts').then((migrate) =>
      guard('visitor history of earlier versions', () => migrate.migrateEarlierVersions(visitor, cookies, win)),
    );

  const visitor: PageVisitor = {
    visitorId,
    sessionId: session[0]!,
    returning: session[1] === '1',
    outboxWaiting: earlier || record.has('x'),
    stores: base,

    recordPageView(url = win?.location?.href ?? '') {
      const at = now();
      const origin = safeRead(() => new URL(url).origin);
      // The site's own addresses are kept from their path on.
      const short = (address: string) =>
        origin && address.startsWith(`${origin}/`) ? address.slice(origin.length) : address;
      const expand = (address: string) => (address[0] === '/' ? origin + address : address);
      const documentReferrer = safeRead(() => doc?.referrer ?? '');
      const fromSite = documentReferrer.startsWith(`${origin}/`);
      if (documentReferrer && !fromSite) set('r', [documentReferrer], at);
      const referrer = values('r')?.[0] ?? '';
      const stored = values('p')?.[0];
      const previousUrl = stored !== undefined ? expand(stored) : fromSite ? documentReferrer : '';
      set('p', [short(url)], at);
      // The visit's first page: the host it came from and its campaign parameters, kept for its later pages
      // (visit-facts.ts reads them).
      if (!session[3]) {
        session[4] = fromSite ? '' : (documentReferrer.split('/')[2] ?? '');
        session[5] = safeRead(
          () =>
            `${new URLSearchParams([...new URL(url).searchParams].filter(([name]) => CAMPAIGN_PARAMETER.test(name)))}`,
        );
      }
      session[3] ||= short(url);

      const pages = values('g') ?? [];
      const onRecord: VisitedPage[] = [];
      for (let index = 0; index + 1 < pages.length; index += 2)
        onRecord.push({ url: expand(pages[index]!), at: decodeTime(pages[index + 1]) || 0 });
      const before = onRecord.filter((page) => page.at >= sessionStart);
      const all = appendPage(onRecord, { url, at });
      set(
        'g',
        all.flatMap((page) => [short(page.url), encodeTime(page.at)]),
        at,
      );
      write();
      return {
        referrer,
        // Most page views have no referrer: no URL parse that throws for them.
        referrer_protocol: referrer && safeRead(() => new URL(referrer).protocol),
        previous_url: previousUrl,
        origin_landing_page: expand(session[3]),
        if_page_refreshed: previousUrl !== '' && (previousUrl === url || stored === short(url)),
        previous_visited_pages: joinPages(before),
        previous_visited_pages_with_current: joinPages([...before, { url, at }]),
        previous_visited_pages_with_timestamps: joinPagesWithDates(before),
        all_visited_pages: joinPagesWithDates(all),
        converted_email: values('e')
          ? safeRead(
              () =>
                JSON.parse((base.local ? base.local.get(STATE_KEY) : win!.localStorage.getItem(STATE_KEY))!)
                  .convertedEmail,
            )
          : '',
      };
    },

    timeOnSiteMs: () => Math.max(0, now() - siteStart),

    keepAlive() {
      update((fresh, at) => {
        if (at - lastMinuteRefresh < MINUTE_REFRESH_MS) return;
        lastMinuteRefresh = at;
        for (const name of MINUTE_REFRESHED) {
          const field = fresh.get(name);
          if (field) setField(fresh, name, field.values, at);
        }
      });
    },

    // Through the cookie store, whose read of the jar serves the rest of the task (or of the page view's hold); a
    // store that fell back to memory holds no page cookies.
    cookies: () =>
      doc && cookies.persistent ? Object.fromEntries(cookies.keys().map((key) => [key, cookies.get(key) ?? ''])) : {},
    rememberSite({ clientId, ip, countryCode }) {
      const changed = (
        [
          ['c', clientId],
          ['i', ip],
          ['k', countryCode],
        ] as const
      ).filter(([name, value]) => value && values(name)?.[0] !== value);
      if (changed.length) update(() => changed.forEach(([name, value]) => set(name, [value!])));
    },
    field: (name) => record.get(name),
    // A page whose cookies are not kept cannot tell what an earlier page wrote.
    historyUnwritten: () => cookies.persistent && recordNow().has('n'),
    update,
  };
  return visitor;
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

function safeRead(read: () => string): string {
  try {
    return read() ?? '';
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
