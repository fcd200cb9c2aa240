// Where a published pop-up stands in its schedule, for the pop-up list ("Scheduled: starts Monday 09:00", "Ended
// 3 May"), on the clock of the site's time zone, by the widget's own reading of the schedule.

import { localOf, readSchedule } from '../../../core/rules/schedule.ts';
import { instantOf, scheduleState } from '../../../core/rules/schedule-clock.ts';
import type { Language, StringKey } from '../../i18n/strings.ts';
import { fill } from '../../insights/model.ts';

export type ScheduleStatus =
  /** Not started yet: first shows at `at`. */
  | { kind: 'starts'; at: number }
  /** Started, outside its days and hours now: shows again at `at`. */
  | { kind: 'next'; at: number }
  /** Showing now, until `at`. */
  | { kind: 'until'; at: number }
  | { kind: 'ended'; at: number };

/** The status of a schedule as the wire writes it; null without one (or one the widget cannot read). */
export function scheduleStatusOf(raw: unknown, siteZone: string | null, now: number): ScheduleStatus | null {
  let schedule: ReturnType<typeof readSchedule>;
  try {
    schedule = readSchedule(raw);
  } catch {
    return null;
  }
  if (!schedule) return null;
  // A schedule on the visitor's clock has no one time: the list says it on the site's.
  const zone = siteZone || 'UTC';
  const state = scheduleState(schedule, zone, now);
  if (state.ended) return { kind: 'ended', at: instantOf(localOf(schedule.end!), zone) };
  if (state.changesAt === null) return null;
  if (state.open) return { kind: 'until', at: state.changesAt };
  const startAt = schedule.start ? instantOf(localOf(schedule.start), zone) : null;
  return { kind: startAt !== null && startAt > now ? 'starts' : 'next', at: state.changesAt };
}

const DAY = 86_400_000;

/** A moment on the site's clock: its weekday and time within the coming week, else its date and time. */
export function momentWords(at: number, zone: string | null, language: Language, now: number): string {
  const locale = language === 'he' ? 'he' : 'en-GB';
  const timeZone = zone || 'UTC';
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
  const day =
    at - now < 6 * DAY
      ? new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone }).format(at)
      : dateWords(at, zone, language, now);
  return `${day} ${time}`;
}

/** "3 May", with its year when not this one. */
export function dateWords(at: number, zone: string | null, language: Language, now: number): string {
  const timeZone = zone || 'UTC';
  const year = (moment: number) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(moment);
  return new Intl.DateTimeFormat(language === 'he' ? 'he' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    ...(year(at) === year(now) ? {} : { year: 'numeric' }),
    timeZone,
  }).format(at);
}

export function scheduleStatusWords(
  status: ScheduleStatus,
  zone: string | null,
  language: Language,
  t: (key: StringKey) => string,
  now: number,
): string {
  if (status.kind === 'ended') return fill(t('schedEnded'), { date: dateWords(status.at, zone, language, now) });
  const key = status.kind === 'starts' ? 'schedStarts' : status.kind === 'next' ? 'schedNext' : 'schedUntil';
  return fill(t(key), { moment: momentWords(status.at, zone, language, now) });
}
