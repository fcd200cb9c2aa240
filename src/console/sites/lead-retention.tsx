import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LEAD_RETENTION_MONTHS, type LeadRetention } from '../../core/api/coupon-contract.ts';
import { couponApi } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { leadRetentionQuery } from './queries.ts';

const FOREVER = 'forever';

/** How long the site keeps its leads, when the daily deletion runs next and how many leads it will remove. */
export function LeadRetentionSettings({ clientId, timeZone }: { clientId: string; timeZone: string | null }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const retention = useQuery(leadRetentionQuery(clientId));
  // The period as saved until the owner chooses another.
  const [chosen, setChoice] = useState<string | null>(null);
  const choice = chosen ?? (retention.data ? String(retention.data.months ?? FOREVER) : null);
  const save = useMutation({
    mutationFn: (months: LeadRetention['months']) => couponApi.setRetention(clientId, months),
    onSuccess: (saved) => client.setQueryData(leadRetentionQuery(clientId).queryKey, saved),
  });
  const monthsText = (months: number) =>
    months === 1 ? t('retentionMonth') : t('retentionMonths').replace('{n}', String(months));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice !== null) save.mutate(choice === FOREVER ? null : (Number(choice) as LeadRetention['months']));
  };
  const data = retention.data;
  const when = data
    ? new Intl.DateTimeFormat(language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        ...(timeZone ? { timeZone } : {}),
      }).format(new Date(data.nextRunAt))
    : '';
  return (
    <form onSubmit={submit} className="card stack lead-retention" aria-labelledby="lead-retention-heading">
      <h2 id="lead-retention-heading">{t('retentionTitle')}</h2>
      <ErrorText error={retention.error} />
      {choice !== null && (
        <>
          <label className="field">
            {t('retentionLabel')}
            <select
              value={choice}
              aria-describedby="retention-hint"
              onChange={(event) => {
                save.reset();
                setChoice(event.target.value);
              }}
            >
              <option value={FOREVER}>{t('retentionForever')}</option>
              {LEAD_RETENTION_MONTHS.map((months) => (
                <option key={months} value={months}>
                  {monthsText(months)}
                </option>
              ))}
            </select>
          </label>
          <span className="hint" id="retention-hint">
            {t('retentionHint')}
          </span>
          {data && (
            <p className="retention-next" role="status">
              {data.months === null
                ? t('retentionKeptForever')
                : t(data.leadsToRemove > 0 ? 'retentionNextRun' : 'retentionNextRunNone')
                    .replace('{date}', when)
                    .replace('{count}', data.leadsToRemove.toLocaleString(language))
                    .replace('{months}', monthsText(data.months))}
            </p>
          )}
          <ErrorText error={save.error} />
          <div className="cluster">
            <button type="submit" className="btn-primary" disabled={save.isPending}>
              {t('retentionSave')}
            </button>
            {save.isSuccess && <span className="saved-note">{t('retentionSaved')}</span>}
          </div>
        </>
      )}
    </form>
  );
}
