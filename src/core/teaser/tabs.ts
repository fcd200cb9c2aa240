// Teaser tab constants and choices (widget §2 "Teaser tab", §9).
import type { PopupType as PopupKind } from '../config/types.ts';

/** When the teaser tab shows: always, before the pop-up is shown, or after it is closed. */
export type TeaserShowMode = 'always' | 'before_show' | 'after_close';

export const TEASER_Z_INDEX = 999998;
export const TEASER_ATTENTION_TOGGLE_MS = 3000;
const TAB_INDEX_BASE = 500;
const TAB_INDEX_PER_POPUP = 100;

/** Default pop-up tab limits per type (widget §9); kinds not listed have no limit. */
export const TAB_LIMITS: Partial<Record<PopupKind, number>> = {
  mobile: 5,
  fullpage: 4,
  browsing: 1,
  sside: 4,
  bside: 3,
  social: 4,
  bar: 5,
  lightbox: 6,
};

/** Tab-index base 500 plus 100 per pop-up: the n-th pop-up (0-based) on the page. */
export function teaserTabIndex(popupOrder: number): number {
  return TAB_INDEX_BASE + TAB_INDEX_PER_POPUP * Math.max(0, Math.floor(popupOrder));
}

/** How many teaser tabs of this kind may show at once. */
export function tabLimit(kind: PopupKind): number {
  return TAB_LIMITS[kind] ?? Number.POSITIVE_INFINITY;
}

export type PopupPhase = 'not-shown' | 'shown' | 'closed';

/** Whether the tab is visible in this phase of its pop-up (never while the pop-up itself is open). */
export function teaserVisible(mode: TeaserShowMode, phase: PopupPhase): boolean {
  if (phase === 'shown') return false;
  if (mode === 'always') return true;
  if (mode === 'before_show') return phase === 'not-shown';
  return phase === 'closed';
}

/** Reads the server's teaser mode; anything else is reported and treated as always. */
export function parseTeaserShowMode(value: unknown): { mode: TeaserShowMode; message?: string } {
  if (value === 'always' || value === 'before_show' || value === 'after_close') return { mode: value };
  return {
    mode: 'always',
    message: `teaser mode ${JSON.stringify(value)} is not always, before_show or after_close; showing it always`,
  };
}

export const TEASER_POSITIONS = ['bottom-right', 'bottom-left', 'right', 'left'] as const;
export type TeaserPosition = (typeof TEASER_POSITIONS)[number];

/** What a `<poptin-teaser>` draws: set from its attributes, or by the controller for a pop-up with teasers on. */
export interface TeaserModel {
  readonly poptinId: string;
  readonly label: string;
  readonly mode: TeaserShowMode;
  readonly phase: PopupPhase;
  readonly position: TeaserPosition;
  /** The pop-up's place among the page's pop-ups (0-based), for its tab index. */
  readonly order: number;
  readonly kind: PopupKind;
}

/** On a right-to-left page the tab sits on the other side. */
export function mirroredPosition(position: TeaserPosition, rtl: boolean): TeaserPosition {
  if (!rtl) return position;
  const mirror: Record<TeaserPosition, TeaserPosition> = {
    'bottom-right': 'bottom-left',
    'bottom-left': 'bottom-right',
    right: 'left',
    left: 'right',
  };
  return mirror[position];
}

export function readTeaserPosition(value: unknown): TeaserPosition {
  return (TEASER_POSITIONS as readonly unknown[]).includes(value) ? (value as TeaserPosition) : 'bottom-right';
}

/** Whether the tab with `before` tabs of its kind ahead of it on the page is within its kind's limit. */
export function withinTabLimit(kind: PopupKind, before: number): boolean {
  return before < tabLimit(kind);
}
