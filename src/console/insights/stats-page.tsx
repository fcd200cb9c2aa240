import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type ChoiceCount, type Counts, insightsApi, type StatsQuery, type StatsReport } from '../api/insights.ts';
import { popupsQuery } from '../api/queries.ts';
import { ErrorText } from '../components/error-text.tsx';
import { LineChart } from '../components/line-chart.tsx';
import { PopupFilters } from '../components/popup-select.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { Language, StringKey } from '../i18n/strings.ts';
import { changeOf, fill, formatNumber, formatPercent, hourLabels, lastDays } from '../model/insights.ts';
import { PageHeading } from '../shell/heading.tsx';
import { useSiteTimeZone } from '../sites/site-time-zone.ts';

type Metric = 'views' | 'closes' | 'conversions';
const METRICS: readonly Metric[] = ['views', 'closes', 'conversions'];
const METRIC_LABEL: Record<Metric, StringKey> = { views: 'views', closes: 'closes', conversions: 'conversions' };

/** A figure's change from the range before, signed ("+12.5 %"), or a dash when there was nothing before. */
function changeText(now: number, before: number, language: Language): string {
  const value = changeOf(now, before);
  return value === null ? '—' : `${value > 0 ? '+' : ''}${formatPercent(value, language)}`;
}

/** Figures of this range beside the range before and the change: one row per figure. */
function ComparedTable({ caption, rows }: { caption: string; rows: [StringKey, string, string, string][] }) {
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

function Totals({ now, before }: { now: Counts; before: Counts }) {
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
      formatPercent(now.conversion_rate, language, 2),
      formatPercent(before.conversion_rate, language, 2),
      change(now.conversion_rate, before.conversion_rate),
    ],
  ];
  return <ComparedTable caption={t('totals')} rows={rows} />;
}

const formatMoney = (value: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);

/** The store's orders attributed to the pop-ups covered: revenue, orders and revenue per view, and by pop-up. */
function StoreRevenue({
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

/** How many leads chose each answer of the pop-up's question steps (a report of one pop-up). */
function Choices({ rows }: { rows: ChoiceCount[] }) {
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
function Breakdown({
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
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td data-label={t('views')}>
              <span className="bar" aria-hidden="true" style={{ inlineSize: `${(row.views / most) * 6}em` }} />
              {formatNumber(row.views, language)}
            </td>
            <td data-label={t('closes')}>{formatNumber(row.closes, language)}</td>
            <td data-label={t('conversions')}>{formatNumber(row.conversions, language)}</td>
            <td data-label={t('conversionRate')}>{formatPercent(row.conversion_rate, language, 2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function StatsPage({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const timeZone = useSiteTimeZone(clientId);
  if (!timeZone)
    return (
      <section>
        <PageHeading>{t('stats')}</PageHeading>
        <p role="status">{t('loading')}</p>
      </section>
    );
  // The range starts as the site's last 30 days; a new zone starts it again.
  return <SiteStats key={timeZone} clientId={clientId} timeZone={timeZone} />;
}

/** The stats of a site whose days are `timeZone`'s. */
function SiteStats({ clientId, timeZone }: { clientId: string; timeZone: string }) {
  const { t } = useLanguage();
  const deviceWords = (device: string) =>
    (
      ({
        desktop: t('deviceDesktop'),
        mobile: t('deviceMobile'),
        tablet: t('deviceTablet'),
        unknown: t('deviceUnknown'),
      }) as Record<string, string>
    )[device] ?? device;
  const [form, setForm] = useState<StatsQuery>(() => ({
    ...lastDays(30, Date.now(), timeZone),
    popup: '',
    variant: '',
  }));
  const [query, setQuery] = useState<StatsQuery>(form);
  const [metric, setMetric] = useState<Metric>('views');
  const report = useQuery({ queryKey: ['stats', clientId, query], queryFn: () => insightsApi.stats(clientId, query) });
  // The pop-ups' names as they are now, also of one with revenue but no views in the range (the filters ask the same).
  const popupList = useQuery(popupsQuery(clientId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same range asked again is a refresh: new events count at once.
    if (JSON.stringify(form) === JSON.stringify(query)) void report.refetch();
    else setQuery(form);
  };
  const data = report.data;
  const metricName = t(METRIC_LABEL[metric]);
  return (
    <section>
      <PageHeading>{t('stats')}</PageHeading>
      <form onSubmit={submit} className="filters" aria-label={t('statsRange')}>
        <label>
          {fill(t('fromLocalDay'), { zone: timeZone })}
          <input
            type="date"
            required
            value={form.from}
            max={form.to}
            onChange={(event) => setForm({ ...form, from: event.target.value })}
          />
        </label>
        <label>
          {fill(t('toLocalDay'), { zone: timeZone })}
          <input
            type="date"
            required
            value={form.to}
            min={form.from}
            onChange={(event) => setForm({ ...form, to: event.target.value })}
          />
        </label>
        <PopupFilters
          clientId={clientId}
          popup={form.popup ?? ''}
          variant={form.variant ?? ''}
          onChange={(next) => setForm({ ...form, ...next })}
        />
        <div className="inline">
          <button type="submit" className="btn-primary">
            {t('showStats')}
          </button>
        </div>
      </form>
      <ErrorText error={report.error} />
      {report.isPending && <p role="status">{t('loading')}</p>}
      {data && (
        <>
          <Totals now={data.totals} before={data.previous_totals} />
          {data.revenue && (
            <StoreRevenue
              revenue={data.revenue}
              names={
                new Map([
                  ...data.by_popup
                    .filter((row) => row.poptin_name)
                    .map((row) => [row.poptin_id, row.poptin_name] as const),
                  ...(popupList.data?.popups ?? [])
                    .filter((item) => item.name)
                    .map((item) => [item.id, item.name] as const),
                ])
              }
            />
          )}
          <label className="metric-pick">
            {t('chartMetric')}
            <select value={metric} onChange={(event) => setMetric(event.target.value as Metric)}>
              {METRICS.map((item) => (
                <option key={item} value={item}>
                  {t(METRIC_LABEL[item])}
                </option>
              ))}
            </select>
          </label>
          <LineChart
            caption={`${metricName} ${t('perDay')}, ${data.range.from} – ${data.range.to}`}
            labelHeader={t('day')}
            labels={data.days.map((day) => day.day)}
            series={[
              {
                name: `${t('thisRange')} (${data.range.from} – ${data.range.to})`,
                values: data.days.map((day) => day[metric]),
              },
              {
                name: `${t('previousRange')} (${data.previous_range.from} – ${data.previous_range.to})`,
                values: data.previous_days.map((day) => day[metric]),
                dashed: true,
              },
            ]}
          />
          <LineChart
            caption={`${metricName} ${fill(t('perHour48'), { zone: timeZone })}`}
            labelHeader={t('hour')}
            labels={hourLabels(
              data.hours.map((hour) => hour.hour),
              timeZone,
            )}
            series={[{ name: metricName, values: data.hours.map((hour) => hour[metric]) }]}
          />
          <Breakdown
            caption={t('byDevice')}
            header={t('device')}
            rows={data.by_device.map((row) => ({ ...row, label: deviceWords(row.device) }))}
          />
          <Breakdown
            caption={t('byPage')}
            header={t('page')}
            rows={data.by_page.map((row) => ({ ...row, label: row.page || t('noPage') }))}
          />
          <Breakdown
            caption={t('byPopup')}
            header={t('filterPopup')}
            rows={data.by_popup.map((row) => ({ ...row, label: row.poptin_name || row.poptin_id }))}
          />
          {(data.by_choice ?? []).length > 0 && <Choices rows={data.by_choice} />}
        </>
      )}
    </section>
  );
}
