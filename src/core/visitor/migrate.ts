// The visitor's history as earlier versions stored it (keys.ts names it): read once, on the first page view that
// finds it, into the one cookie (record.ts) and the one Web Storage key (state.ts), and removed. A chunk of its
// own, fetched only where such cookies are found.
import type { KeyValueStore } from './browser-storage.ts';
import { COOKIE, LOCAL, SESSION } from './keys.ts';
import type { PageVisitor } from './page-visitor.ts';
// Types alone from the modules the session imports too: a module this chunk shared with the session would be a
// chunk apart, one more file for every session. The session reads back (and checks) what this writes.
import type { FieldName } from './record.ts';
import type { PopupHistory, VisitorState } from './state.ts';

/** record.ts's STATE_KEY (migrate.test.ts checks that the session reads what this writes). */
const STATE_KEY = 'poptin_state';
const encodeTime = (at: number) => Math.round(at).toString(36);

const SESSION_SUFFIXES = { visits: '_visit_count', lastUrl: '_page_url', disabled: '_disabled', closed: '_closed' };
const FLAGS = [
  [COOKIE.displayOncePrefix, 'onceUntil'],
  [COOKIE.viewedTodayPrefix, 'viewedTodayUntil'],
  [COOKIE.convertedPrefix, 'convertedAt'],
] as const;
const KEPT: [FieldName, string][] = [
  ['r', COOKIE.referrer],
  ['p', COOKIE.previousUrl],
  ['c', COOKIE.clientId],
  ['i', COOKIE.ip],
  ['k', COOKIE.countryCode],
  ['a', COOKIE.sessionAccount],
];

const json = (text: string | null | undefined): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};
const keysOf = (storage: Storage | undefined) =>
  storage ? Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '') : [];
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Moves everything earlier versions stored into the visitor's cookie and `poptin_state`, removing the old names. */
export function migrateEarlierVersions(
  visitor: PageVisitor,
  cookies: KeyValueStore,
  win: { localStorage?: Storage; sessionStorage?: Storage } | null,
): void {
  const take = (name: string) => {
    const value = cookies.get(name);
    if (value !== null) cookies.remove(name);
    return value;
  };
  let local: Storage | undefined;
  let session: Storage | undefined;
  try {
    local = win?.localStorage;
    session = win?.sessionStorage;
  } catch {
    // Blocked Web Storage: the cookies move alone.
  }
  const takeStored = (storage: Storage | undefined, key: string) => {
    const value = storage?.getItem(key) ?? null;
    storage?.removeItem(key);
    return value;
  };
  const state: VisitorState = {
    popups: {},
    engagement: [],
    convertedEmail: '',
    session: null,
    ...(json(local?.getItem(STATE_KEY)) as Partial<VisitorState> | null),
  };
  // What a pop-up's history leaves out, the session reads as none (state.ts).
  const popups = state.popups as Record<string, Partial<PopupHistory>>;
  const popup = (id: string) => (popups[id] ??= {});
  for (const key of keysOf(local)) {
    if (!key.startsWith(LOCAL.historyPrefix)) continue;
    const old = (json(takeStored(local, key)) ?? {}) as Record<string, unknown>;
    const history = popup(key.slice(LOCAL.historyPrefix.length));
    history.views = (history.views ?? 0) + (number(old.views) ?? 0);
    history.lastViewAt ??= number(old.lastViewAt);
    history.lastClosedAt ??= number(old.lastClosedAt);
    history.convertedAt ??= number(old.convertedAt);
  }
  let onceUntil = 0;
  for (const name of cookies.keys()) {
    const flag = FLAGS.find(([prefix]) => name.startsWith(prefix));
    const at = flag && Number(take(name));
    if (!flag || !at) continue;
    popup(name.slice(flag[0].length))[flag[1]] = at;
    if (flag[1] === 'onceUntil') onceUntil = Math.max(onceUntil, at);
  }
  const engagement = json(takeStored(local, LOCAL.engagement));
  if (Array.isArray(engagement)) state.engagement = [...engagement, ...state.engagement];
  state.convertedEmail ||= takeStored(local, LOCAL.lastConvertedEmail) ?? '';
  const sessionPopups = state.session?.id === visitor.sessionId ? state.session.popups : {};
  for (const key of keysOf(session)) {
    const entry = Object.entries(SESSION_SUFFIXES).find(([, suffix]) => key.endsWith(suffix));
    const id = entry && key.slice(0, -entry[1].length);
    if (!id) continue;
    const value = takeStored(session, key);
    sessionPopups[id] ??= {};
    const target = sessionPopups[id] as Record<string, unknown>;
    target[entry[0]] = entry[0] === 'visits' ? Number(value) || 0 : entry[0] === 'lastUrl' ? value : value === '1';
  }
  state.session = { id: visitor.sessionId, popups: sessionPopups };
  const pages = [
    ...((json(takeStored(local, LOCAL.allVisitedPages)) as { url?: unknown; at?: unknown }[] | null) ?? []),
  ].filter((page) => typeof page?.url === 'string' && number(page.at) !== null) as { url: string; at: number }[];
  takeStored(session, SESSION.visitedPages);
  takeStored(session, SESSION.landingPage);
  local?.setItem(STATE_KEY, JSON.stringify(state));

  visitor.update((record, now, set) => {
    for (const [field, name] of KEPT) {
      const value = take(name);
      if (value && !record.has(field)) set(field, [value]);
    }
    for (const name of [COOKIE.visitorId, COOKIE.session, COOKIE.oldUser, COOKIE.timeOnSite]) take(name);
    if (state.convertedEmail) set('e', []);
    if (onceUntil > now) record.set('f', { values: [encodeTime(now)], until: onceUntil });
    const recorded = record.get('g')?.values ?? [];
    if (pages.length && recorded.length < 4)
      set('g', [...pages.flatMap((page) => [page.url, encodeTime(page.at)]), ...recorded]);
  });
}
