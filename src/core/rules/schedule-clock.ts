// A schedule on the wall clock of its time zone: whether it is open now, when that next changes, and its rule. Apart
// from the schedule's reading (schedule.ts): the page loads this only when one of its pop-ups has a schedule.
import { localOf, type Schedule, type ScheduleZones, type WeeklyRange } from './schedule.ts';
import { allow, block, type RuleResult } from './types.ts';

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
