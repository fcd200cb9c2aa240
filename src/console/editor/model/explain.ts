import { type Language, STRINGS } from '../../i18n/strings.ts';
import { fill } from '../../insights/model.ts';
import type { EditorSettings, TargetingRow } from './editor-settings.ts';
import { describeFrequency } from './frequency.ts';

/** One reason a pop-up may not have shown, in words, with the setting to look at. */
export interface Explanation {
  topic:
    | 'device'
    | 'trigger'
    | 'frequency'
    | 'after-close'
    | 'pages'
    | 'referrer'
    | 'country'
    | 'filters'
    | 'cart'
    | 'converted'
    | 'countdown'
    | 'ab-test';
  sentence: string;
}

function rowsInWords(rows: readonly TargetingRow[], language: Language): { show: string[]; hide: string[] } {
  const words = STRINGS[language];
  const wordsOf = (row: TargetingRow) =>
    row.operator === 'any_value' ? words.exOp_any_value : `${words[`exOp_${row.operator}`]} "${row.value}"`;
  return {
    show: rows.filter((row) => row.show === 'show').map(wordsOf),
    hide: rows.filter((row) => row.show === 'dont_show').map(wordsOf),
  };
}

const list = (items: string[], language: Language) => items.join(STRINGS[language].exOr);

function triggerSentence(settings: EditorSettings, language: Language): string {
  const t = settings.triggers;
  const words = STRINGS[language];
  const parts: string[] = [];
  if (t.afterSeconds !== null)
    parts.push(
      fill(t.afterSecondsOn === 'website' ? words.exAfterSecondsSite : words.exAfterSecondsPage, { n: t.afterSeconds }),
    );
  if (t.scrollPercent !== null) parts.push(fill(words.exScrolled, { n: t.scrollPercent }));
  if (t.clicks !== null) parts.push(fill(words.exClicks, { n: t.clicks }));
  if (t.pageVisits !== null) parts.push(fill(words.exPageVisits, { n: t.pageVisits }));
  if (t.inactivitySeconds !== null) parts.push(fill(words.exInactivity, { n: t.inactivitySeconds }));
  if (t.exitIntent) parts.push(words.exExitIntent);
  const click = words.exClickTarget;
  if (parts.length === 0) return t.clickToOpen ? fill(words.exOnlyClick, { click }) : words.exAtLoad;
  const when = parts.join(words.exOrElse);
  const also = t.clickToOpen ? fill(words.exAlsoClick, { click }) : '';
  return fill(words.exShows, { when, also });
}

/**
 * The rules of a pop-up in sentences: each condition a visitor must meet for it to show, so that an owner whose
 * pop-up did not show can see which one their visit missed.
 */
export function explainRules(settings: EditorSettings, language: Language): Explanation[] {
  const words = STRINGS[language];
  const out: Explanation[] = [];
  const t = settings.targeting;
  if (settings.kind === 'mobile' || t.device !== 'all') {
    const device = settings.kind === 'mobile' || t.device === 'mobile' ? words.exPhones : words.exDesktops;
    out.push({ topic: 'device', sentence: fill(words.exDeviceOnly, { device }) });
  }
  out.push({ topic: 'trigger', sentence: triggerSentence(settings, language) });
  const frequency = settings.frequency
    ? describeFrequency(settings.frequency, language)
    : fill(words.exUnknownFrequency, { rule: settings.frequencyText });
  out.push({ topic: 'frequency', sentence: fill(words.exFrequency, { frequency }) });
  if (settings.afterClose) {
    out.push({
      topic: 'after-close',
      sentence: fill(words.exAfterClose, { frequency: describeFrequency(settings.afterClose, language) }),
    });
  }
  const pages = rowsInWords(t.pages, language);
  if (pages.show.length)
    out.push({ topic: 'pages', sentence: fill(words.exPagesShow, { rows: list(pages.show, language) }) });
  if (pages.hide.length)
    out.push({ topic: 'pages', sentence: fill(words.exPagesHide, { rows: list(pages.hide, language) }) });
  const referrers = rowsInWords(t.referrers, language);
  if (referrers.show.length)
    out.push({ topic: 'referrer', sentence: fill(words.exReferrersShow, { rows: list(referrers.show, language) }) });
  if (referrers.hide.length)
    out.push({ topic: 'referrer', sentence: fill(words.exReferrersHide, { rows: list(referrers.hide, language) }) });
  if (t.countries.codes.length) {
    const codes = t.countries.codes.join(', ');
    out.push({
      topic: 'country',
      sentence: fill(t.countries.show === 'show' ? words.exCountriesShow : words.exCountriesHide, { codes }),
    });
  }
  const filters = [
    t.cookieFilter.trim() && fill(words.exCookies, { filter: t.cookieFilter }),
    t.jsFilter.trim() && fill(words.exJsVariables, { filter: t.jsFilter }),
    t.engagementFilter.trim() && fill(words.exEngagement, { filter: t.engagementFilter }),
  ].filter(Boolean);
  if (filters.length) out.push({ topic: 'filters', sentence: fill(words.exFilters, { filters: filters.join('; ') }) });
  if (t.cartActive) {
    const condition = [t.cartAction, t.cartFilter, t.cartValue].filter(Boolean).join(' ');
    out.push({ topic: 'cart', sentence: fill(words.exCart, { condition }) });
  }
  if (t.hideFromConverted) out.push({ topic: 'converted', sentence: words.exConverted });
  if (settings.countdown.mode === 'fixed') {
    const end = `${settings.countdown.date} ${settings.countdown.time} GMT${settings.countdown.gmt}`;
    out.push({ topic: 'countdown', sentence: fill(words.exCountdown, { end }) });
  }
  if (settings.abTest.enabled && settings.abTest.parentId) {
    out.push({ topic: 'ab-test', sentence: fill(words.exAbVariant, { parent: settings.abTest.parentId }) });
  }
  return out;
}
