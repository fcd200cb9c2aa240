import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatsQuery } from '../api/insights.ts';
import { popupsQuery } from '../api/queries.ts';
import { ErrorText } from '../components/error-text.tsx';
import { LineChart } from '../components/line-chart.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { PageHeading } from '../shell/heading.tsx';
import { useSiteTimeZone } from '../sites/site-time-zone.ts';
import { Breakdown, Choices } from './breakdown.tsx';
import { Totals } from './compared-table.tsx';
import { METRIC_LABEL, METRICS, type Metric } from './metrics.ts';
import { fill, hourLabels, lastDays } from './model.ts';
import { statsQuery } from './queries.ts';
import { StatsRange } from './stats-range.tsx';
import { StoreRevenue } from './store-revenue.tsx';

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
  const report = useQuery(statsQuery(clientId, query));
  // The pop-ups' names as they are now, also of one with revenue but no views in the range (the filters ask the same).
  const popupList = useQuery(popupsQuery(clientId));
  const show = () => {
    // The same range asked again is a refresh: new events count at once.
    if (JSON.stringify(form) === JSON.stringify(query)) void report.refetch();
    else setQuery(form);
  };
  const data = report.data;
  const metricName = t(METRIC_LABEL[metric]);
  return (
    <section>
      <PageHeading>{t('stats')}</PageHeading>
      <StatsRange clientId={clientId} form={form} timeZone={timeZone} onChange={setForm} onShow={show} />
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
