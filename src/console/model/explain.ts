import type { Language } from '../i18n/strings.ts';
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

const OPERATOR_WORDS: Record<Language, Record<TargetingRow['operator'], string>> = {
  en: { contain: 'contains', exact: 'is exactly', start: 'starts with', end: 'ends with', any_value: 'is any address' },
  he: { contain: 'מכילה', exact: 'זהה ל', start: 'מתחילה ב', end: 'מסתיימת ב', any_value: 'כל כתובת' },
};

function rowsInWords(rows: readonly TargetingRow[], language: Language): { show: string[]; hide: string[] } {
  const words = (row: TargetingRow) =>
    row.operator === 'any_value'
      ? OPERATOR_WORDS[language].any_value
      : `${OPERATOR_WORDS[language][row.operator]} "${row.value}"`;
  return {
    show: rows.filter((row) => row.show === 'show').map(words),
    hide: rows.filter((row) => row.show === 'dont_show').map(words),
  };
}

const list = (items: string[], language: Language) => items.join(language === 'he' ? ' או ' : ' or ');

function triggerSentence(settings: EditorSettings, language: Language): string {
  const t = settings.triggers;
  const he = language === 'he';
  const parts: string[] = [];
  if (t.afterSeconds !== null)
    parts.push(
      he
        ? `אחרי ${t.afterSeconds} שניות ${t.afterSecondsOn === 'website' ? 'באתר' : 'בדף'}`
        : `after ${t.afterSeconds} seconds on the ${t.afterSecondsOn === 'website' ? 'website' : 'page'}`,
    );
  if (t.scrollPercent !== null)
    parts.push(
      he ? `כשהמבקר גולל ${t.scrollPercent}% מהדף` : `when the visitor has scrolled ${t.scrollPercent} % of the page`,
    );
  if (t.clicks !== null) parts.push(he ? `אחרי ${t.clicks} לחיצות בדף` : `after ${t.clicks} clicks on the page`);
  if (t.pageVisits !== null)
    parts.push(he ? `בדף ה-${t.pageVisits} שהמבקר רואה` : `on the visitor's page view number ${t.pageVisits}`);
  if (t.inactivitySeconds !== null)
    parts.push(
      he ? `אחרי ${t.inactivitySeconds} שניות ללא פעילות` : `after ${t.inactivitySeconds} seconds without activity`,
    );
  if (t.exitIntent)
    parts.push(
      he
        ? 'כשהמבקר עומד לעזוב (במחשב: העכבר יוצא מראש החלון; בטלפון: כפתור חזרה או גלילה מהירה למעלה)'
        : 'when the visitor is about to leave (desktop: the pointer leaves through the top of the window; phone: Back or a fast scroll up)',
    );
  const click = he
    ? 'כשלוחצים על רכיב עם data-poptin-id של החלון'
    : 'when an element with its data-poptin-id is clicked';
  if (parts.length === 0) {
    if (t.clickToOpen) return he ? `הוא נפתח רק ${click}.` : `It opens only ${click}.`;
    return he ? 'הוא מוצג מיד עם טעינת הדף.' : 'It shows as soon as the page loads.';
  }
  const when = parts.join(he ? ', או ' : ', or ');
  const suffix = t.clickToOpen ? (he ? `; וגם ${click}` : `; also ${click}`) : '';
  return he ? `הוא מוצג ${when}${suffix}.` : `It shows ${when}${suffix}.`;
}

/**
 * The rules of a pop-up in sentences: each condition a visitor must meet for it to show, so that an owner whose
 * pop-up did not show can see which one their visit missed.
 */
export function explainRules(settings: EditorSettings, language: Language): Explanation[] {
  const he = language === 'he';
  const out: Explanation[] = [];
  const t = settings.targeting;
  if (settings.kind === 'mobile' || t.device !== 'all') {
    const device =
      settings.kind === 'mobile' || t.device === 'mobile'
        ? he
          ? 'טלפונים'
          : 'phones'
        : he
          ? 'מחשבים'
          : 'desktop computers';
    out.push({ topic: 'device', sentence: he ? `מוצג רק ב${device}.` : `It shows on ${device} only.` });
  }
  out.push({ topic: 'trigger', sentence: triggerSentence(settings, language) });
  const frequency = settings.frequency
    ? describeFrequency(settings.frequency, language)
    : he
      ? `כלל תדירות שהעורך אינו מכיר ("${settings.frequencyText}"): פעם אחת בביקור`
      : `a frequency rule the editor does not know ("${settings.frequencyText}"), read as once per session`;
  out.push({
    topic: 'frequency',
    sentence: he
      ? `תדירות: ${frequency}. מבקר שכבר ראה אותו לא יראה אותו שוב עד שהתנאי יתאפס (נסו חלון גלישה בסתר).`
      : `How often: ${frequency}. A visitor who has already seen it does not see it again until that lapses (try a private window).`,
  });
  if (settings.afterClose) {
    out.push({
      topic: 'after-close',
      sentence: he
        ? `אחרי סגירה: ${describeFrequency(settings.afterClose, language)}.`
        : `After the visitor closes it: ${describeFrequency(settings.afterClose, language)}.`,
    });
  }
  const pages = rowsInWords(t.pages, language);
  if (pages.show.length)
    out.push({
      topic: 'pages',
      sentence: he
        ? `מוצג רק בדפים שכתובתם ${list(pages.show, language)}.`
        : `It shows only on pages whose address ${list(pages.show, language)}.`,
    });
  if (pages.hide.length)
    out.push({
      topic: 'pages',
      sentence: he
        ? `לא מוצג בדפים שכתובתם ${list(pages.hide, language)}.`
        : `It never shows on pages whose address ${list(pages.hide, language)}.`,
    });
  const referrers = rowsInWords(t.referrers, language);
  if (referrers.show.length)
    out.push({
      topic: 'referrer',
      sentence: he
        ? `מוצג רק למבקרים שהגיעו מכתובת ש${list(referrers.show, language)} (מבקר שהקליד את הכתובת לא מתאים).`
        : `It shows only to visitors who came from an address that ${list(referrers.show, language)} (a visitor who typed the address has none).`,
    });
  if (referrers.hide.length)
    out.push({
      topic: 'referrer',
      sentence: he
        ? `לא מוצג למבקרים שהגיעו מכתובת ש${list(referrers.hide, language)}.`
        : `It never shows to visitors who came from an address that ${list(referrers.hide, language)}.`,
    });
  if (t.countries.codes.length) {
    const codes = t.countries.codes.join(', ');
    out.push({
      topic: 'country',
      sentence:
        t.countries.show === 'show'
          ? he
            ? `מוצג רק למבקרים מ: ${codes}.`
            : `It shows only to visitors from ${codes}.`
          : he
            ? `לא מוצג למבקרים מ: ${codes}.`
            : `It never shows to visitors from ${codes}.`,
    });
  }
  const filters = [
    t.cookieFilter.trim() && (he ? `עוגיות: ${t.cookieFilter}` : `cookies: ${t.cookieFilter}`),
    t.jsFilter.trim() && (he ? `משתני JavaScript: ${t.jsFilter}` : `JavaScript variables: ${t.jsFilter}`),
    t.engagementFilter.trim() &&
      (he ? `מעורבות בחלונות אחרים: ${t.engagementFilter}` : `engagement with other pop-ups: ${t.engagementFilter}`),
  ].filter(Boolean);
  if (filters.length)
    out.push({
      topic: 'filters',
      sentence: he
        ? `הדף חייב לעמוד בכל המסננים: ${filters.join('; ')}.`
        : `The visit must pass every filter: ${filters.join('; ')}.`,
    });
  if (t.cartActive)
    out.push({
      topic: 'cart',
      sentence: he
        ? `מוצג רק כשהעגלה עומדת בתנאי (${[t.cartAction, t.cartFilter, t.cartValue].filter(Boolean).join(' ')}).`
        : `It shows only when the cart meets its condition (${[t.cartAction, t.cartFilter, t.cartValue].filter(Boolean).join(' ')}).`,
    });
  if (t.hideFromConverted)
    out.push({
      topic: 'converted',
      sentence: he
        ? 'מבקר שכבר השאיר פרטים לא יראה אותו שוב.'
        : 'A visitor who has already signed up does not see it again.',
    });
  if (settings.countdown.mode === 'fixed') {
    const end = `${settings.countdown.date} ${settings.countdown.time} GMT${settings.countdown.gmt}`;
    out.push({
      topic: 'countdown',
      sentence: he
        ? `אחרי ${end} השעון הסתיים והחלון לא מוצג.`
        : `After ${end} its countdown has ended and it no longer shows.`,
    });
  }
  if (settings.abTest.enabled && settings.abTest.parentId) {
    const parent = settings.abTest.parentId;
    out.push({
      topic: 'ab-test',
      sentence: he
        ? `זו גרסת A/B של ${parent}: כל מבקר רואה רק חלון אחד מהקמפיין, ותמיד את אותו אחד.`
        : `It is an A/B variant of ${parent}: each visitor sees only one pop-up of that campaign, always the same one.`,
    });
  }
  return out;
}
