import type { KindRule } from './form-check.ts';
import { type FieldVerdict, invalid, type RuleOptions, VALID } from './verdict.ts';

/** A day on the calendar, with no time of day or time zone: month is 1 to 12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Reads dd/mm/yyyy (one-digit day and month accepted); null when it is not a real day ("31/02/2024"). */
export function parseDayMonthYear(text: string): CalendarDate | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return match ? calendarDate(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** Reads yyyy-mm-dd, the value of native date inputs; null when it is not a real day. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Either form a date field may hold: dd/mm/yyyy from the picker or yyyy-mm-dd from a native input. */
export function parseFieldDate(text: string): CalendarDate | null {
  return parseDayMonthYear(text) ?? parseIsoDate(text);
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

export function formatDayMonthYear(date: CalendarDate): string {
  return `${twoDigits(date.day)}/${twoDigits(date.month)}/${String(date.year).padStart(4, '0')}`;
}

export function formatIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${twoDigits(date.month)}-${twoDigits(date.day)}`;
}

// Noon UTC keeps the arithmetic clear of daylight-saving jumps and the visitor's time zone.
export function toUtcNoon(date: CalendarDate): Date {
  const utc = new Date(Date.UTC(2000, date.month - 1, date.day, 12));
  utc.setUTCFullYear(date.year);
  return utc;
}

function fromUtc(utc: Date): CalendarDate {
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const utc = toUtcNoon(date);
  utc.setUTCDate(utc.getUTCDate() + days);
  return fromUtc(utc);
}

/** Negative when a is earlier, 0 on the same day, positive when a is later. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The visitor's local calendar day at `now`. */
export function calendarDateOf(now: Date): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** A date field (widget §5: dd/mm/yyyy, filled by the picker) must hold a real day when filled. */
export function validateDateField(
  value: string,
  { required = false, language = 'en' }: RuleOptions = {},
): FieldVerdict {
  if (value.trim() === '') return required ? invalid(language, 'required') : VALID;
  return parseFieldDate(value) ? VALID : invalid(language, 'dateInvalid');
}

export const dateRule: KindRule = (group, rule) => validateDateField(group.fields[0].value, rule);
