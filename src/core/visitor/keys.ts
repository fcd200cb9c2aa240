// The storage names of earlier versions (widget §3 visitor state), read once by migrate.ts and removed: the history
// now lives in one cookie (record.ts) and one Web Storage key (state.ts). Per-pop-up keys carry the poptin id.

export const COOKIE = {
  clientId: 'poptin_client_id',
  ip: 'poptin_user_ip',
  countryCode: 'poptin_user_country_code',
  visitorId: 'poptin_visitor_id',
  sessionAccount: 'poptin_session_account',
  session: 'poptin_session',
  oldUser: 'poptin_old_user',
  referrer: 'poptin_referrer',
  previousUrl: 'poptin_previous_url',
  timeOnSite: 'poptin_time_on_site',
  convertedPrefix: 'poptin_converted_',
  viewedTodayPrefix: 'poptin_viewed_today_',
  displayOncePrefix: 'poptin_once_',
} as const;

export const LOCAL = {
  lastConvertedEmail: 'poptin_last_converted_email',
  engagement: 'poptin_engagement',
  allVisitedPages: 'poptin_all_visited_pages',
  historyPrefix: 'poptin_history_',
} as const;

export const SESSION = {
  visitedPages: 'poptin_session_pages',
  landingPage: 'poptin_landing_page',
  visitCount: (poptinId: string) => `${poptinId}_visit_count`,
  pageUrl: (poptinId: string) => `${poptinId}_page_url`,
  disabled: (poptinId: string) => `${poptinId}_disabled`,
  closed: (poptinId: string) => `${poptinId}_closed`,
} as const;
