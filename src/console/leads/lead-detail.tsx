import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { LeadTime } from './lead-time.tsx';
import { leadQuery } from './queries.ts';

/**
 * Where a lead's delivery status goes in its detail. Lead delivery's console view plugs in here (app.tsx passes it);
 * without one the detail shows nothing there.
 */
export type RenderLeadDeliveries = (clientId: string, leadId: number) => ReactNode;

/** One lead with every field, its view, variant, prize, consent record and delivery status. */
export function LeadDetailDialog({
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
  const detail = useQuery(leadQuery(clientId, leadId));
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
