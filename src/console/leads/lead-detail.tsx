import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SINCE_PAGE_LOAD_FIELD } from '../../core/api/contract.ts';
import { Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { fill, formatNumber } from '../insights/model.ts';
import { leadSections } from './lead-fields.ts';
import { LeadTime } from './lead-time.tsx';
import { leadQuery } from './queries.ts';

/** The form's standard fields, named in the owner's language; every other field goes by the form's own name. */
const STANDARD_ANSWERS: Readonly<Record<string, 'leadMessage' | 'leadBoxesTicked'>> = {
  message: 'leadMessage',
  checkbox: 'leadBoxesTicked',
};

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
  const { t, language } = useLanguage();
  const detail = useQuery(leadQuery(clientId, leadId));
  const data = detail.data;
  const sections = data ? leadSections(data.lead.fields) : null;
  const secondsOnPage = (ms: string) =>
    Number.isFinite(Number(ms))
      ? fill(t('leadSecondsOnPage'), {
          seconds: new Intl.NumberFormat(language, { style: 'unit', unit: 'second', maximumFractionDigits: 1 }).format(
            Number(ms) / 1000,
          ),
        })
      : ms;
  const row = (label: string, value: ReactNode) => <Row label={label} value={value} />;
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
          {sections && sections.answers.length > 0 && (
            <>
              <h3>{t('leadAnswers')}</h3>
              <FieldList
                items={sections.answers.map(([name, value]) => ({
                  key: name,
                  label: Object.hasOwn(STANDARD_ANSWERS, name) ? t(STANDARD_ANSWERS[name]!) : <bdi>{name}</bdi>,
                  value: <bdi>{value}</bdi>,
                }))}
              />
            </>
          )}
          {sections && sections.visit.length > 0 && (
            <>
              <h3>{t('leadVisit')}</h3>
              <FieldList
                items={sections.visit.map(([fact, value]) => ({
                  key: fact,
                  label: t(`leadVisit_${fact}`),
                  value: fact === SINCE_PAGE_LOAD_FIELD ? secondsOnPage(value) : <bdi>{value}</bdi>,
                }))}
              />
            </>
          )}
          {sections && (
            <details className="lead-sent">
              <summary>{fill(t('leadFields'), { count: formatNumber(sections.sent.length, language) })}</summary>
              <FieldList
                items={sections.sent.map(([name, value]) => ({
                  key: name,
                  label: <bdi>{name}</bdi>,
                  value: <bdi>{value}</bdi>,
                }))}
              />
            </details>
          )}
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

/** A name and its value, a line of a `details` list; a value missing is a dash. */
function Row({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
}

/** Named values, a name and its value a line. */
function FieldList({ items }: { items: { key: string; label: ReactNode; value: ReactNode }[] }) {
  return (
    <dl className="details">
      {items.map(({ key, label, value }) => (
        <Row key={key} label={label} value={value} />
      ))}
    </dl>
  );
}
