// A pop-up's schedule: a start and an end date-time and a weekly plan of days and hours, read on the wall clock of
// the site's time zone (or the visitor's). Wall-clock times are found with Intl alone: a local time is turned into
// an instant by trying the zone's offsets around it, so daylight-saving switches are handled as the zone has them.
// A local time a spring-forward skips starts at the switch; one a fall-back repeats counts at its first occurrence.

/** Weekly ranges a schedule may hold: a few per day is all a plan needs. */
export const MAX_WEEKLY_RANGES = 14;

export interface WeeklyRange {
  /** ISO weekdays: 1 is Monday, 7 is Sunday. */
  days: number[];
  /** Minutes after midnight. */
  from: number;
  /** Minutes after midnight, up to 1440 (24:00); a range whose end is before its start runs past midnight. */
  to: number;
}

export interface Schedule {
  /** Local date-time `YYYY-MM-DDTHH:MM` (or `…:SS`) from which it may show, or null. */
  start: string | null;
  /** Local date-time from which it no longer shows, or null. */
  end: string | null;
  /** Empty: every day, all day. */
  weekly: WeeklyRange[];
  timeZone: 'site' | 'visitor';
}

/** A schedule that cannot be read; `field` names the setting (`schedule.weekly[0].from`). */
export class ScheduleError extends Error {
  override name = 'ScheduleError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field} ${message}`);
  }
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const CLOCK_TIME = /^(\d{2}):(\d{2})$/;

function readLocalDateTime(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const match = typeof value === 'string' ? LOCAL_DATE_TIME.exec(value.trim()) : null;
  if (match) {
    const [, year, month, day, hour, minute, second = 0] = match.map((part) => Number(part ?? 0)) as number[];
    const date = new Date(Date.UTC(year!, month! - 1, day!));
    if (date.getUTCMonth() === month! - 1 && date.getUTCDate() === day && hour! < 24 && minute! < 60 && second < 60)
      return (value as string).trim();
  }
  return fail(
    field,
    `must be a local date-time "YYYY-MM-DDTHH:MM" (seconds ":SS" may follow), not ${JSON.stringify(value)}`,
  );
}

function readClockTime(value: unknown, field: string, allowMidnightEnd: boolean): number {
  const match = typeof value === 'string' ? CLOCK_TIME.exec(value.trim()) : null;
  if (match) {
    const minutes = Number(match[1]) * 60 + Number(match[2]);
    if (Number(match[2]) < 60 && (minutes < 1440 || (allowMidnightEnd && minutes === 1440))) return minutes;
  }
  return fail(
    field,
    `must be a time "HH:MM" from 00:00 to ${allowMidnightEnd ? '24:00' : '23:59'}, not ${JSON.stringify(value)}`,
  );
}

function fail(field: string, message: string): never {
  throw new ScheduleError(field, message);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `schedule` of a pop-up configuration; null when it has none. Throws ScheduleError naming the bad field. */
export function readSchedule(value: unknown): Schedule | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) return fail('schedule', 'must be an object: { start, end, weekly, time_zone }');
  const start = readLocalDateTime(value.start, 'schedule.start');
  const end = readLocalDateTime(value.end, 'schedule.end');
  if (start && end && localOf(end) <= localOf(start))
    fail('schedule.end', `must be after schedule.start (${start}), not ${end}`);
  const zone = value.time_zone ?? 'site';
  if (zone !== 'site' && zone !== 'visitor')
    fail('schedule.time_zone', `must be "site" or "visitor", not ${JSON.stringify(zone)}`);
  const rawWeekly = value.weekly ?? [];
  if (!Array.isArray(rawWeekly)) fail('schedule.weekly', 'must be a list of { days, from, to }');
  if (rawWeekly.length > MAX_WEEKLY_RANGES)
    fail('schedule.weekly', `must hold at most ${MAX_WEEKLY_RANGES} ranges, not ${rawWeekly.length}`);
  const weekly = rawWeekly.map((range, index): WeeklyRange => {
    const field = `schedule.weekly[${index}]`;
    if (!isRecord(range)) return fail(field, 'must be { days: [1..7], from: "HH:MM", to: "HH:MM" }');
    const { days } = range;
    if (
      !Array.isArray(days) ||
      days.length === 0 ||
      !days.every((day) => Number.isInteger(day) && day >= 1 && day <= 7)
    )
      fail(`${field}.days`, 'must list weekdays from 1 (Monday) to 7 (Sunday)');
    const from = readClockTime(range.from, `${field}.from`, false);
    const to = readClockTime(range.to, `${field}.to`, true);
    if (from === to) fail(`${field}.to`, 'must differ from its "from" time (00:00 to 24:00 is the whole day)');
    return { days: [...new Set(days as number[])], from, to };
  });
  if (!start && !end && weekly.length === 0) return null;
  return { start, end, weekly, timeZone: zone as Schedule['timeZone'] };
}

/** The time zones a schedule may be read in: the site's, or the visitor's own. */
export interface ScheduleZones {
  site: string;
  visitor: string;
}

/** A local date-time (`YYYY-MM-DDTHH:MM[:SS]`) written as if it were UTC (epoch ms). */
export function localOf(dateTime: string): number {
  const [year, month, day, hour, minute, second] = LOCAL_DATE_TIME.exec(dateTime)!
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
}
