import { AUDIENCES, type FrequencyAudience } from '../../../core/rules/frequency.ts';
import { type Language, STRINGS } from '../../i18n/strings.ts';
import { fill } from '../../insights/model.ts';

/**
 * The frequency rule (d_f_r, and d_f_a after a close) as the editor's choice, and back to the wire form that the
 * widget's parser reads (src/core/rules/frequency.ts documents the grammar).
 */
export type FrequencyCap =
  | 'every_page'
  | 'once_per_session'
  | 'once_per_visitor'
  | 'once_a_day'
  | 'every_n_hours'
  | 'every_n_days'
  | 'every_n_weeks';

export interface FrequencyChoice {
  audience: FrequencyAudience;
  cap: FrequencyCap;
  /** every_page: at most this many views in total (null: no limit); every_n_*: N (at least 1). */
  count: number | null;
}

export const FREQUENCY_CAPS: readonly FrequencyCap[] = [
  'every_page',
  'once_per_session',
  'once_per_visitor',
  'once_a_day',
  'every_n_hours',
  'every_n_days',
  'every_n_weeks',
];
export const MAX_FREQUENCY_COUNT = 10_000;

const DEFAULT_CHOICE: FrequencyChoice = { audience: 'all', cap: 'once_per_session', count: null };

/** The wire text of a choice. */
export function frequencyRuleOf(choice: FrequencyChoice): string {
  const n = choice.count;
  const words = ((): string => {
    switch (choice.cap) {
      case 'every_page':
        return n === null ? 'display_everytime_everypage' : `display_everytime_everypage_${n}`;
      case 'once_per_session':
        return 'display_once_per_session';
      case 'once_per_visitor':
        return 'display_once_per_visitor';
      case 'once_a_day':
        return 'display_once_a_day';
      case 'every_n_hours':
        return `display_every_${n ?? 1}_hours`;
      case 'every_n_days':
        return `display_every_${n ?? 1}_days`;
      case 'every_n_weeks':
        return `display_every_${n ?? 1}_weeks`;
    }
  })();
  return `${choice.audience}@${words}`;
}

/**
 * The choice a wire text means, or null when the text is not one the editor can show (it is then kept as written
 * and shown as is). An empty text is the widget's default, once per session.
 */
export function frequencyChoiceOf(text: string): FrequencyChoice | null {
  const source = text.trim().toLowerCase();
  if (!source) return DEFAULT_CHOICE;
  const at = source.indexOf('@');
  const audience = AUDIENCES[at >= 0 ? source.slice(0, at).trim() : 'all'];
  if (!audience) return null;
  const tokens = source
    .slice(at + 1)
    .split(/[_\-\s]+/)
    .filter(Boolean);
  const numbers = tokens.filter((token) => /^\d+$/.test(token)).map(Number);
  const words = new Set(tokens.filter((token) => !/^\d+$/.test(token)));
  if (numbers.length > 1 || numbers[0] === 0) return null;
  const n = numbers.length ? numbers[0] : null;
  const has = (...candidates: string[]) => candidates.some((word) => words.has(word));
  if (has('session')) return { audience, cap: 'once_per_session', count: null };
  if (has('day', 'days', 'daily', 'today'))
    return n === null ? { audience, cap: 'once_a_day', count: null } : { audience, cap: 'every_n_days', count: n };
  if (has('hour', 'hours')) return { audience, cap: 'every_n_hours', count: n ?? 1 };
  if (has('week', 'weeks', 'weekly')) return { audience, cap: 'every_n_weeks', count: n ?? 1 };
  if (has('everypage', 'page', 'pages', 'pageview', 'everytime', 'always'))
    return { audience, cap: 'every_page', count: n };
  if (has('visitor', 'user', 'never', 'lifetime', 'once') && n === null)
    return { audience, cap: 'once_per_visitor', count: null };
  return null;
}

/** A count field's problem, or null: whole numbers from 1, and every_n_* needs one. */
export function frequencyProblem(choice: FrequencyChoice, language: Language): string | null {
  const needsCount = choice.cap.startsWith('every_n_');
  if (choice.count === null) return needsCount ? STRINGS[language].freqEnterNumber : null;
  if (!Number.isInteger(choice.count) || choice.count < 1 || choice.count > MAX_FREQUENCY_COUNT) {
    return fill(STRINGS[language].freqWholeNumber, { max: MAX_FREQUENCY_COUNT });
  }
  return null;
}

/** The choice in words: "once per session", "every page, at most 5 times", "for new visitors: once a day". */
export function describeFrequency(choice: FrequencyChoice, language: Language): string {
  const n = choice.count ?? 1;
  const words = STRINGS[language];
  const cap = ((): string => {
    switch (choice.cap) {
      case 'every_page':
        if (choice.count === null) return words.freqEveryPage;
        return n === 1 ? words.freqEveryPageAtMostOne : fill(words.freqEveryPageAtMost, { n });
      case 'once_per_session':
        return words.freqOncePerSession;
      case 'once_per_visitor':
        return words.freqOncePerVisitor;
      case 'once_a_day':
        return words.freqOnceADay;
      case 'every_n_hours':
        return n === 1 ? words.freqEveryHour : fill(words.freqEveryNHours, { n });
      case 'every_n_days':
        return n === 1 ? words.freqEveryDay : fill(words.freqEveryNDays, { n });
      case 'every_n_weeks':
        return n === 1 ? words.freqEveryWeek : fill(words.freqEveryNWeeks, { n });
    }
  })();
  if (choice.audience === 'all') return cap;
  return fill(choice.audience === 'new' ? words.freqNewOnly : words.freqReturningOnly, { cap });
}
