// Where the visit came from, read from its first page: the external referrer's host and the landing page's UTM
// parameters and ad click ids (the visitor record keeps both for the session, page-visitor.ts).
//
// The classification, first match wins:
// 1. paid: utm_medium is cpc, ppc, cpm, cpv or starts with "paid" (paid_social, paidsearch), or the landing page
//    carries an ad click id (gclid, gbraid, wbraid, dclid, msclkid). Facebook's fbclid is not one: Facebook adds it
//    to every link followed out of it, paid or not.
// 2. email: utm_medium is email, e-mail or newsletter, or utm_source contains "newsletter".
// 3. social: utm_medium is social, social-media, social_media or sm, or the referrer is a social network (SOCIAL_HOSTS).
// 4. search: utm_medium is organic, or the referrer is a search engine (SEARCH_HOSTS, any country domain of Google,
//    Yahoo, Yandex).
// 5. referral: any other external referrer.
// 6. direct: no referrer and none of the above (typed, bookmarked, or a referrer the browser withheld).

export const TRAFFIC_SOURCES = ['search', 'social', 'email', 'paid', 'direct', 'referral'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];

const AD_CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'dclid', 'msclkid'];
const PAID_MEDIUMS = /^(cpc|ppc|cpm|cpv|paid.*)$/;
const EMAIL_MEDIUMS = new Set(['email', 'e-mail', 'e_mail', 'newsletter']);
const SOCIAL_MEDIUMS = new Set(['social', 'social-media', 'social_media', 'sm']);

/** Social networks, by their domain (a subdomain counts: m.facebook.com, l.instagram.com). */
export const SOCIAL_HOSTS = [
  'facebook.com',
  'instagram.com',
  'threads.net',
  'twitter.com',
  'x.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'pinterest.com',
  'reddit.com',
  'tiktok.com',
  'youtube.com',
];
/** Search engines, by their domain; Google, Yahoo and Yandex under any country domain (google.co.uk). */
export const SEARCH_HOSTS = ['bing.com', 'duckduckgo.com', 'baidu.com', 'ecosia.org', 'search.brave.com'];
const SEARCH_BRANDS = /(^|\.)(google|yahoo|yandex)\.([a-z]{2,3})(\.[a-z]{2})?$/;

/** What the visit's record says of the visit and this page view. */
export interface VisitFacts {
  /** Host of the external page the visit came from, "" for none. */
  referrerHost: string;
  /** The landing page's UTM parameters and ad click ids, as a query string. */
  campaign: string;
  /** This page view is the first of the visit. */
  landing: boolean;
  /** The visitor was seen in the 2 days before this visit. */
  returning: boolean;
}

const inList = (host: string, domains: readonly string[]) =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

/** A UTM parameter (or click id) of the visit's landing page, lower case, "" when absent. */
export function campaignValue(facts: Pick<VisitFacts, 'campaign'>, name: string): string {
  try {
    return (new URLSearchParams(facts.campaign).get(name) ?? '').trim().toLowerCase();
  } catch {
    return '';
  }
}

/** The visit's traffic source by the table above, with the fact that decided it. */
export function classifyTrafficSource(facts: Pick<VisitFacts, 'referrerHost' | 'campaign'>): {
  source: TrafficSource;
  why: string;
} {
  const medium = campaignValue(facts, 'utm_medium');
  const utmSource = campaignValue(facts, 'utm_source');
  const host = facts.referrerHost
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  if (PAID_MEDIUMS.test(medium)) return { source: 'paid', why: `utm_medium "${medium}"` };
  const clickId = AD_CLICK_IDS.find((name) => campaignValue(facts, name) !== '');
  if (clickId) return { source: 'paid', why: `ad click id ${clickId}` };
  if (EMAIL_MEDIUMS.has(medium)) return { source: 'email', why: `utm_medium "${medium}"` };
  if (utmSource.includes('newsletter')) return { source: 'email', why: `utm_source "${utmSource}"` };
  if (SOCIAL_MEDIUMS.has(medium)) return { source: 'social', why: `utm_medium "${medium}"` };
  if (host && inList(host, SOCIAL_HOSTS)) return { source: 'social', why: `referrer ${host}` };
  if (medium === 'organic') return { source: 'search', why: `utm_medium "${medium}"` };
  if (host && (inList(host, SEARCH_HOSTS) || SEARCH_BRANDS.test(host)))
    return { source: 'search', why: `referrer ${host}` };
  if (host) return { source: 'referral', why: `referrer ${host}` };
  return { source: 'direct', why: 'no referrer and no campaign parameters' };
}
