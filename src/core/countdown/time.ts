import { type Language, type MessageKey, translate } from '../i18n/strings.ts';

export interface TimeParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole seconds left, rounded up: a countdown shows 0 only once it has ended. */
  totalSeconds: number;
}

const MINUTE_MS = 60_000;

/** Remaining milliseconds as days, hours, minutes and seconds. */
export function timeParts(remainingMs: number): TimeParts {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
    totalSeconds,
  };
}

/** Milliseconds until the shown second changes; timers that fire late are caught up on the next tick. */
export function nextTickDelay(remainingMs: number): number {
  const rest = Math.ceil(remainingMs) % 1000;
  return rest > 0 ? rest : 1000;
}

export const pad2 = (value: number): string => String(value).padStart(2, '0');

/** Layout 0: `dd:hh:mm:ss`. */
export function digitGroups(parts: TimeParts): [days: string, hours: string, minutes: string, seconds: string] {
  return [pad2(parts.days), pad2(parts.hours), pad2(parts.minutes), pad2(parts.seconds)];
}

/** Layout 2: only what is needed, `5:30`, `1:05:30`, `2d 01:05:30`. */
export function compactText(parts: TimeParts, language: Language): string {
  const { days, hours, minutes, seconds } = parts;
  if (days > 0)
    return `${translate(language, 'timerCompactDays', { count: days })} ${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}`;
  if (hours > 0) return `${hours}:${pad2(minutes)}:${pad2(seconds)}`;
  return `${minutes}:${pad2(seconds)}`;
}

const UNIT_KEYS: Record<'days' | 'hours' | 'minutes' | 'seconds', [one: MessageKey, many: MessageKey]> = {
  days: ['timerDay', 'timerDays'],
  hours: ['timerHour', 'timerHours'],
  minutes: ['timerMinute', 'timerMinutes'],
  seconds: ['timerSecond', 'timerSeconds'],
};

/** "5 minutes 30 seconds": the units that are not zero. */
export function durationText(parts: TimeParts, language: Language): string {
  const units = (['days', 'hours', 'minutes', 'seconds'] as const).filter((unit) => parts[unit] > 0);
  return units
    .map((unit) => translate(language, UNIT_KEYS[unit][parts[unit] === 1 ? 0 : 1], { count: parts[unit] }))
    .join(' ');
}

/** The accessible name of a countdown: "Time left: 5 minutes 30 seconds", or "Time is up". */
export function timeLeftLabel(parts: TimeParts, language: Language): string {
  if (parts.totalSeconds === 0) return translate(language, 'timerEnded');
  return translate(language, 'timerTimeLeft', { time: durationText(parts, language) });
}

/**
 * What a polite live region says when the countdown moves from `previousMs` to `nextMs` left: the time left
 * each time a whole minute is crossed, "Time is up" at zero, else nothing. Remaining time falls at the speed
 * of the clock, so this speaks at most once a minute.
 */
export function announcement(previousMs: number, nextMs: number, language: Language): string | null {
  if (nextMs >= previousMs) return null;
  if (Math.ceil(previousMs / MINUTE_MS) === Math.ceil(nextMs / MINUTE_MS)) return null;
  return timeLeftLabel(timeParts(nextMs), language);
}
