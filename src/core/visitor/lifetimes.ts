// Lifetimes of widget §9, in milliseconds: the cookie's fields (record.ts) and the history's flags (visitor.ts).
import { FIELD_LIFETIME_MS as FIELD } from './record.ts';

export { MINUTE_REFRESH_MS, TIME_ON_SITE_REFRESH_MS } from './record.ts';

const DAY = 24 * 60 * 60 * 1000;

export const LIFETIME_MS = {
  clientId: FIELD.c,
  storedIp: FIELD.i,
  countryCode: FIELD.k,
  conversion: 365 * DAY,
  visitor: FIELD.v,
  sessionAccount: FIELD.a,
  viewedToday: 1 * DAY,
  session: FIELD.s,
  oldUser: FIELD.o,
  /** 0.00139 days, about 2 minutes. */
  referrer: FIELD.r,
  previousUrl: FIELD.p,
  displayOnceFlag: FIELD.f,
  timeOnSite: FIELD.t,
} as const;

/** Bound on the engagement list, so storage never grows without limit (visited pages: pages.ts). */
export const MAX_ENGAGEMENT_RECORDS = 100;
