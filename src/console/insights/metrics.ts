import type { StringKey } from '../i18n/strings.ts';

/** The figures a chart and the totals count. */
export type Metric = 'views' | 'closes' | 'conversions';
export const METRICS: readonly Metric[] = ['views', 'closes', 'conversions'];
export const METRIC_LABEL: Record<Metric, StringKey> = { views: 'views', closes: 'closes', conversions: 'conversions' };
