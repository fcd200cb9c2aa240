import type { Schedule } from '../rules/schedule.ts';
import type { RuleResult } from '../rules/types.ts';

/** Pop-up kinds of widget §1. */
export const POPUP_TYPES = [
  'embedded',
  'lightbox',
  'gamified',
  'bar',
  'sside',
  'bside',
  'browsing',
  'fullpage',
  'mobile',
  'social',
  'content',
] as const;
export type PopupType = (typeof POPUP_TYPES)[number];

/** Kinds that take the whole screen: only one of them is active at a time (widget §4 queue). */
export const MODAL_TYPES: readonly PopupType[] = ['lightbox', 'gamified', 'fullpage'];

/** A pop-up configuration exactly as the display server sends it (widget §3), sibling settings included. */
export type RawPoptin = Record<string, unknown>;

export interface TriggerSettings {
  /** display_after_sec_active: seconds, or null when off. */
  afterSeconds: number | null;
  /** display_after_sec_active_on: count time on this page or on the whole website. */
  afterSecondsOn: 'page' | 'website';
  /** display_after_scroll_active: percentage of (document height - window height). */
  afterScrollPercent: number | null;
  /** display_after_page_click_number_active */
  afterClicks: number | null;
  /** display_after_visit_page_active */
  afterPageVisits: number | null;
  /** display_after_inactive_seconds_active */
  afterInactiveSeconds: number | null;
  /** display_after_exit_website_active */
  exitIntent: boolean;
  /** display_if_adblock_active */
  ifAdblock: boolean;
}

export interface FilterSettings {
  cookieFilter: string;
  jsFilter: string;
  engagementFilter: string;
  sourceCodeTargetActive: boolean;
  sourceCodeTargetHtml: string;
  sourceCodeTargetRole: string;
}

export interface CartTriggerSettings {
  shopifyActive: boolean;
  shopifyAction: string;
  shopifyProducts: string;
  shopifyCartSpecFilter: string;
  shopifyCartSpecValue: string;
  wixActive: boolean;
}

export interface PopupConfig {
  id: string;
  name: string;
  type: PopupType;
  /** e.g. "format_3" */
  format: string;
  /** lead, click, social_proof, … */
  target: string;
  accountId: string;
  /** Owner template HTML (`poptin`), if sent inline. */
  html: string;
  /** Template location (`poptin_url`) when the HTML is not inline. */
  templateUrl: string;
  /**
   * The display server sanitised its inline templates (`poptin_sanitized`: `html` and the mobile design) with the
   * widget's own policy, so the widget inserts them as they are; a template from `templateUrl` is sanitised here.
   */
  templateSanitized: boolean;
  viewerId: string;
  designProperties: Record<string, unknown>;
  teasersOn: boolean;
  showCredit: boolean;
  stopShowingToConvertedUsers: boolean;
  xCloseButton: boolean;
  /** d_f_r, e.g. "all@display_everytime_everypage_5" */
  frequencyRule: string;
  /** d_f_a */
  frequencyAction: string;
  autoPilotTrigger: boolean;
  redirectUrl: string;
  redirectTarget: string;
  abTest: string;
  abTestParentId: string;
  onClick: string;
  triggers: TriggerSettings;
  filters: FilterSettings;
  cart: CartTriggerSettings;
  /** When it may show (`schedule`: start, end, weekly hours); null when always. */
  schedule: Schedule | null;
  /** Everything the server sent, for settings read by later features. */
  raw: RawPoptin;
}

export interface DisplayResponse {
  display: string;
  message: string;
  isClientRestriction: boolean;
  clientRestrictionSetting: Record<string, unknown>;
  poptins: PopupConfig[];
  country: string;
  countryCode: string;
  ifFreemium: boolean;
  lang: string;
  ip: string;
  cc: string;
  wixCartDetails: Record<string, unknown> | null;
  /** The site's IANA time zone (DisplayAnswer.time_zone), in which schedules are read; UTC when it sent none. */
  timeZone: string;
  /** The site takes leads only with the widget's proof of work (DisplayAnswer.proof_of_work). */
  proofOfWork: boolean;
  /** Pop-ups the response carried that could not be understood, with the reason (never thrown). */
  rejected: { index: number; reason: string }[];
  /** The client's pop-ups the server left out of this page view, with the rules that did (DisplayAnswer.left_out). */
  leftOut: LeftOutPopup[];
}

export interface LeftOutPopup {
  id: string;
  name: string;
  type: PopupType;
  blockedBy: RuleResult[];
}
