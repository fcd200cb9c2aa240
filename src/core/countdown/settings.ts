// Timer settings of widget §3 (design_properties timer, timer_ver) and §5 ("timerTime means minutes and
// seconds from now; otherwise a date, a time and a GMT offset"), and the attributes of <poptin-countdown>.
import { readNumber } from '../config/values.ts';

/** How a countdown is drawn: 0 digits `dd:hh:mm:ss`, 1 boxes with unit labels, 2 compact text. */
export type TimerLayout = 0 | 1 | 2;

/** When a countdown ends: a duration counted from the moment it starts, or a fixed instant (epoch ms). */
export type TimerEnd = { kind: 'duration'; ms: number } | { kind: 'fixed'; at: number };

export interface TimerSettings {
  /** Null for a timer pop-up whose template countdowns carry their own end (`timer: "yes"`). */
  end: TimerEnd | null;
  layout: TimerLayout;
}

export class TimerSettingsError extends Error {
  override name = 'TimerSettingsError';
}

const fail = (message: string): never => {
  throw new TimerSettingsError(message);
};

const OFF_WORDS = new Set(['', 'no', 'false', 'off', '0', 'none', 'null']);
const ON_WORDS = new Set(['yes', 'true', 'on', '1']);
/** GMT offsets run from -12:00 to +14:00. */
const OFFSET_MINUTES = { min: -12 * 60, max: 14 * 60 };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function quoted(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}

/** The first of `keys` present (not blank) in `record`. */
function pick(record: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (!isBlank(record[key])) return record[key];
  return undefined;
}

/** `timer_ver` (or the `timer-ver` attribute): 0, 1 or 2; 0 when absent. */
export function parseTimerLayout(value: unknown, name = 'timer_ver'): TimerLayout {
  if (isBlank(value)) return 0;
  const layout = readNumber(value);
  if (layout === 0 || layout === 1 || layout === 2) return layout;
  return fail(`${name} ${quoted(value)} is not 0, 1 or 2`);
}

/** `timerTime`: minutes and seconds from now, written "mm:ss" ("05:30", "90:00"). */
export function parseTimerTime(value: unknown): TimerEnd {
  const text = typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)\s*:\s*(\d{1,2})$/.exec(text);
  if (!match) return fail(`timerTime ${quoted(value)} is not minutes:seconds, e.g. "05:30"`);
  const minutes = Number(match[1]);
  const seconds = Number(match[2]);
  if (seconds > 59) return fail(`timerTime ${quoted(value)}: seconds must be 0 to 59`);
  return durationOf(minutes, seconds, `timerTime ${quoted(value)}`);
}

function durationOf(minutes: number, seconds: number, what: string): TimerEnd {
  const ms = (minutes * 60 + seconds) * 1000;
  if (!Number.isSafeInteger(Math.round(ms))) return fail(`${what} is too long`);
  if (ms <= 0) return fail(`${what} is no time at all`);
  return { kind: 'duration', ms: Math.round(ms) };
}

/** A calendar date: "2026-12-31", or day first as the widget's date fields write it, "31/12/2026" or "31.12.2026". */
export function parseTimerDate(value: unknown): { year: number; month: number; day: number } {
  const text = typeof value === 'string' ? value.trim() : '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]].map(Number)
      : [NaN, NaN, NaN];
  if (Number.isNaN(year)) return fail(`timer date ${quoted(value)} is not a date such as "2026-12-31" or "31/12/2026"`);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return fail(`timer date ${quoted(value)} is not a day of the calendar`);
  }
  return { year, month, day };
}

/** A time of day: "23:59", "23:59:30", or with am/pm, "11:59 PM". */
export function parseTimeOfDay(value: unknown): { hours: number; minutes: number; seconds: number } {
  const text = typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?\s*m\.?)?$/i.exec(text);
  if (!match) return fail(`timer time ${quoted(value)} is not a time of day such as "23:59"`);
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3] ?? 0);
  const half = match[4]?.toLowerCase();
  if (half) {
    if (hours < 1 || hours > 12) return fail(`timer time ${quoted(value)}: hours must be 1 to 12 with am/pm`);
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) return fail(`timer time ${quoted(value)} is not a time of day`);
  return { hours, minutes, seconds };
}

/**
 * A GMT offset in minutes east of Greenwich: "+02:00", "+0200", "+2", "-5:30", "5.5", "GMT+2", "UTC-03:00",
 * "Z", or a number of hours.
 */
export function parseGmtOffset(value: unknown): number {
  let minutes: number | null = null;
  if (typeof value === 'number' && Number.isFinite(value)) minutes = Math.round(value * 60);
  else if (typeof value === 'string') {
    const text = value.trim().replace(/^(gmt|utc)\s*/i, '');
    if (text === '' || /^z$/i.test(text)) minutes = 0;
    const clock = /^([+-])?(\d{1,2})(?::?(\d{2}))?$/.exec(text);
    const decimal = /^([+-])?(\d{1,2})\.(\d+)$/.exec(text);
    if (clock) {
      const sign = clock[1] === '-' ? -1 : 1;
      if (clock[3] === undefined || Number(clock[3]) < 60)
        minutes = sign * (Number(clock[2]) * 60 + Number(clock[3] ?? 0));
    } else if (decimal) {
      minutes = Math.round((decimal[1] === '-' ? -1 : 1) * Number(`${decimal[2]}.${decimal[3]}`) * 60);
    }
  }
  if (minutes === null) return fail(`timer gmt ${quoted(value)} is not a GMT offset such as "+02:00"`);
  if (minutes < OFFSET_MINUTES.min || minutes > OFFSET_MINUTES.max)
    return fail(`timer gmt ${quoted(value)} is outside -12:00 to +14:00`);
  return minutes;
}

/** A fixed end: the date and time of day as a clock at the GMT offset shows them (UTC when no offset is given). */
export function fixedEnd(date: unknown, time: unknown, gmt: unknown): TimerEnd {
  const { year, month, day } = parseTimerDate(date);
  if (isBlank(time)) return fail(`timer date ${quoted(date)} needs a time of day, e.g. "23:59"`);
  const { hours, minutes, seconds } = parseTimeOfDay(time);
  const offset = isBlank(gmt) ? 0 : parseGmtOffset(gmt);
  return { kind: 'fixed', at: Date.UTC(year, month - 1, day, hours, minutes, seconds) - offset * 60_000 };
}

function timerRecord(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      /* reported below */
    }
    return fail(`timer ${quoted(value)} is not a timer object such as {"timerTime":"05:30"}`);
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return fail(`timer ${quoted(value)} is not a timer object such as {"timerTime":"05:30"}`);
}

function isOff(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0) return true;
  if (typeof value === 'string') return OFF_WORDS.has(value.trim().toLowerCase());
  if (value && typeof value === 'object' && !Array.isArray(value)) return Object.values(value).every(isBlank);
  return false;
}

function isOn(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === 'string' && ON_WORDS.has(value.trim().toLowerCase()));
}

/**
 * The end a `timer` setting describes: `{"timerTime":"05:30"}` (from now), or `{"date":"2026-12-31",
 * "time":"23:59","gmt":"+02:00"}` (also `timerDate`, `timerHour`, `timerGmt`); an object or its JSON text.
 * Throws TimerSettingsError with the reason when it cannot be read.
 */
export function parseTimerEnd(value: unknown): TimerEnd {
  const record = timerRecord(value);
  const timerTime = pick(record, 'timerTime', 'timer_time');
  if (timerTime !== undefined) return parseTimerTime(timerTime);
  const date = pick(record, 'date', 'timerDate', 'timer_date');
  if (date === undefined)
    return fail('timer needs timerTime (minutes:seconds from now) or a date, a time and a GMT offset');
  return fixedEnd(
    date,
    pick(record, 'time', 'timerHour', 'timer_hour'),
    pick(record, 'gmt', 'timerGmt', 'timerGMT', 'timer_gmt'),
  );
}

/**
 * The timer of a pop-up, from its design_properties; null when it has none. Throws TimerSettingsError
 * when `timer` or `timer_ver` is set but cannot be read.
 */
export function readTimerSettings(designProperties: Record<string, unknown>): TimerSettings | null {
  const timer = designProperties.timer;
  if (isOff(timer)) return null;
  const layout = parseTimerLayout(designProperties.timer_ver);
  return { end: isOn(timer) ? null : parseTimerEnd(timer), layout };
}

/** `readTimerSettings` that never throws: what could not be read is the error, and the pop-up is still a timer pop-up. */
export function timerSettingsOf(designProperties: Record<string, unknown>): {
  timerPopup: boolean;
  settings: TimerSettings | null;
  error: string | null;
} {
  try {
    const settings = readTimerSettings(designProperties);
    return { timerPopup: settings !== null, settings, error: null };
  } catch (error) {
    return { timerPopup: true, settings: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A fixed end that has passed: the pop-up is not shown (widget §4). A duration never expires. */
export function isExpired(settings: TimerSettings | TimerEnd | null, now: number): boolean {
  const end = settings && 'kind' in settings ? settings : settings?.end;
  return end?.kind === 'fixed' && end.at <= now;
}

/** The attributes of `<poptin-countdown>` that say when it ends and how it looks. */
export interface CountdownAttributes {
  minutes: string | null;
  seconds: string | null;
  endsAt: string | null;
  timerVer: string | null;
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** `ends-at`: an ISO date-time with its offset, e.g. "2026-12-31T23:59:00+02:00". */
export function parseEndsAt(value: string): TimerEnd {
  const text = value.trim();
  const at = ISO_WITH_OFFSET.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(at))
    return fail(`ends-at "${value}" is not an ISO date-time with an offset, e.g. "2026-12-31T23:59:00+02:00"`);
  return { kind: 'fixed', at };
}

function readAmount(value: string | null, name: string): number {
  if (value === null || value.trim() === '') return 0;
  const amount = readNumber(value);
  if (amount === null || amount < 0) return fail(`${name} "${value}" is not a number of ${name} (0 or more)`);
  return amount;
}

/**
 * The end and layout the attributes give: `minutes`/`seconds` from when it starts, or `ends-at`; null when
 * neither is set. Throws TimerSettingsError when they cannot be read, or when both kinds are set.
 */
export function countdownFromAttributes(
  attributes: CountdownAttributes,
): { end: TimerEnd; layout: TimerLayout } | null {
  const { minutes, seconds, endsAt, timerVer } = attributes;
  const hasDuration = !isBlank(minutes) || !isBlank(seconds);
  if (!hasDuration && isBlank(endsAt)) return null;
  if (hasDuration && !isBlank(endsAt)) return fail('set either minutes and seconds, or ends-at, not both');
  const layout = parseTimerLayout(timerVer, 'timer-ver');
  if (endsAt !== null && !isBlank(endsAt)) return { end: parseEndsAt(endsAt), layout };
  return {
    end: durationOf(
      readAmount(minutes, 'minutes'),
      readAmount(seconds, 'seconds'),
      `minutes "${minutes ?? ''}" and seconds "${seconds ?? ''}"`,
    ),
    layout,
  };
}

/** The attributes that give a countdown `end`, for a countdown of a pop-up template that has none of its own. */
export function attributesForEnd(end: TimerEnd): Record<'minutes' | 'seconds', string> | Record<'ends-at', string> {
  if (end.kind === 'fixed') return { 'ends-at': new Date(end.at).toISOString() };
  const totalSeconds = end.ms / 1000;
  return { minutes: String(Math.floor(totalSeconds / 60)), seconds: String(totalSeconds % 60) };
}

/** Equal for equal ends: a countdown restarts only when its end changes. */
export function timerEndKey(end: TimerEnd): string {
  return end.kind === 'fixed' ? `fixed:${end.at}` : `duration:${end.ms}`;
}
