import type { ChoiceCount, Counts, StatsQuery, StatsReport } from '../../src/core/api/insights-contract.ts';
import { CHOICE_CREATED_AS } from '../../src/core/popup/steps.ts';
import type { SqlRunner } from '../db/database.ts';

export const PAGES_LISTED = 50;
/** The longest range a report covers. */
export const MAX_RANGE_DAYS = 731;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function withRate(views: number, closes: number, conversions: number): Counts {
  return {
    views,
    closes,
    conversions,
    conversion_rate: views > 0 ? Math.round((conversions / views) * 10_000) / 10_000 : 0,
  };
}

const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  // Canadian English writes a date as YYYY-MM-DD.
  return at.toLocaleDateString('en-CA', { timeZone });
}

/** The days from `from` through `to`, or an error message when they do not make a range. */
export function checkRange(from: string, to: string): string | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || dayText(start) !== from) return `querystring/from must be a day (YYYY-MM-DD), not ${from}`;
  if (Number.isNaN(end) || dayText(end) !== to) return `querystring/to must be a day (YYYY-MM-DD), not ${to}`;
  if (end < start) return 'querystring/to must not be before querystring/from';
  if ((end - start) / DAY_MS + 1 > MAX_RANGE_DAYS) return `a range covers at most ${MAX_RANGE_DAYS} days`;
  return null;
}

interface Row {
  views: unknown;
  closes: unknown;
  conversions: unknown;
}

const countsOf = (row: Row | undefined): Counts =>
  withRate(Number(row?.views ?? 0), Number(row?.closes ?? 0), Number(row?.conversions ?? 0));

/**
 * A range of days as the page roll-ups hold it: the whole months inside it (stats_monthly_pages) and the days
 * before and after them (stats_daily_pages), each a first and last day, both included.
 */
export function splitByMonths(from: string, to: string): { months: [string, string] | null; days: [string, string][] } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const monthStart = (time: number, add: number) => {
    const date = new Date(time);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + add, 1);
  };
  const firstWhole = new Date(start).getUTCDate() === 1 ? start : monthStart(start, 1);
  const afterLastWhole = monthStart(end + DAY_MS, 0);
  if (firstWhole >= afterLastWhole) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (start < firstWhole) days.push([from, dayText(firstWhole - DAY_MS)]);
  if (afterLastWhole <= end) days.push([dayText(afterLastWhole), to]);
  return { months: [dayText(firstWhole), dayText(monthStart(afterLastWhole, -1))], days };
}

/** The pop-ups a report covers: null for the whole site, else a pop-up with its A/B variants, or one variant. */
export async function popupsCovered(db: SqlRunner, clientId: string, query: StatsQuery): Promise<string[] | null> {
  if (!query.popup) return query.variant ? [query.variant] : null;
  const rows = await db.query<{ poptin_id: string }>(
    `SELECT poptin_id FROM popups WHERE client_id = $1 AND (poptin_id = $2 OR ab_test_parent_id = $2)
     AND ($3::text IS NULL OR poptin_id = $3)`,
    [clientId, query.popup, query.variant ?? null],
  );
  return rows.map((row) => row.poptin_id);
}

// $1 client, $2 the pop-ups covered (null: all of the site's): an array, so that the roll-ups' pop-up indexes serve it.
const POPUP_FILTER = '($2::text[] IS NULL OR poptin_id = ANY($2::text[]))';
const SUMS = 'sum(views) AS views, sum(closes) AS closes, sum(conversions) AS conversions';

/**
 * The pages with the most views over a range. The whole site reads its own page roll-up (days × pages rows, not
 * days × pop-ups × pages); a pop-up with its variants, or one variant, reads its whole months and the days at the
 * range's ends.
 */
function pagesQuery(
  db: SqlRunner,
  clientId: string,
  popups: string[] | null,
  from: string,
  to: string,
): Promise<(Row & { page: string })[]> {
  // A page whose counts a spam move took back to nothing is left out.
  const top = `GROUP BY page HAVING sum(views) + sum(closes) + sum(conversions) > 0 ORDER BY sum(views) DESC, page LIMIT ${PAGES_LISTED}`;
  if (!popups)
    return db.query(
      `SELECT page, ${SUMS} FROM stats_daily_site_pages_live WHERE client_id = $1 AND day BETWEEN $2::date AND $3::date ${top}`,
      [clientId, from, to],
    );
  const { months, days } = splitByMonths(from, to);
  const parameters: unknown[] = [clientId, popups];
  const between = (first: string, last: string) => {
    parameters.push(first, last);
    return `BETWEEN $${parameters.length - 1}::date AND $${parameters.length}::date`;
  };
  const parts = days.map(
    ([first, last]) =>
      `SELECT page, views, closes, conversions FROM stats_daily_pages_live WHERE client_id = $1 AND poptin_id = ANY($2::text[]) AND day ${between(first, last)}`,
  );
  if (months)
    parts.push(
      `SELECT page, views, closes, conversions FROM stats_monthly_pages_live WHERE client_id = $1 AND poptin_id = ANY($2::text[]) AND month ${between(...months)}`,
    );
  return db.query(`SELECT page, ${SUMS} FROM (${parts.join(' UNION ALL ')}) counted ${top}`, parameters);
}

// newExtraFields is a JSON list, kept as text from form-encoded bodies; the server checked it when it took the lead.
const EXTRA_FIELDS = `CASE jsonb_typeof(c.fields->'newExtraFields')
  WHEN 'array' THEN c.fields->'newExtraFields'
  WHEN 'string' THEN CASE WHEN left(c.fields->>'newExtraFields', 1) = '[' THEN (c.fields->>'newExtraFields')::jsonb ELSE '[]'::jsonb END
  ELSE '[]'::jsonb END`;

/**
 * How many chose each answer of the pop-ups' choice steps (design §2, "Steps"): the leads' from the leads themselves
 * (a report of one pop-up reads only that pop-up's leads of the range), the others' (a choice that ended the showing
 * with no lead) from their daily roll-up and its queue.
 */
async function choiceCounts(
  db: SqlRunner,
  clientId: string,
  popups: string[],
  from: string,
  to: string,
  timeZone: string,
): Promise<ChoiceCount[]> {
  const rows = await db.query<{ question: string; answer: string; leads: number; without_lead: number }>(
    `SELECT question, answer, sum(leads)::int AS leads, sum(without_lead)::int AS without_lead FROM (
       SELECT field->>'name' AS question, field->>'value' AS answer, count(*) AS leads, 0 AS without_lead
       FROM conversions c CROSS JOIN LATERAL jsonb_array_elements(${EXTRA_FIELDS}) field
       WHERE c.client_id = $1 AND c.poptin_id = ANY($2::text[]) AND c.spam_reason IS NULL
         AND c.created_at >= ($3::date::timestamp AT TIME ZONE $5) AND c.created_at < (($4::date + 1)::timestamp AT TIME ZONE $5)
         AND field->>'created_as' = '${CHOICE_CREATED_AS}'
       GROUP BY 1, 2
       UNION ALL
       SELECT question, answer, 0, sum(choices) FROM stats_daily_choices_live
       WHERE client_id = $1 AND poptin_id = ANY($2::text[]) AND day BETWEEN $3::date AND $4::date
       GROUP BY 1, 2
     ) counted GROUP BY 1, 2 ORDER BY sum(leads) + sum(without_lead) DESC, question, answer`,
    [clientId, popups, from, to, timeZone],
  );
  return rows.map((row) => ({
    question: row.question,
    answer: row.answer,
    leads: Number(row.leads),
    without_lead: Number(row.without_lead),
  }));
}

/**
 * A client's figures over a range of the site's days (its time zone's) and the range before it, read from the roll-ups (stats_daily,
 * stats_daily_pages, stats_monthly_pages, stats_daily_site_pages, stats_hourly) with the events not folded into them
 * yet (their _live views, migration 070), never from the raw events: the cost grows with days × pop-ups × devices
 * and with pages, and with the few seconds of events queued, not with traffic.
 */
export async function statsReport(
  db: SqlRunner,
  clientId: string,
  query: StatsQuery,
  /** The site's IANA time zone (clients.time_zone): the days of the roll-ups are its days. */
  timeZone = 'UTC',
  now = new Date(),
): Promise<StatsReport> {
  const start = Date.parse(`${query.from}T00:00:00Z`);
  const end = Date.parse(`${query.to}T00:00:00Z`);
  const length = (end - start) / DAY_MS + 1;
  const previousStart = start - length * DAY_MS;
  const previousEnd = start - DAY_MS;
  const popups = await popupsCovered(db, clientId, query);
  const filter = [clientId, popups];
  const inRange = `client_id = $1 AND day BETWEEN $3::date AND $4::date AND ${POPUP_FILTER}`;
  const range = [...filter, query.from, query.to];
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const firstHour = currentHour - 47 * HOUR_MS;

  const [dayRows, deviceRows, pageRows, popupRows, hourRows, choices] = await Promise.all([
    db.query<Row & { day: string }>(
      `SELECT day::text AS day, ${SUMS} FROM stats_daily_live WHERE ${inRange} GROUP BY day`,
      [...filter, dayText(previousStart), query.to],
    ),
    db.query<Row & { device: string }>(
      `SELECT device, ${SUMS} FROM stats_daily_live WHERE ${inRange} GROUP BY device ORDER BY sum(views) DESC, device`,
      range,
    ),
    pagesQuery(db, clientId, popups, query.from, query.to),
    db.query<Row & { poptin_id: string; poptin_name: string | null; ab_test_parent_id: string | null }>(
      `SELECT s.poptin_id, COALESCE(p.config->>'poptin_name', '') AS poptin_name, p.ab_test_parent_id, s.views, s.closes, s.conversions
       FROM (SELECT poptin_id, ${SUMS} FROM stats_daily_live WHERE ${inRange} GROUP BY poptin_id) s
       LEFT JOIN popups p ON p.poptin_id = s.poptin_id ORDER BY s.views DESC, s.poptin_id`,
      range,
    ),
    db.query<Row & { hour: unknown }>(
      `SELECT hour, ${SUMS} FROM stats_hourly_live WHERE client_id = $1 AND hour >= $3::timestamptz AND hour <= $4::timestamptz AND ${POPUP_FILTER} GROUP BY hour`,
      [...filter, new Date(firstHour).toISOString(), new Date(currentHour).toISOString()],
    ),
    popups ? choiceCounts(db, clientId, popups, query.from, query.to, timeZone) : [],
  ]);

  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const daysFrom = (first: number, count: number) =>
    Array.from({ length: count }, (_, index) => {
      const day = dayText(first + index * DAY_MS);
      return { day, ...countsOf(byDay.get(day)) };
    });
  const days = daysFrom(start, length);
  const previousDays = daysFrom(previousStart, length);
  const total = (list: Counts[]) =>
    withRate(
      ...((['views', 'closes', 'conversions'] as const).map((key) =>
        list.reduce((sum, item) => sum + item[key], 0),
      ) as [number, number, number]),
    );
  const byHour = new Map(hourRows.map((row) => [new Date(row.hour as string).getTime(), row]));

  return {
    time_zone: timeZone,
    today: dayIn(timeZone, now),
    range: { from: query.from, to: query.to },
    previous_range: { from: dayText(previousStart), to: dayText(previousEnd) },
    totals: total(days),
    previous_totals: total(previousDays),
    days,
    previous_days: previousDays,
    hours: Array.from({ length: 48 }, (_, index) => {
      const hour = firstHour + index * HOUR_MS;
      return { hour: new Date(hour).toISOString(), ...countsOf(byHour.get(hour)) };
    }),
    by_device: deviceRows.map((row) => ({ device: row.device, ...countsOf(row) })),
    by_page: pageRows.map((row) => ({ page: row.page, ...countsOf(row) })),
    by_popup: popupRows.map((row) => ({
      poptin_id: row.poptin_id,
      poptin_name: row.poptin_name ?? '',
      ab_test_parent_id: row.ab_test_parent_id,
      ...countsOf(row),
    })),
    by_choice: choices,
  };
}
