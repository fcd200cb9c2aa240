import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insightsApi, type Lead } from '../api/insights.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { fill } from '../insights/model.ts';
import { LeadTime } from './lead-time.tsx';
import { allLeadsKey, leadQuery } from './queries.ts';

/** One lead in the table: when, who, from which pop-up, spam or partial, its details and the spam switch. */
export function LeadRow({
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
        client.invalidateQueries({ queryKey: allLeadsKey(clientId) }),
        client.invalidateQueries({ queryKey: leadQuery(clientId, lead.conversion_id).queryKey }),
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
