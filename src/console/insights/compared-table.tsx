import type { Counts } from '../api/insights.ts';
import { useLanguage } from '../i18n/language.tsx';
import type { Language, StringKey } from '../i18n/strings.ts';
import { METRIC_LABEL, METRICS } from './metrics.ts';
import { changeOf, formatNumber, formatPercent, formatRate } from './model.ts';

/** A figure's change from the range before, signed ("+12.5 %"), or a dash when there was nothing before. */
export function changeText(now: number, before: number, language: Language): string {
  const value = changeOf(now, before);
  return value === null ? '—' : `${value > 0 ? '+' : ''}${formatPercent(value, language)}`;
}

/** Figures of this range beside the range before and the change: one row per figure. */
export function ComparedTable({ caption, rows }: { caption: string; rows: [StringKey, string, string, string][] }) {
  const { t } = useLanguage();
  return (
    <table className="totals table-cards">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('figure')}</span>
          </th>
          <th scope="col">{t('thisRange')}</th>
          <th scope="col">{t('previousRange')}</th>
          <th scope="col">{t('change')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, a, b, c]) => (
          <tr key={label}>
            <th scope="row">{t(label)}</th>
            <td data-label={t('thisRange')}>{a}</td>
            <td data-label={t('previousRange')}>{b}</td>
            <td data-label={t('change')}>{c}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Totals({ now, before }: { now: Counts; before: Counts }) {
  const { t, language } = useLanguage();
  const change = (a: number, b: number) => changeText(a, b, language);
  const rows: [StringKey, string, string, string][] = [
    ...METRICS.map((metric): [StringKey, string, string, string] => [
      METRIC_LABEL[metric],
      formatNumber(now[metric], language),
      formatNumber(before[metric], language),
      change(now[metric], before[metric]),
    ]),
    [
      'conversionRate',
      formatRate(now, language),
      formatRate(before, language),
      change(now.conversion_rate, before.conversion_rate),
    ],
  ];
  return <ComparedTable caption={t('totals')} rows={rows} />;
}
