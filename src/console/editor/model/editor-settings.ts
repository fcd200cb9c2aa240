// The editor's form of a pop-up's settings, in the owner's words: its shape alone. Reading a configuration into it and
// writing it back is settings.ts.
import type { PopupType } from '../../../core/config/types.ts';
import type { Horizontal, Vertical } from '../../../core/popup/layout.ts';
import type { FrequencyChoice } from './frequency.ts';
import type { PrizeRow } from './prizes.ts';
import type { ScheduleSetting, VisitSettings } from './rules.ts';
import type { VisitorEmailForm } from './visitor-email.ts';

/** Every kind of widget §1, in the order the editor offers them. */
export const POPUP_KINDS: readonly PopupType[] = [
  'lightbox',
  'bar',
  'sside',
  'bside',
  'fullpage',
  'embedded',
  'mobile',
  'social',
  'content',
  'browsing',
  'gamified',
];

export type ShowRole = 'show' | 'dont_show';
export const TARGETING_OPERATORS = ['contain', 'exact', 'start', 'end', 'any_value'] as const;
export type TargetingOperator = (typeof TARGETING_OPERATORS)[number];

export interface TargetingRow {
  operator: TargetingOperator;
  value: string;
  show: ShowRole;
}

export type CountdownSetting =
  | { mode: 'off' }
  /** Counts down from when it shows: minutes and seconds. */
  | { mode: 'duration'; minutes: number; seconds: number }
  /** Ends at a fixed time. */
  | { mode: 'fixed'; date: string; time: string; gmt: string };

/** The editor's form: every setting an owner changes, in the words of the form, not of the wire. */
export interface EditorSettings {
  name: string;
  kind: PopupType;
  format: number;
  vertical: Vertical;
  horizontal: Horizontal;
  triggers: {
    afterSeconds: number | null;
    afterSecondsOn: 'page' | 'website';
    scrollPercent: number | null;
    clicks: number | null;
    pageVisits: number | null;
    inactivitySeconds: number | null;
    /** Desktop: the pointer leaves the window; phones: Back or a fast scroll up. */
    exitIntent: boolean;
    /** Opens when an element with data-poptin-id="ID" (or a /click/ID link) is clicked. */
    clickToOpen: boolean;
  };
  /** null when the wire text is not one the form can show: it is kept as written (frequencyText). */
  frequency: FrequencyChoice | null;
  frequencyText: string;
  afterClose: FrequencyChoice | null;
  afterCloseText: string;
  targeting: {
    pages: TargetingRow[];
    referrers: TargetingRow[];
    device: 'all' | 'desktop' | 'mobile';
    countries: { show: ShowRole; codes: string[] };
    cookieFilter: string;
    jsFilter: string;
    engagementFilter: string;
    cartActive: boolean;
    cartAction: string;
    cartFilter: string;
    cartValue: string;
    hideFromConverted: boolean;
  };
  close: {
    xButton: boolean;
    /** Seconds before the close button can be used; null: at once. */
    xAfterSeconds: number | null;
    closeOnOverlayClick: boolean;
    autoCloseSeconds: number | null;
  };
  thankYou: { enabled: boolean; autoCloseSeconds: number | null };
  redirect: { enabled: boolean; url: string; sendFormData: boolean };
  /** A variant of the campaign of pop-up parentId: the display server shows each visitor one pop-up of it. */
  abTest: { enabled: boolean; parentId: string };
  teaser: boolean;
  /** When it may show: dates, days and hours, in the site's or the visitor's time zone. */
  schedule: ScheduleSetting;
  /** Rules on the visit: traffic source, UTM parameters, new or returning, landing page. */
  visit: VisitSettings;
  countdown: CountdownSetting;
  prizes: PrizeRow[];
  /** The e-mail sent to the visitor after their lead, and its double opt-in. */
  visitorEmail: VisitorEmailForm;
}
