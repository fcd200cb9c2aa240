// The read-out part of the owner API (docs/owner-api.md: the stats report, A/B tests, a person's data) as both ends
// see it: the console's calls (src/console/api/insights.ts) read these shapes, and the server (server/insights/stats.ts,
// server/ab-testing/ab-tests.ts, server/leads/people.ts) answers with them. Types only, so the server imports it as it is.

/** Views, closes and conversions (leads not taken for spam), and conversions / views. */
export interface Counts {
  views: number;
  closes: number;
  conversions: number;
  /** conversions / views, 0 when there are no views, rounded to 4 decimals. */
  conversion_rate: number;
}

export interface StatsQuery {
  /** First and last day of the range in the site's time zone, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** A pop-up and its A/B variants. */
  popup?: string;
  /** One pop-up only (a variant). */
  variant?: string;
}

export interface StatsReport {
  /** The site's IANA time zone ("UTC" when it has none): the days are its calendar days, 23 or 25 hours long at a clock change. */
  time_zone: string;
  /** The site's day now (YYYY-MM-DD), in its time zone. */
  today: string;
  range: { from: string; to: string };
  /** The same number of days just before `range`. */
  previous_range: { from: string; to: string };
  totals: Counts;
  previous_totals: Counts;
  /** Every day of the range, in order, days without events at 0. */
  days: (Counts & { day: string })[];
  /** Every day of the previous range, in order: days[i] compares with previous_days[i]. */
  previous_days: (Counts & { day: string })[];
  /** The 48 hours up to the current one, in order (ISO time of each hour's start), whatever the range. */
  hours: (Counts & { hour: string })[];
  by_device: (Counts & { device: string })[];
  /** The pages with the most views in the range, at most the server's PAGES_LISTED. */
  by_page: (Counts & { page: string })[];
  /** Each pop-up (variants apart) with events in the range. */
  by_popup: (Counts & { poptin_id: string; poptin_name: string; ab_test_parent_id: string | null })[];
  /** The store's orders attributed to the pop-ups covered; null when the site has no Shopify or Wix store. */
  revenue?: StoreRevenueReport | null;
  /**
   * A report of one pop-up (`popup` or `variant`): how many of its leads (not taken for spam) in the range chose each
   * answer of its choice steps, the most chosen first. Empty for the whole site.
   */
  by_choice: ChoiceCount[];
}

/**
 * The answer a choice button of a pop-up in steps wrote (its name and value): how many leads carry it, and how many
 * visitors chose it where it ended the showing with no lead (No → close, a redirect, another pop-up).
 */
export interface ChoiceCount {
  question: string;
  answer: string;
  leads: number;
  without_lead: number;
}

/** Orders in the site's currency attributed to pop-ups, their value, and that value per view of the same pop-ups. */
export interface RevenueFigures {
  revenue: number;
  orders: number;
  /** revenue / views, 0 when there are no views, rounded to 4 decimals. */
  revenue_per_view: number;
}

export interface StoreRevenueReport {
  /** The site's currency (its store's, ISO 4217): every amount is in it. */
  currency: string;
  totals: RevenueFigures;
  previous_totals: RevenueFigures;
  /** Orders of the range attributed to a pop-up but paid in another currency: counted here, never added. */
  other_currency_orders: number;
  /** Each pop-up (variants apart) with revenue in the range, the most first. */
  by_popup: (RevenueFigures & { poptin_id: string })[];
}

/** `GET|PUT /api/owner/{clientId}/store-revenue`: how long before an order a pop-up's lead still earns it. */
export interface StoreRevenueSettings {
  /** 1–90 days, 7 unless the owner changed it. */
  attributionDays: number;
  store: { platform: 'shopify' | 'wix'; currency: string } | null;
}

export interface VariantCounts {
  poptin_id: string;
  views: number;
  conversions: number;
}

export interface VariantVerdict extends VariantCounts {
  conversion_rate: number;
  /** Probability that this variant's true rate is the highest of the test. */
  probability_best: number;
  /** Expected rate lost by choosing this variant: E[max of all rates − this rate]. */
  expected_loss: number;
}

export interface AbVerdict {
  variants: VariantVerdict[];
  /** The variant past the server's WINNER_PROBABILITY with enough views in every variant, else null. */
  winner: string | null;
  /** Why there is no winner yet, or what made one. */
  reason: string;
}

export interface AbTest extends AbVerdict {
  /** The campaign's id: the parent pop-up's. */
  test_id: string;
  /** What the parent pop-up is called. */
  name: string;
  /** Each variant's name and whether it is still shown (a declared winner leaves only itself active). */
  variants: (VariantVerdict & { poptin_name: string; active: boolean })[];
  /** Whether the server applies the winner by itself once the verdict names one (and mails the owners). */
  auto_apply: boolean;
  /** When a winner was applied, by the owner or by the server; null while the test runs. */
  winner_applied_at: string | null;
  /** The control group: its share and the site's conversion in it against the visitors shown the test. */
  control: ControlGroupFigures;
}

/** Visitors a test met in one group, and how many of them became a lead of the site after. */
export interface GroupFigures {
  visitors: number;
  conversions: number;
  conversion_rate: number;
}

export interface ControlGroupFigures {
  /** The share of visitors (0–50 %) held out: they see none of the test's variants. */
  percent: number;
  control: GroupFigures;
  /** The visitors the test could show its variants to. */
  exposed: GroupFigures;
  /** exposed − control conversion rate (a difference of rates), null while a group has no visitors. */
  uplift: number | null;
  /** Its 95 % interval. */
  interval: [number, number] | null;
}

/**
 * One person's data on a site, found by their e-mail address whatever its case: their leads, the views shown to
 * them, the closes that carried their address and the store activity recorded under it (the right of access).
 */
/**
 * What a visitor agreed to on a form with a consent box: the exact text shown (null when the widget did not send it),
 * its language, whether the box was ticked, when and on which page, and when a double opt-in confirmed the address.
 */
export interface ConsentRecord {
  text: string | null;
  language: 'en' | 'he' | null;
  given: boolean;
  at: string;
  url: string | null;
  confirmed_at: string | null;
}

/** A lead's double opt-in: null when its pop-up asks for none. */
export type OptIn = 'unconfirmed' | 'confirmed' | null;

export interface PersonData {
  email: string;
  leads: Record<string, unknown>[];
  views: Record<string, unknown>[];
  closes: Record<string, unknown>[];
  store_activity: Record<string, unknown>[];
  /** A kind had more rows than an export holds: it holds the newest. */
  truncated: boolean;
}

/** The record of one erasure: who asked for it, when, and how many rows of each kind it deleted. */
export interface Erasure {
  id: number;
  erased_by: string;
  created_at: string;
  leads: number;
  views: number;
  closes: number;
  store_activity: number;
}
