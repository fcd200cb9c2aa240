// Each display rule of the rule builder in a sentence of the console's language, shown beside the rule and in the
// editor's explanation ("Shows to visitors who closed 'Welcome discount' and have not signed up in any other pop-up").
import { type MessageWords, wordsOf } from '../../components/field-messages.ts';
import type { Language, StringKey, Translate } from '../../i18n/strings.ts';
import { fill } from '../../insights/model.ts';
import { kindWords } from '../../shell/kinds.ts';
import type { EngagementRow, NameValueRow, ScheduleSetting, UtmRow, VisitSettings, WeeklyRow } from './rules.ts';

export interface WordsContext {
  t: Translate;
  language: Language;
  /** The site's IANA time zone; null: UTC. */
  siteZone: string | null;
  /** The names of the site's pop-ups, by id. */
  popupNames: ReadonlyMap<string, string>;
}

const locale = (language: Language) => (language === 'he' ? 'he' : 'en-GB');

/** "Monday" in the console's language; ISO weekday 1 is Monday (1 January 2024 was a Monday). */
export function weekdayName(day: number, language: Language, style: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(locale(language), { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
}

/** A local date-time "2026-06-01T09:00" in words: "1 June 2026, 09:00". */
export function localMomentWords(local: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return local;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const date = new Intl.DateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year!, month! - 1, day!));
  return `${date}, ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * Words of the owner's own (a pop-up's name, a cookie's value) kept apart from the sentence around them, so that a
 * Latin name in a Hebrew sentence keeps its quotes on its own sides.
 */
const own = (text: string, language: Language) => (language === 'he' ? `\u2068${text}\u2069` : text);

/** "New York" of America/New_York. */
export const cityOf = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

function daysWords(days: readonly number[], { t, language }: WordsContext): string {
  const set = [...new Set(days)].sort((a, b) => a - b).join(',');
  if (set === '1,2,3,4,5,6,7') return t('wEveryDay');
  if (set === '1,2,3,4,5') return t('wWeekdays');
  if (set === '6,7') return t('wWeekend');
  return days
    .slice()
    .sort((a, b) => a - b)
    .map((day) => weekdayName(day, language))
    .join(', ');
}

function weeklyWords(row: WeeklyRow, context: WordsContext): string {
  const to = row.to === '00:00' || row.to === '24:00' ? '24:00' : row.to;
  return `${daysWords(row.days, context)} ${row.from}–${to}`;
}

export function zoneWords(timeZone: ScheduleSetting['timeZone'], context: WordsContext): string {
  if (timeZone === 'visitor') return context.t('wZoneVisitor');
  if (!context.siteZone || context.siteZone === 'UTC') return context.t('wZoneUtc');
  return fill(context.t('wZoneSite'), { city: own(cityOf(context.siteZone), context.language) });
}

export function scheduleWords(schedule: ScheduleSetting, context: WordsContext): string {
  const { t, language } = context;
  const parts: string[] = [];
  if (schedule.start) parts.push(fill(t('wScheduleFrom'), { start: localMomentWords(schedule.start, language) }));
  if (schedule.end) parts.push(fill(t('wScheduleUntil'), { end: localMomentWords(schedule.end, language) }));
  const weekly = schedule.weekly.filter((row) => row.days.length > 0).map((row) => weeklyWords(row, context));
  if (weekly.length) parts.push(weekly.join(language === 'he' ? '; ' : '; '));
  if (parts.length === 0) return t('wAnyTime');
  return fill(t('wScheduleShows'), { parts: parts.join(', '), zone: zoneWords(schedule.timeZone, context) });
}

const listWords = (items: string[], t: Translate) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}${t('wOr')}${items.at(-1)}`;

export function trafficWords(visit: VisitSettings, { t }: WordsContext): string {
  const { show, sources } = visit.trafficSource;
  if (sources.length === 0) return t('wAnySource');
  const names = sources.map((source) => t(`source_${source}` as StringKey));
  return fill(t(show === 'show' ? 'wSourcesShow' : 'wSourcesHide'), { sources: listWords(names, t) });
}

function conditionWords(operator: UtmRow['operator'], value: string, { t, language }: WordsContext): string {
  const op = t(`op_${operator}` as StringKey);
  return operator === 'any_value' ? op : fill(t('wCondition'), { op, value: own(value, language) });
}

export function utmWords(rows: readonly UtmRow[], context: WordsContext): string[] {
  const { t } = context;
  if (rows.length === 0) return [t('wNoUtm')];
  return rows.map((row) =>
    fill(t(row.show === 'show' ? 'wUtmShow' : 'wUtmHide'), {
      parameter: t(row.parameter as StringKey),
      condition: conditionWords(row.operator, row.value, context),
    }),
  );
}

export function visitorWords(visit: VisitSettings, { t }: WordsContext): string {
  return t(
    visit.visitorType === 'new'
      ? 'wVisitorNew'
      : visit.visitorType === 'returning'
        ? 'wVisitorReturning'
        : 'wVisitorAll',
  );
}

export function pageWords(visit: VisitSettings, { t }: WordsContext): string {
  return t(visit.visitPage === 'landing' ? 'wPageLanding' : visit.visitPage === 'later' ? 'wPageLater' : 'wPageAll');
}

export function engagementWords(rows: readonly EngagementRow[] | null, text: string, context: WordsContext): string {
  const { t, popupNames, language } = context;
  if (rows === null) return text;
  if (rows.length === 0) return t('wNoEngagement');
  const target = (row: EngagementRow) =>
    row.id !== 'any'
      ? own(`'${popupNames.get(row.id) || row.id}'`, language)
      : row.kind !== 'any'
        ? fill(t('wAnyOtherKind'), { kind: t(kindWords(row.kind)) })
        : t('wAnyOtherPopup');
  const conditions = rows.map((row) =>
    fill(t(`${row.show === 'show' ? 'eng_' : 'engNot_'}${row.condition}` as StringKey), { target: target(row) }),
  );
  return fill(t('wEngagement'), { conditions: conditions.join(t('wAnd')) });
}

export function filterWords(
  rows: readonly NameValueRow[] | null,
  text: string,
  what: 'cookie' | 'js',
  context: WordsContext,
): string[] {
  const { t, language } = context;
  if (rows === null) return [text];
  if (rows.length === 0) return [t(what === 'cookie' ? 'wNoCookies' : 'wNoJs')];
  const [show, hide] =
    what === 'cookie' ? (['wCookieShow', 'wCookieHide'] as const) : (['wJsShow', 'wJsHide'] as const);
  return rows.map((row) =>
    fill(t(row.show === 'show' ? show : hide), {
      name: own(row.name, language),
      condition: conditionWords(row.operator, row.value, context),
    }),
  );
}

const WEEKLY_FIELD = /^schedule\.weekly\[(\d+)\](?:\.(days|from|to))?$/;

/** A field the server named (`schedule.weekly[0].from`) under the rule builder's own labels; undefined if not a rule. */
export function ruleFieldWords(field: string, t: Translate): string | undefined {
  const weekly = WEEKLY_FIELD.exec(field);
  if (weekly) {
    const part = { days: t('rbWeekly'), from: t('rbFrom'), to: t('rbTo') }[weekly[2] ?? ''];
    return [t('rbSchedule'), fill(t('rbWeeklyRow'), { n: Number(weekly[1]) + 1 }), part].filter(Boolean).join(' · ');
  }
  const labels: Record<string, string> = {
    schedule: t('rbSchedule'),
    'schedule.start': `${t('rbSchedule')} · ${t('rbStart')}`,
    'schedule.end': `${t('rbSchedule')} · ${t('rbEnd')}`,
    'schedule.weekly': `${t('rbSchedule')} · ${t('rbWeekly')}`,
    'schedule.time_zone': `${t('rbSchedule')} · ${t('rbTimeZone')}`,
    traffic_source_targeting: t('rbTrafficSource'),
    utm_targeting: t('rbUtm'),
    visitor_type_targeting: t('rbVisitorType'),
    visit_page_targeting: t('rbVisitPage'),
    engagement_with_other_poptin_filter: t('rbEngagement'),
    cookie_filter: t('rbCookies'),
    js_filter: t('rbJs'),
  };
  return labels[field];
}

/** The rule section a field of the server belongs to. */
export function sectionOfField(field: string): 'schedule' | 'visit' | 'engagement' | 'cookies' | 'js' | null {
  if (field === 'schedule' || field.startsWith('schedule.')) return 'schedule';
  if (/^(traffic_source|utm|visitor_type|visit_page)_targeting$/.test(field)) return 'visit';
  if (field === 'engagement_with_other_poptin_filter') return 'engagement';
  if (field === 'cookie_filter') return 'cookies';
  if (field === 'js_filter') return 'js';
  return null;
}

/** The server's own words for a rule it refused (rules of the widget's readers), in the console's language. */
const SERVER_MESSAGES: MessageWords = [
  [/^must be a local date-time/, (_, t) => t('srvDateTime')],
  [/^must be a time "HH:MM"/, (_, t) => t('srvClock')],
  [/^must be "site" or "visitor"/, (_, t) => t('srvZone')],
  [/^must be after schedule\.start/, (_, t) => t('srvEndAfterStart')],
  [/^must hold at most \d+ ranges/, (_, t) => t('srvTooMany')],
  [/^must list weekdays/, (_, t) => t('srvDays')],
  [/^must differ from its "from" time/, (_, t) => t('srvSameTimes')],
  [/^unknown traffic source (.*): use/, (match, t) => fill(t('srvUnknownSource'), { source: match[1]! })],
  [/^names no traffic source/, (_, t) => t('srvOneOf')],
  [
    /^rule (\d+): (value is required|parameter must be|operator must be|show must be)/,
    (match, t) =>
      fill(t('srvUtmRule'), {
        n: match[1]!,
        problem: t(
          match[2] === 'value is required'
            ? 'srvUtmValue'
            : match[2] === 'parameter must be'
              ? 'srvUtmParameter'
              : match[2] === 'operator must be'
                ? 'srvUtmOperator'
                : 'srvOneOf',
        ),
      }),
  ],
  [/^must be "(new|landing)" or/, (_, t) => t('srvOneOf')],
];

/** What the server said of a rule, in the console's words when it is one it knows; else as the server wrote it. */
export function serverMessageWords(message: string, t: Translate): string {
  return wordsOf(SERVER_MESSAGES, message, t);
}
