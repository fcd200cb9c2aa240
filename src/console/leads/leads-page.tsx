import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { insightsApi, type Lead, type LeadFilter, leadsCsvUrl, type SpamFilter } from '../api/insights.ts';
import { popupsQuery } from '../api/queries.ts';
import { Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { PopupFilters } from '../components/popup-select.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { counted } from '../i18n/plural.ts';
import { fill } from '../model/insights.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { PageHeading } from '../shell/heading.tsx';
import { useSiteTimeZone } from '../sites/site-time-zone.ts';

/**
 * Where a lead's delivery status goes in its detail. Lead delivery's console view plugs in here (app.tsx passes it);
 * without one the detail shows nothing there.
 */
export type RenderLeadDeliveries = (clientId: string, leadId: number) => ReactNode;

const EMPTY_FILTER: Required<LeadFilter> = { q: '', popup: '', variant: '', from: '', to: '', spam: 'exclude' };

/** A lead's time on the site's clock (its stats and the day filters count days so), the instant itself in `datetime`. */
function LeadTime({ iso, timeZone, withZone = false }: { iso: string; timeZone: string; withZone?: boolean }) {
  const { language } = useLanguage();
  const time = new Date(iso);
  // In Hebrew the Hebrew way of writing a date; in English the browser's own.
  const locale = language === 'he' ? 'he-IL' : undefined;
  return (
    <time dateTime={iso}>
      {time.toLocaleString(locale, withZone ? { timeZone, timeZoneName: 'long' } : { timeZone })}
    </time>
  );
}

function LeadDetailDialog({
  clientId,
  leadId,
  timeZone,
  onClose,
  renderDeliveries,
}: {
  clientId: string;
  leadId: number;
  timeZone: string;
  onClose(): void;
  renderDeliveries?: RenderLeadDeliveries;
}) {
  const { t } = useLanguage();
  const detail = useQuery({ queryKey: ['lead', clientId, leadId], queryFn: () => insightsApi.lead(clientId, leadId) });
  const data = detail.data;
  const row = (label: string, value: ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
  return (
    <Dialog open title={`${t('leadDetail')} #${leadId}`} onClose={onClose}>
      {detail.isPending && <p role="status">{t('loading')}</p>}
      <ErrorText error={detail.error} />
      {data && (
        <>
          <dl className="details">
            {row(t('receivedAt'), <LeadTime iso={data.lead.created_at} timeZone={timeZone} withZone />)}
            {row(t('email'), data.lead.email)}
            {row(t('leadName'), data.lead.name)}
            {row(t('phone'), data.lead.phone)}
            {row(t('page'), data.view?.url ?? data.lead.url)}
            {row(t('trigger'), data.view?.trigger)}
            {row(t('device'), data.view?.device ?? data.lead.device)}
            {row(
              t('filterVariant'),
              data.popup
                ? `${data.popup.poptin_name || data.popup.poptin_id}${data.popup.ab_test_parent_id ? ` (${t('variantOf')} ${data.popup.ab_test_parent_id})` : ''}`
                : data.lead.poptin_id,
            )}
            {data.prize?.prize_id &&
              row(t('prize'), `${data.prize.prize_id}${data.prize.coupon ? ` · ${data.prize.coupon}` : ''}`)}
            {row(t('spam'), data.lead.spam_reason ?? t('notSpam'))}
          </dl>
          {data.consent && (
            <>
              <h3>{t('consentRecord')}</h3>
              <dl className="details consent-record">
                {row(
                  t('consentText'),
                  data.consent.text ? (
                    <span lang={data.consent.language ?? undefined} dir="auto">
                      {data.consent.text}
                    </span>
                  ) : (
                    t('consentTextMissing')
                  ),
                )}
                {data.consent.language && row(t('consentLanguage'), t(`language_${data.consent.language}`))}
                {row(t('consentBox'), data.consent.given ? t('consentGiven') : t('consentNotGiven'))}
                {row(t('consentAt'), <LeadTime iso={data.consent.at} timeZone={timeZone} withZone />)}
                {row(t('consentPage'), data.consent.url && <span dir="ltr">{data.consent.url}</span>)}
                {row(
                  t('consentConfirmed'),
                  data.consent.confirmed_at ? (
                    <LeadTime iso={data.consent.confirmed_at} timeZone={timeZone} withZone />
                  ) : data.lead.opt_in === 'unconfirmed' ? (
                    t('optInWaiting')
                  ) : (
                    t('optInNone')
                  ),
                )}
              </dl>
            </>
          )}
          <h3>{t('leadFields')}</h3>
          <dl className="details">
            {Object.entries(data.lead.fields).map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
              </div>
            ))}
          </dl>
          <section aria-label={t('deliveryStatus')} className="lead-deliveries">
            {renderDeliveries?.(clientId, leadId)}
          </section>
        </>
      )}
      <div className="actions">
        <button type="button" onClick={onClose}>
          {t('back')}
        </button>
      </div>
    </Dialog>
  );
}

function LeadRow({
  clientId,
  lead,
  zone,
  popupName,
  onOpen,
}: {
  clientId: string;
  lead: Lead;
  /** The site's time zone. */
  zone: string;
  popupName: string | undefined;
  onOpen(): void;
}) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const who = lead.email || lead.name || lead.phone || `#${lead.conversion_id}`;
  const spam = useMutation({
    mutationFn: (next: boolean) => insightsApi.markSpam(clientId, lead.conversion_id, next),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['leads', clientId] }),
        client.invalidateQueries({ queryKey: ['lead', clientId, lead.conversion_id] }),
      ]),
  });
  return (
    <tr>
      <td data-label={fill(t('receivedIn'), { zone })}>
        <LeadTime iso={lead.created_at} timeZone={zone} />
      </td>
      <th scope="row">{lead.email ?? '—'}</th>
      <td data-label={t('leadName')}>{lead.name ?? ''}</td>
      <td data-label={t('phone')} dir="ltr">
        {lead.phone ?? ''}
      </td>
      <td data-label={t('popupColumn')}>{popupName || lead.poptin_id}</td>
      <td data-label={t('leadStatus')}>
        {lead.spam_reason ? (
          <span className="badge badge-paused">
            {t('spam')}: {lead.spam_reason}
          </span>
        ) : (
          ''
        )}
        {lead.partial && (
          <span className="badge badge-draft" title={t('partialLeadHint')}>
            {t('partialLead')}
          </span>
        )}
      </td>
      <td className="row-actions">
        <button type="button" onClick={onOpen} aria-label={`${t('details')}: ${who}`}>
          {t('details')}
        </button>
        {lead.spam_reason ? (
          <button
            type="button"
            onClick={() => spam.mutate(false)}
            disabled={spam.isPending}
            aria-label={`${t('markNotSpam')}: ${who}`}
          >
            {t('markNotSpam')}
          </button>
        ) : (
          <button
            type="button"
            onClick={() => spam.mutate(true)}
            disabled={spam.isPending}
            aria-label={`${t('markSpam')}: ${who}`}
          >
            {t('markSpam')}
          </button>
        )}
        <ErrorText error={spam.error} />
      </td>
    </tr>
  );
}

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
  const leads = useInfiniteQuery({
    queryKey: ['leads', clientId, applied, zone],
    queryFn: ({ pageParam }) => insightsApi.leads(clientId, applied, zone, pageParam),
    enabled: siteZone !== undefined,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const rows = leads.data?.pages.flatMap((page) => page.leads) ?? [];
  const popups = useQuery(popupsQuery(clientId));
  const popupNames = new Map(popups.data?.popups.map((popup) => [popup.id, popup.name]));
  const change = (changes: Partial<LeadFilter>) => setForm({ ...form, ...changes });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(form);
  };
  const reset = () => {
    setForm(EMPTY_FILTER);
    setApplied(EMPTY_FILTER);
  };
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
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role submits the filters; <search> would need the form inside it as well */}
      <form role="search" aria-label={t('leadSearch')} onSubmit={submit} className="filters">
        <label>
          {t('searchLeads')}
          <input type="search" maxLength={200} value={form.q} onChange={(event) => change({ q: event.target.value })} />
        </label>
        <PopupFilters clientId={clientId} popup={form.popup} variant={form.variant} onChange={change} />
        <label>
          {fill(t('fromLocalDay'), { zone })}
          <input type="date" value={form.from} onChange={(event) => change({ from: event.target.value })} />
        </label>
        <label>
          {fill(t('toLocalDay'), { zone })}
          <input type="date" value={form.to} onChange={(event) => change({ to: event.target.value })} />
        </label>
        <label>
          {t('spam')}
          <select value={form.spam} onChange={(event) => change({ spam: event.target.value as SpamFilter })}>
            <option value="exclude">{t('spamExclude')}</option>
            <option value="only">{t('spamOnly')}</option>
            <option value="include">{t('spamInclude')}</option>
          </select>
        </label>
        <div className="inline">
          <button type="submit" className="btn-primary">
            {t('applyFilters')}
          </button>
          <button type="button" onClick={reset}>
            {t('clearFilters')}
          </button>
        </div>
      </form>
      <ErrorText error={leads.error} />
      {leads.isPending && <p role="status">{t('loading')}</p>}
      {leads.data && rows.length === 0 && JSON.stringify(applied) !== JSON.stringify(EMPTY_FILTER) && (
        <p role="status">{t('noLeads')}</p>
      )}
      {leads.data && rows.length === 0 && JSON.stringify(applied) === JSON.stringify(EMPTY_FILTER) && (
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
        <table className="table-cards">
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
