// The visitor's cookie (widget §3, §9): what a page view reads and writes, in one first-party cookie kept under 1 KB.
// Each field is a list of values with its own expiry, read with the injected clock, so the lifetimes of widget §9
// hold for the fields as they held for the cookies they replaced; the cookie lives as long as its longest field.
//
// The grammar: fields joined by `<`; a field is its one-letter name, its values and its expiry (ms, base 36) joined
// by `>`. A serialized address never holds `<` or `>` (the URL standard escapes them), and they are taken out of any
// other value, so nothing needs escaping inside the record; the cookie layer escapes what a cookie may not hold.
import { encodeCookieValue } from './cookies.ts';

export const VISITOR_COOKIE = 'poptin_visitor';
/** The cookie's `name=value` as sent stays under this many bytes. */
export const VISITOR_COOKIE_BUDGET = 1000;
/** Longer values (addresses) are cut to this many bytes as the cookie holds them. */
export const MAX_STORED_VALUE = 120;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/**
 * The fields and their lifetimes (widget §9), each renewed when written:
 * - `v` the visitor id, 30 days
 * - `s` the session: its id, `1` when the visitor was returning as it began, its start, its landing page, the host of
 *   the external page it came from, the landing page's UTM parameters and ad click ids; 30 minutes
 * - `o` old user (a visitor seen in the last 2 days), no values
 * - `t` time on site: the visit's start, 60 s
 * - `r` the external referrer, `p` the previous page: about 2 minutes (0.00139 days)
 * - `g` visited pages, the newest that fit: address and time, in pairs, oldest first; 30 days
 * - `c` the client id, `i` the stored IP, `k` the country code: 365 days; `a` the session account, 30 days
 * - `e` Web Storage (`poptin_state`) holds a converted e-mail, which the display call carries; 365 days
 * - `f` the display-once flags of `poptin_state` set after its value (a time) last until its expiry, which pages
 *   kept open renew every minute (30 minutes) without opening Web Storage
 * - `x` the outbox (Web Storage) holds reports a page left unsent, which the next page view sends; 30 days
 * - `n` no history was written to Web Storage yet: a visitor new to the site, whose page views then need not open it
 *   to learn that it is empty; the first history written takes it off; 30 days
 * - `h` Web Storage holds history: written with it (with each conversion, else at most once a day), so that the record
 *   lives as long as a conversion (365 days) and a visitor coming back within it is not taken for a new one; 365 days
 */
export const FIELD_LIFETIME_MS = {
  v: 30 * DAY,
  s: 30 * MINUTE,
  o: 2 * DAY,
  t: MINUTE,
  r: Math.round(0.00139 * DAY),
  p: Math.round(0.00139 * DAY),
  g: 30 * DAY,
  c: 365 * DAY,
  i: 365 * DAY,
  k: 365 * DAY,
  a: 30 * DAY,
  e: 365 * DAY,
  f: 30 * MINUTE,
  x: 30 * DAY,
  n: 30 * DAY,
  h: 365 * DAY,
} as const;

export type FieldName = keyof typeof FIELD_LIFETIME_MS;

/** Fields rewritten every minute while a page stays open (widget §9), if still live; the visitor, session, old-user
 * and time-on-site fields are rewritten with every write. */
export const MINUTE_REFRESHED: readonly FieldName[] = ['r', 'p', 'f'];

export interface Field {
  values: string[];
  until: number;
}

/** Live fields by name. */
export type VisitorRecord = Map<FieldName, Field>;

export const encodeTime = (at: number): string => Math.round(at).toString(36);
/** A time written by encodeTime; NaN when unreadable. */
export const decodeTime = (text: string | undefined): number => (text ? parseInt(text, 36) : NaN);

/** Reads the cookie's value; fields past their expiry, unknown or unreadable, are left out. Never throws. */
export function parseVisitorRecord(text: string | null | undefined, now: number): VisitorRecord {
  const record: VisitorRecord = new Map();
  for (const part of (text ?? '').split('<')) {
    const values = part.split('>');
    const name = values.shift() as FieldName;
    const until = decodeTime(values.pop());
    if (Object.hasOwn(FIELD_LIFETIME_MS, name) && until > now) record.set(name, { values, until });
  }
  return record;
}

/** Sets a field for its lifetime from `now`. */
export function setField(record: VisitorRecord, name: FieldName, values: string[], now: number): void {
  record.set(name, { values, until: now + FIELD_LIFETIME_MS[name] });
}

/** Cut to MAX_STORED_VALUE bytes as the cookie writes it, without the record's separators. */
export function storedValue(text: string): string {
  let value = text.replace(/[<>]/g, '').slice(0, MAX_STORED_VALUE);
  while (encodeCookieValue(value).length > MAX_STORED_VALUE) value = value.slice(0, -1);
  return value;
}

/**
 * The cookie's value and how long the cookie lives (its longest field). Only the newest visited pages that fit are
 * kept (the record is changed to hold those alone: what this page view reports is what the next reads).
 */
export function serializeVisitorRecord(record: VisitorRecord, now: number): { value: string; maxAgeMs: number } {
  let value = '';
  let until = now;
  const pages = record.get('g');
  for (;;) {
    const fields: string[] = [];
    until = now;
    for (const [name, field] of record) {
      if (field.until <= now) continue;
      until = Math.max(until, field.until);
      fields.push([name, ...field.values.map(storedValue), encodeTime(field.until)].join('>'));
    }
    value = fields.join('<');
    if (!pages?.values.length || encodeCookieValue(VISITOR_COOKIE + value).length < VISITOR_COOKIE_BUDGET) break;
    pages.values.splice(0, 2);
  }
  return { value, maxAgeMs: until - now };
}

/** The Web Storage key of the rest of the visitor's history (state.ts). */
export const STATE_KEY = 'poptin_state';
/** Minute-refreshed fields are rewritten this often while the page is open. */
export const MINUTE_REFRESH_MS = MINUTE;
/** The time on site is rewritten this often (its lifetime is 60 s). */
export const TIME_ON_SITE_REFRESH_MS = 20 * SECOND;
