import type { Language } from '../i18n/strings.ts';
import { addDays, type CalendarDate, compareDates, daysInMonth, toUtcNoon } from './date.ts';

export { addDays };

/** 0 = Sunday … 6 = Saturday, as Date.getDay counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface DateBounds {
  min?: CalendarDate | null;
  max?: CalendarDate | null;
}

export interface CalendarOptions extends DateBounds {
  /** First column of the grid; Sunday by default (Israel and the US both start there). */
  firstDayOfWeek?: Weekday;
  selected?: CalendarDate | null;
  focused?: CalendarDate | null;
  today?: CalendarDate | null;
}

export interface CalendarCell {
  date: CalendarDate;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
  isToday: boolean;
  isSelected: boolean;
  /** The one cell that takes tabindex=0 (roving focus). */
  isFocused: boolean;
  /** Outside min/max: shown but not choosable (aria-disabled). */
  isDisabled: boolean;
}

export interface CalendarMonth {
  year: number;
  month: number;
  /** Whole weeks, 4 to 6 rows of 7 cells, starting on firstDayOfWeek. */
  weeks: CalendarCell[][];
}

/** Same day in another month, kept within that month (31 January + 1 month = 29 February 2024). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export function weekdayOf(date: CalendarDate): Weekday {
  return toUtcNoon(date).getUTCDay() as Weekday;
}

export function startOfWeek(date: CalendarDate, firstDayOfWeek: Weekday = 0): CalendarDate {
  return addDays(date, -((weekdayOf(date) - firstDayOfWeek + 7) % 7));
}

export function endOfWeek(date: CalendarDate, firstDayOfWeek: Weekday = 0): CalendarDate {
  return addDays(startOfWeek(date, firstDayOfWeek), 6);
}

export function isSameDate(a: CalendarDate | null | undefined, b: CalendarDate | null | undefined): boolean {
  return !!a && !!b && compareDates(a, b) === 0;
}

export function isWithinBounds(date: CalendarDate, { min, max }: DateBounds): boolean {
  return !(min && compareDates(date, min) < 0) && !(max && compareDates(date, max) > 0);
}

export function clampDate(date: CalendarDate, { min, max }: DateBounds): CalendarDate {
  if (min && compareDates(date, min) < 0) return min;
  if (max && compareDates(date, max) > 0) return max;
  return date;
}

/** The grid of one month for the date picker to render. */
export function buildMonthGrid(year: number, month: number, options: CalendarOptions = {}): CalendarMonth {
  const { firstDayOfWeek = 0, selected, focused, today } = options;
  const first = { year, month, day: 1 };
  const last = { year, month, day: daysInMonth(year, month) };
  const weeks: CalendarCell[][] = [];
  let date = startOfWeek(first, firstDayOfWeek);
  while (compareDates(date, last) <= 0) {
    const week: CalendarCell[] = [];
    for (let column = 0; column < 7; column++) {
      week.push({
        date,
        inMonth: date.year === year && date.month === month,
        isToday: isSameDate(date, today),
        isSelected: isSameDate(date, selected),
        isFocused: isSameDate(date, focused),
        isDisabled: !isWithinBounds(date, options),
      });
      date = addDays(date, 1);
    }
    weeks.push(week);
  }
  return { year, month, weeks };
}

export interface CalendarMoveOptions extends DateBounds {
  firstDayOfWeek?: Weekday;
  /** Right-to-left pages: ArrowLeft goes forward in time, as the grid is mirrored. */
  rtl?: boolean;
  /** Shift+PageUp/PageDown move by a year, as in the WAI-ARIA date picker pattern. */
  shiftKey?: boolean;
}

/**
 * Where the focused day goes on a key press (WAI-ARIA date picker dialog pattern): arrows ±1 day and
 * ±7 days, PageUp/PageDown ±1 month (±1 year with Shift), Home/End the start and end of the week.
 * The result stays within min/max; null when the key is not one of these.
 */
export function moveCalendarFocus(
  focused: CalendarDate,
  key: string,
  options: CalendarMoveOptions = {},
): CalendarDate | null {
  const { firstDayOfWeek = 0, rtl = false, shiftKey = false } = options;
  const forward = rtl ? -1 : 1;
  let next: CalendarDate;
  switch (key) {
    case 'ArrowRight':
      next = addDays(focused, forward);
      break;
    case 'ArrowLeft':
      next = addDays(focused, -forward);
      break;
    case 'ArrowDown':
      next = addDays(focused, 7);
      break;
    case 'ArrowUp':
      next = addDays(focused, -7);
      break;
    case 'PageDown':
      next = addMonths(focused, shiftKey ? 12 : 1);
      break;
    case 'PageUp':
      next = addMonths(focused, shiftKey ? -12 : -1);
      break;
    case 'Home':
      next = startOfWeek(focused, firstDayOfWeek);
      break;
    case 'End':
      next = endOfWeek(focused, firstDayOfWeek);
      break;
    default:
      return null;
  }
  return clampDate(next, options);
}

const LOCALE: Readonly<Record<Language, string>> = { en: 'en-US', he: 'he-IL' };

/** "February 2024" / "פברואר 2024", the picker's heading. */
export function monthTitle(year: number, month: number, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(LOCALE[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    toUtcNoon({ year, month, day: 1 }),
  );
}

/** Column headings from firstDayOfWeek: short names to show and long names for screen readers. */
export function weekdayNames(
  language: Language = 'en',
  firstDayOfWeek: Weekday = 0,
  width: 'short' | 'long' | 'narrow' = 'short',
): string[] {
  const format = new Intl.DateTimeFormat(LOCALE[language], { weekday: width, timeZone: 'UTC' });
  // 2 January 2000 was a Sunday.
  return Array.from({ length: 7 }, (_, column) =>
    format.format(toUtcNoon({ year: 2000, month: 1, day: 2 + ((firstDayOfWeek + column) % 7) })),
  );
}

/** "Thursday, February 29, 2024": the accessible name of a day cell. */
export function dayLabel(date: CalendarDate, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(toUtcNoon(date));
}
