/** Pure helpers of the read-out pages: date ranges, an A/B test's verdict in words, a chart's geometry. */
import type { Language } from '../i18n/strings.ts';

const DAY_MS = 86_400_000;

/** A UTC day as the owner API writes it (YYYY-MM-DD). */
export const dayOf = (time: Date | number): string => new Date(time).toISOString().slice(0, 10);

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone (Canadian English writes dates so). */
export const dayIn = (time: Date | number, timeZone: string): string =>
  new Date(time).toLocaleDateString('en-CA', { timeZone });

/**
 * The last `days` days of a time zone's calendar (the site's: its stats days) up to and including its today. Counted
 * on the calendar, so a day of 23 or 25 hours in the range moves nothing.
 */
export function lastDays(days: number, now: number = Date.now(), timeZone = 'UTC'): { from: string; to: string } {
  const to = dayIn(now, timeZone);
  return { from: dayOf(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS), to };
}

/** The start of an hour as "MM-DD HH:mm" on a time zone's clock (a zone half an hour off UTC shows :30). */
export function hourIn(time: string, timeZone: string): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(time))
      .map((piece) => [piece.type, piece.value]),
  );
  return `${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/**
 * The hours of a chart named on the site's clock; where the clocks go back and an hour comes twice, each of the two
 * also says its offset from UTC ("11-01 01:00 GMT-4", then "11-01 01:00 GMT-5").
 */
export function hourLabels(hours: readonly string[], timeZone: string): string[] {
  const labels = hours.map((hour) => hourIn(hour, timeZone));
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
  const zoneOf = (hour: string) => offset.formatToParts(new Date(hour)).find((part) => part.type === 'timeZoneName');
  return labels.map((label, index) =>
    labels.indexOf(label) !== index || labels.lastIndexOf(label) !== index
      ? `${label} ${zoneOf(hours[index]!)?.value ?? ''}`.trim()
      : label,
  );
}

/** The rule the server applies (docs/owner-api.md): a winner only past 95 % and with 1,000 views a variant. */
export const WINNER_PROBABILITY = 0.95;
export const WINNER_MIN_VIEWS = 1000;

export interface VariantCounts {
  poptin_id: string;
  views: number;
  probability_best: number;
}

export type Verdict =
  | { kind: 'winner'; poptinId: string; probability: number }
  | { kind: 'needs-views'; moreViews: number }
  | { kind: 'not-sure'; leader: string; probability: number }
  | { kind: 'single' };

/**
 * What the owner is told about a test: the winner the server named, or why there is none yet. Views missing are added
 * up over the variants short of 1,000, since every one of them has to reach it.
 */
export function verdictOf(test: { winner: string | null; variants: VariantCounts[] }): Verdict {
  if (test.variants.length < 2) return { kind: 'single' };
  const leader = test.variants.reduce((best, variant) =>
    variant.probability_best > best.probability_best ? variant : best,
  );
  if (test.winner) {
    const winner = test.variants.find((variant) => variant.poptin_id === test.winner) ?? leader;
    return { kind: 'winner', poptinId: winner.poptin_id, probability: winner.probability_best };
  }
  const moreViews = test.variants.reduce((sum, variant) => sum + Math.max(0, WINNER_MIN_VIEWS - variant.views), 0);
  if (moreViews > 0) return { kind: 'needs-views', moreViews };
  return { kind: 'not-sure', leader: leader.poptin_id, probability: leader.probability_best };
}

/** A sentence with its {placeholders} filled. */
export function fill(sentence: string, values: Record<string, string | number>): string {
  return sentence.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export const formatNumber = (value: number, language: Language) => new Intl.NumberFormat(language).format(value);
export const formatPercent = (value: number, language: Language, digits = 1) =>
  new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);

/**
 * Conversions over views as a percent, or a dash when there were no views: a lead whose view was never counted (a
 * report the visitor's browser blocked) makes no rate, and 0 % would say the opposite of what happened.
 */
export const formatRate = (counts: { views: number; conversion_rate: number }, language: Language, digits = 2) =>
  counts.views > 0 ? formatPercent(counts.conversion_rate, language, digits) : '—';

/** The change from `before` to `now` as a signed percent, or null when there was nothing before. */
export function changeOf(now: number, before: number): number | null {
  if (before === 0) return null;
  return (now - before) / before;
}

export interface PlotSize {
  width: number;
  height: number;
  padding: number;
}

/**
 * Where each value of each series lies in a plot of the given size (y grows downwards, 0 at the bottom); the x axis
 * runs from the inline start, so right to left in Hebrew. The scale's top is the largest value, at least 1.
 */
export function linePoints(
  series: readonly (readonly number[])[],
  size: PlotSize,
  rtl: boolean,
): { points: [number, number][][]; max: number } {
  const max = Math.max(1, ...series.flat());
  const length = Math.max(...series.map((values) => values.length), 1);
  const inner = { width: size.width - 2 * size.padding, height: size.height - 2 * size.padding };
  const xOf = (index: number) => {
    const share = length === 1 ? 0.5 : index / (length - 1);
    return size.padding + inner.width * (rtl ? 1 - share : share);
  };
  const yOf = (value: number) => size.padding + inner.height * (1 - value / max);
  return { points: series.map((values) => values.map((value, index) => [xOf(index), yOf(value)])), max };
}
