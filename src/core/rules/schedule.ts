// A pop-up's schedule: a start and an end date-time and a weekly plan of days and hours, read on the wall clock of
// the site's time zone (or the visitor's). Wall-clock times are found with Intl alone: a local time is turned into
// an instant by trying the zone's offsets around it, so daylight-saving switches are handled as the zone has them.
// A local time a spring-forward skips starts at the switch; one a fall-back repeats counts at its first occurrence.

import { allow, block, type RuleResult } from './types.ts';

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

/** A moment as the clock on the wall of a time zone shows it. */
export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** ISO weekday: 1 is Monday. */
  weekday: number;
  /** Minutes after midnight. */
  minutes: number;
  /** The wall-clock time written as if it were UTC, to the minute (epoch ms). */
  asUtc: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MINUTE = 60_000;
const DAY = 86_400_000;

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `zone` is an IANA time-zone name this engine knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

export function wallClock(at: number, zone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterOf(zone).formatToParts(at)) parts[type] = value;
  const [year, month, day, hour, minute] = [parts.year, parts.month, parts.day, parts.hour, parts.minute].map(Number);
  const minutes = (hour! % 24) * 60 + minute!;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? '') + 1,
    minutes,
    asUtc: Date.UTC(year!, month! - 1, day!, 0, minutes),
  };
}

/**
 * The instant the wall clock of `zone` reaches `local` (epoch ms of the local time written as UTC): its first
 * occurrence when clocks go back, the switch itself when clocks go forward over it.
 */
export function instantOf(local: number, zone: string): number {
  const minute = Math.floor(local / MINUTE) * MINUTE;
  return instantOfMinute(minute, zone) + (local - minute);
}

function instantOfMinute(local: number, zone: string): number {
  const offsetAt = (at: number) => wallClock(at, zone).asUtc - Math.floor(at / MINUTE) * MINUTE;
  const offsets = [offsetAt(local - DAY), offsetAt(local + DAY)];
  const exact = offsets.map((offset) => local - offset).filter((at) => wallClock(at, zone).asUtc === local);
  if (exact.length > 0) return Math.min(...exact);
  // Skipped by a spring-forward: the first minute whose wall clock is past it.
  let low = local - Math.max(...offsets) - 3 * 3_600_000;
  let high = local - Math.min(...offsets) + 3 * 3_600_000;
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
    if (wallClock(middle, zone).asUtc >= local) high = middle;
    else low = middle;
  }
  return high;
}

function localOf(dateTime: string): number {
  const [year, month, day, hour, minute, second] = LOCAL_DATE_TIME.exec(dateTime)!
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
}

function inWeeklyPlan(weekly: WeeklyRange[], clock: WallClock): boolean {
  if (weekly.length === 0) return true;
  const yesterday = ((clock.weekday + 5) % 7) + 1;
  return weekly.some(({ days, from, to }) =>
    from < to
      ? days.includes(clock.weekday) && clock.minutes >= from && clock.minutes < to
      : (days.includes(clock.weekday) && clock.minutes >= from) || (days.includes(yesterday) && clock.minutes < to),
  );
}

export interface ScheduleState {
  open: boolean;
  /** The next moment it opens or closes (epoch ms), null when it never changes again. */
  changesAt: number | null;
  /** Closed for good: its end has passed. */
  ended: boolean;
}

/** Whether the schedule lets its pop-up show at `now` in `zone`, and when that next changes. */
export function scheduleState(schedule: Schedule, zone: string, now: number): ScheduleState {
  const startAt = schedule.start ? instantOf(localOf(schedule.start), zone) : null;
  const endAt = schedule.end ? instantOf(localOf(schedule.end), zone) : null;
  const openAt = (at: number) =>
    (startAt === null || at >= startAt) &&
    (endAt === null || at < endAt) &&
    inWeeklyPlan(schedule.weekly, wallClock(at, zone));
  const open = openAt(now);
  if (endAt !== null && now >= endAt) return { open, changesAt: null, ended: true };
  const candidates = new Set<number>();
  if (startAt !== null) candidates.add(startAt);
  if (endAt !== null) candidates.add(endAt);
  // The weekly boundaries of the coming week, from today (and from the start's day when it is ahead).
  const days = [wallClock(now, zone).asUtc, ...(startAt !== null && startAt > now ? [localOf(schedule.start!)] : [])];
  for (const dayOf of days) {
    const midnight = Math.floor(dayOf / DAY) * DAY;
    for (let day = -1; day <= 8; day++) {
      for (const { from, to } of schedule.weekly) {
        candidates.add(instantOf(midnight + day * DAY + from * MINUTE, zone));
        candidates.add(instantOf(midnight + (from < to ? day : day + 1) * DAY + to * MINUTE, zone));
      }
    }
  }
  const changesAt = [...candidates]
    .filter((at) => at > now)
    .sort((a, b) => a - b)
    .find((at) => openAt(at) !== open);
  return { open, changesAt: changesAt ?? null, ended: false };
}

/** "Monday 09:00" within the coming week, else "2026-03-08 09:00", on the wall clock of `zone`. */
export function describeMoment(at: number, zone: string, now: number): string {
  const clock = wallClock(at, zone);
  const time = `${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`;
  return at - now < 6 * DAY ? `${WEEKDAY_NAMES[clock.weekday - 1]} ${time}` : `${clock.date} ${time}`;
}

/** The time zones a schedule may be read in: the site's (UTC when it has none) and the visitor's. */
export interface ScheduleZones {
  site: string;
  visitor: string;
}

/** The schedule as a display rule; a block says when it lifts (`expiresAt`) unless the schedule has ended. */
export function evaluateSchedule(schedule: Schedule | null, zones: ScheduleZones, now: number): RuleResult {
  if (!schedule) return allow('schedule', 'no schedule');
  const zone = schedule.timeZone === 'visitor' ? zones.visitor : zones.site;
  const { open, changesAt, ended } = scheduleState(schedule, zone, now);
  const when = (at: number) => `${describeMoment(at, zone, now)} (${zone})`;
  if (open)
    return allow(
      'schedule',
      changesAt === null ? `in its schedule (${zone})` : `in its schedule until ${when(changesAt)}`,
    );
  if (ended) return block('schedule', `outside its schedule: it ended ${schedule.end!.replace('T', ' ')} (${zone})`);
  if (changesAt === null) return block('schedule', `outside its schedule (${zone})`);
  return block('schedule', `outside its schedule: starts ${when(changesAt)}`, changesAt);
}

/** When the schedule's verdict next changes (epoch ms); null without a schedule or when it never changes again. */
export function nextScheduleChange(schedule: Schedule | null, zones: ScheduleZones, now: number): number | null {
  if (!schedule) return null;
  return scheduleState(schedule, schedule.timeZone === 'visitor' ? zones.visitor : zones.site, now).changesAt;
}
