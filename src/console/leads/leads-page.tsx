import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { type LeadFilter, leadsCsvUrl } from '../api/insights.ts';
import { popupsQuery } from '../api/queries.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { counted } from '../i18n/plural.ts';
import { fill } from '../insights/model.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { PageHeading } from '../shell/heading.tsx';
import { useSiteTimeZone } from '../sites/site-time-zone.ts';
import { LeadDetailDialog, type RenderLeadDeliveries } from './lead-detail.tsx';
import { EMPTY_FILTER, LeadFilters } from './lead-filters.tsx';
import { LeadRow } from './lead-row.tsx';
import { leadsQuery } from './queries.ts';

export type { RenderLeadDeliveries } from './lead-detail.tsx';

/** A site's leads: the filters, the table a page at a time, the CSV of the same leads, and a lead's detail. */
export function LeadsPage({
  clientId,
  renderDeliveries,
}: {
  clientId: string;
  renderDeliveries?: RenderLeadDeliveries;
}) {
  const { t, language } = useLanguage();
  const [form, setForm] = useState(EMPTY_FILTER);
  const [applied, setApplied] = useState<LeadFilter>(EMPTY_FILTER);
  const [opened, setOpened] = useState<number | null>(null);
  // The site's clock, as its stats: UTC until it is read.
  const siteZone = useSiteTimeZone(clientId);
  const zone = siteZone ?? 'UTC';
  const leads = useInfiniteQuery({ ...leadsQuery(clientId, applied, zone), enabled: siteZone !== undefined });
  const rows = leads.data?.pages.flatMap((page) => page.leads) ?? [];
  const popups = useQuery(popupsQuery(clientId));
  const popupNames = new Map(popups.data?.popups.map((popup) => [popup.id, popup.name]));
  const reset = () => {
    setForm(EMPTY_FILTER);
    setApplied(EMPTY_FILTER);
  };
  const filtered = JSON.stringify(applied) !== JSON.stringify(EMPTY_FILTER);
  return (
    <section>
      <div className="page-header">
        <div>
          <PageHeading>{t('leads')}</PageHeading>
          {leads.data && !leads.hasNextPage && rows.length > 0 && <p>{counted(language, 'leads', rows.length)}</p>}
        </div>
        <a className="btn" href={leadsCsvUrl(clientId, applied, zone)} download>
          {t('downloadCsv')}
        </a>
      </div>
      <LeadFilters
        clientId={clientId}
        form={form}
        zone={zone}
        onChange={(changes) => setForm((current) => ({ ...current, ...changes }))}
        onApply={() => setApplied(form)}
        onClear={reset}
      />
      <ErrorText error={leads.error} />
      {leads.isPending && <p role="status">{t('loading')}</p>}
      {leads.data && rows.length === 0 && filtered && <p role="status">{t('noLeads')}</p>}
      {leads.data && rows.length === 0 && !filtered && (
        <EmptyState
          icon="inbox"
          title={t('emptyLeadsTitle')}
          action={
            <Link className="btn btn-primary" href={`/sites/${encodeURIComponent(clientId)}`}>
              {t('goPopups')}
            </Link>
          }
        >
          {t('emptyLeads')}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <table className="table-cards leads-table">
          <caption className="visually-hidden">{t('leads')}</caption>
          <thead>
            <tr>
              <th scope="col">{fill(t('receivedIn'), { zone })}</th>
              <th scope="col">{t('email')}</th>
              <th scope="col">{t('leadName')}</th>
              <th scope="col">{t('phone')}</th>
              <th scope="col">{t('popupColumn')}</th>
              <th scope="col">{t('leadStatus')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('details')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((lead) => (
              <LeadRow
                key={lead.conversion_id}
                clientId={clientId}
                lead={lead}
                zone={zone}
                popupName={popupNames.get(lead.poptin_id)}
                onOpen={() => setOpened(lead.conversion_id)}
              />
            ))}
          </tbody>
        </table>
      )}
      {leads.hasNextPage && (
        <button type="button" onClick={() => leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
          {leads.isFetchingNextPage ? t('loading') : t('loadMore')}
        </button>
      )}
      {opened !== null && (
        <LeadDetailDialog
          clientId={clientId}
          leadId={opened}
          timeZone={zone}
          onClose={() => setOpened(null)}
          renderDeliveries={renderDeliveries}
        />
      )}
    </section>
  );
}
