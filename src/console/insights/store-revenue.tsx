import type { StatsReport } from '../api/insights.ts';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { ComparedTable, changeText } from './compared-table.tsx';
import { formatNumber } from './model.ts';

const formatMoney = (value: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);

/** The store's orders attributed to the pop-ups covered: revenue, orders and revenue per view, and by pop-up. */
export function StoreRevenue({
  revenue,
  names,
}: {
  revenue: NonNullable<StatsReport['revenue']>;
  names: Map<string, string>;
}) {
  const { t, language } = useLanguage();
  const money = (value: number) => formatMoney(value, revenue.currency, language);
  const change = (a: number, b: number) => changeText(a, b, language);
  const { totals: now, previous_totals: before } = revenue;
  const rows: [StringKey, string, string, string][] = [
    ['revenue', money(now.revenue), money(before.revenue), change(now.revenue, before.revenue)],
    [
      'orders',
      formatNumber(now.orders, language),
      formatNumber(before.orders, language),
      change(now.orders, before.orders),
    ],
    [
      'revenuePerView',
      money(now.revenue_per_view),
      money(before.revenue_per_view),
      change(now.revenue_per_view, before.revenue_per_view),
    ],
  ];
  return (
    <div className="store-revenue stack">
      <ComparedTable caption={t('revenueTitle').replace('{currency}', revenue.currency)} rows={rows} />
      {revenue.other_currency_orders > 0 && (
        <p className="hint">
          {t('revenueOtherCurrency').replace('{count}', formatNumber(revenue.other_currency_orders, language))}
        </p>
      )}
      <p className="hint">{t('revenueNote')}</p>
      {revenue.by_popup.length > 1 && (
        <table className="breakdown table-cards">
          <caption>{t('revenueByPopup')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('filterPopup')}</th>
              <th scope="col">{t('revenue')}</th>
              <th scope="col">{t('orders')}</th>
              <th scope="col">{t('revenuePerView')}</th>
            </tr>
          </thead>
          <tbody>
            {revenue.by_popup.map((row) => (
              <tr key={row.poptin_id}>
                <th scope="row">{names.get(row.poptin_id) || row.poptin_id}</th>
                <td data-label={t('revenue')}>{money(row.revenue)}</td>
                <td data-label={t('orders')}>{formatNumber(row.orders, language)}</td>
                <td data-label={t('revenuePerView')}>{money(row.revenue_per_view)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
