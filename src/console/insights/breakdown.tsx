import type { ChoiceCount, Counts } from '../api/insights.ts';
import { useLanguage } from '../i18n/language.tsx';
import { formatNumber, formatRate } from './model.ts';

/** How many leads chose each answer of the pop-up's question steps (a report of one pop-up). */
export function Choices({ rows }: { rows: ChoiceCount[] }) {
  const { t, language } = useLanguage();
  const chose = (row: ChoiceCount) => row.leads + (row.without_lead ?? 0);
  const most = Math.max(1, ...rows.map(chose));
  return (
    <table className="breakdown table-cards choices">
      <caption>{t('choicesCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('choiceQuestion')}</th>
          <th scope="col">{t('choiceAnswer')}</th>
          <th scope="col">{t('choiceLeads')}</th>
          <th scope="col">{t('choiceWithoutLead')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.question}\u0000${row.answer}`}>
            <td data-label={t('choiceQuestion')} dir="auto">
              {row.question}
            </td>
            <th scope="row" dir="auto">
              {row.answer}
            </th>
            <td data-label={t('choiceLeads')}>
              <span className="bar" aria-hidden="true" style={{ inlineSize: `${(row.leads / most) * 6}em` }} />
              {formatNumber(row.leads, language)}
            </td>
            <td data-label={t('choiceWithoutLead')}>{formatNumber(row.without_lead ?? 0, language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Figures by one dimension (device, page, pop-up): a table, with a bar per row for the eye. */
export function Breakdown({
  caption,
  header,
  rows,
}: {
  caption: string;
  header: string;
  rows: (Counts & { label: string })[];
}) {
  const { t, language } = useLanguage();
  const most = Math.max(1, ...rows.map((row) => row.views));
  return (
    <table className="breakdown table-cards">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{header}</th>
          <th scope="col">{t('views')}</th>
          <th scope="col">{t('closes')}</th>
          <th scope="col">{t('conversions')}</th>
          <th scope="col">{t('conversionRate')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={5} className="cell-wide empty-row">
              {t('noViewsInRange')}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">
              <bdi>{row.label}</bdi>
            </th>
            <td data-label={t('views')}>
              <span className="bar" aria-hidden="true" style={{ inlineSize: `${(row.views / most) * 6}em` }} />
              {formatNumber(row.views, language)}
            </td>
            <td data-label={t('closes')}>{formatNumber(row.closes, language)}</td>
            <td data-label={t('conversions')}>{formatNumber(row.conversions, language)}</td>
            <td data-label={t('conversionRate')}>{formatRate(row, language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
