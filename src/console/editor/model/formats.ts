import type { PopupType } from '../../../core/config/types.ts';
import { FORMAT_COUNTS, type Horizontal, type Vertical } from '../../../core/popup/layout.ts';

/**
 * What a kind's formats change on a visitor's page, in this widget: a social pop-up's formats 3 and 7 come in with
 * no animation (src/core/popup/effects.ts), a mobile pop-up's formats 1, 6 and 11 turn a button with nothing to fill
 * in into a call of the redirect's phone number (src/components/template/after-submit.ts). Every other format of
 * every kind draws the same (the template's HTML makes the look; `data-format` is there for the owner's own CSS), so
 * the editor offers a choice only where there is one, one picture per behaviour.
 */
export type FormatChoiceId = 'slides-in' | 'appears' | 'sends-form' | 'calls';

export interface FormatChoice {
  id: FormatChoiceId;
  /** The format numbers that behave this way. */
  formats: readonly number[];
  /** The number a pop-up switched to this behaviour takes. */
  value: number;
}

export interface FormatQuestion {
  /** What the choice is about, a key of the editor's words. */
  legend: 'edFormatEntrance' | 'edFormatButton';
  choices: readonly FormatChoice[];
}

const numbers = (kind: PopupType) => Array.from({ length: FORMAT_COUNTS[kind] }, (_, i) => i + 1);
const except = (kind: PopupType, left: readonly number[]) => numbers(kind).filter((n) => !left.includes(n));

const STILL_SOCIAL = [3, 7];
const CALLING_MOBILE = [1, 6, 11];

const QUESTIONS: Partial<Record<PopupType, FormatQuestion>> = {
  social: {
    legend: 'edFormatEntrance',
    choices: [
      { id: 'slides-in', formats: except('social', STILL_SOCIAL), value: 1 },
      { id: 'appears', formats: STILL_SOCIAL, value: 3 },
    ],
  },
  mobile: {
    legend: 'edFormatButton',
    choices: [
      { id: 'sends-form', formats: except('mobile', CALLING_MOBILE), value: 2 },
      { id: 'calls', formats: CALLING_MOBILE, value: 1 },
    ],
  },
};

/** The kind's choice of format, or null when its formats all behave alike. */
export const formatQuestionOf = (kind: PopupType): FormatQuestion | null => QUESTIONS[kind] ?? null;

/** The choice a format number belongs to. */
export function formatChoiceOf(kind: PopupType, format: number): FormatChoice | null {
  return formatQuestionOf(kind)?.choices.find((choice) => choice.formats.includes(format)) ?? null;
}

/** A kind's format when an owner picks the kind: its first choice's (format 1 for the kinds with no choice). */
export const defaultFormatOf = (kind: PopupType): number => formatQuestionOf(kind)?.choices[0]?.value ?? 1;

/** The format after choosing `choice`: the current one when it behaves that way already, so nothing else moves. */
export const formatFor = (choice: FormatChoice, current: number): number =>
  choice.formats.includes(current) ? current : choice.value;

export type Place = `${Vertical}-${Horizontal}`;

const VERTICALS: readonly Vertical[] = ['top', 'middle', 'bottom'];
const HORIZONTALS: readonly Horizontal[] = ['left', 'center', 'right'];
const EVERY_PLACE = VERTICALS.flatMap((vertical) =>
  HORIZONTALS.map((horizontal) => `${vertical}-${horizontal}` as Place),
);

/**
 * The places a kind can take (src/core/popup/layout.ts and the widget's kind styles): a bar and a phone sheet run
 * along the top or the bottom edge; a full page, an embedded form and a content lock sit where they are.
 */
export function placesOf(kind: PopupType): readonly Place[] {
  if (kind === 'bar' || kind === 'mobile') return ['top-center', 'bottom-center'];
  if (kind === 'fullpage' || kind === 'embedded' || kind === 'content') return [];
  return EVERY_PLACE;
}

/** The place of the kind's offer that a stored position is: a bar "in the middle" is at the top, a sheet at the bottom. */
export function placeOf(kind: PopupType, vertical: Vertical, horizontal: Horizontal): Place {
  if (kind === 'bar') return vertical === 'bottom' ? 'bottom-center' : 'top-center';
  if (kind === 'mobile') return vertical === 'top' ? 'top-center' : 'bottom-center';
  return `${vertical}-${horizontal}`;
}
