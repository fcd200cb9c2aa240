import { MODAL_TYPES, type PopupType } from '../config/types.ts';
import { readString } from '../config/values.ts';

/** Widget §1: how many formats each kind has (format_1 upward). */
export const FORMAT_COUNTS: Readonly<Record<PopupType, number>> = {
  browsing: 3,
  bside: 9,
  lightbox: 22,
  sside: 19,
  social: 8,
  bar: 17,
  fullpage: 12,
  mobile: 17,
  embedded: 7,
  gamified: 3,
  content: 1,
};

/** How a kind reaches the screen: a modal dialog, a popover over the page, a block pushing the page, or in place. */
export type Rendering = 'modal' | 'popover' | 'in-flow' | 'in-place';
export type Vertical = 'top' | 'middle' | 'bottom';
export type Horizontal = 'left' | 'center' | 'right';
/** Widget §1: each format is laid out vertically or horizontally. */
export type Orientation = 'vertical' | 'horizontal';

export interface PopupLayout {
  readonly rendering: Rendering;
  readonly vertical: Vertical;
  readonly horizontal: Horizontal;
  readonly format: number;
  readonly orientation: Orientation;
  /** Set when the configured format is not one of the kind's: it is laid out as format 1. */
  readonly formatProblem?: string;
}

/** Where each kind sits when its location names no side (widget §1); the console's editor starts from it too. */
export const DEFAULT_PLACE: Readonly<Record<PopupType, [Vertical, Horizontal]>> = {
  lightbox: ['middle', 'center'],
  gamified: ['middle', 'center'],
  fullpage: ['middle', 'center'],
  bar: ['top', 'center'],
  sside: ['bottom', 'right'],
  bside: ['bottom', 'right'],
  browsing: ['bottom', 'center'],
  mobile: ['bottom', 'center'],
  social: ['bottom', 'left'],
  embedded: ['middle', 'center'],
  content: ['middle', 'center'],
};

/** Bars and browsing notices run across the page; the other kinds' formats stack their content. */
const HORIZONTAL_KINDS: readonly PopupType[] = ['bar', 'browsing'];

function formatNumber(type: PopupType, format: string): { number: number; problem?: string } {
  const match = /^(?:[a-z]+_)?format_(\d+)$/.exec(format.trim().toLowerCase()) ?? /^(\d+)$/.exec(format.trim());
  const number = match ? Number(match[1]) : NaN;
  if (format.trim() === '') return { number: 1 };
  if (!Number.isInteger(number) || number < 1 || number > FORMAT_COUNTS[type]) {
    return {
      number: 1,
      problem: `format "${format}" is not one of the ${type} formats (format_1 to format_${FORMAT_COUNTS[type]}); laid out as format_1`,
    };
  }
  return { number };
}

function renderingOf(type: PopupType, vertical: Vertical, horizontal: Horizontal): Rendering {
  if (MODAL_TYPES.includes(type)) return 'modal';
  if (type === 'embedded' || type === 'content') return 'in-place';
  // Widget §2: a bar at center-top pushes the page down by its height.
  if (type === 'bar' && vertical === 'top' && horizontal === 'center') return 'in-flow';
  return 'popover';
}

/**
 * Where and how a pop-up shows: its kind's rendering, its position (poptin_location, words of
 * left/center/right and top/middle/bottom, each defaulting to the kind's own), and its format.
 */
export function popupLayout(type: PopupType, format: string, location: unknown): PopupLayout {
  const words = readString(location).toLowerCase();
  const [defaultVertical, defaultHorizontal] = DEFAULT_PLACE[type];
  const vertical = (['top', 'middle', 'bottom'] as const).find((word) => words.includes(word)) ?? defaultVertical;
  const horizontal = (['left', 'center', 'right'] as const).find((word) => words.includes(word)) ?? defaultHorizontal;
  // A bar spans the width: only top or bottom matters, and it is centred.
  const placed: [Vertical, Horizontal] =
    type === 'bar' ? [vertical === 'bottom' ? 'bottom' : 'top', 'center'] : [vertical, horizontal];
  const { number, problem } = formatNumber(type, format);
  return {
    rendering: renderingOf(type, placed[0], placed[1]),
    vertical: placed[0],
    horizontal: placed[1],
    format: number,
    orientation: HORIZONTAL_KINDS.includes(type) ? 'horizontal' : 'vertical',
    ...(problem ? { formatProblem: problem } : {}),
  };
}
