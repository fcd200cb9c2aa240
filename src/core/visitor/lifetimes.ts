// Lifetimes of widget §9, in milliseconds.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

export const LIFETIME_MS = {
  clientId: 365 * DAY,
  storedIp: 365 * DAY,
  countryCode: 365 * DAY,
  conversion: 365 * DAY,
  visitor: 30 * DAY,
  sessionAccount: 30 * DAY,
  viewedToday: 1 * DAY,
  session: 30 * MINUTE,
  oldUser: 2 * DAY,
  /** 0.00139 days, about 2 minutes. */
  referrer: Math.round(0.00139 * DAY),
  previousUrl: Math.round(0.00139 * DAY),
  displayOnceFlag: 30 * MINUTE,
  timeOnSite: 60 * SECOND,
} as const;

/** Old-user, referrer, previous-url and display-once cookies are rewritten this often while the page is open. */
export const MINUTE_REFRESH_MS = 60 * SECOND;
/** The time-on-site cookie is checked this often and rewritten when less than its lifetime remains. */
export const TIME_ON_SITE_REFRESH_MS = 20 * SECOND;

/** Bounds on stored lists, so storage never grows without limit. */
export const MAX_VISITED_PAGES = 50;
export const MAX_ENGAGEMENT_RECORDS = 100;
