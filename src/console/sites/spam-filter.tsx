import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpamFilter } from '../../core/api/site-contract.ts';
import { couponApi } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';

const RULES: [keyof SpamFilter['stoppedThisWeek'], StringKey][] = [
  ['honeypot', 'spamRuleHoneypot'],
  ['impossible-timing', 'spamRuleTiming'],
  ['disposable-domain', 'spamRuleDisposable'],
];

/** The switch for throwaway e-mail domains, and how many leads each spam rule set aside this week. */
export function SpamFilterSettings({ clientId }: { clientId: string }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const filter = useQuery({ queryKey: ['spam-filter', clientId], queryFn: () => couponApi.spamFilter(clientId) });
  const save = useMutation({
    mutationFn: (refuse: boolean) => couponApi.setRefuseDisposable(clientId, refuse),
    onSuccess: (saved) => client.setQueryData(['spam-filter', clientId], saved),
  });
  const data = filter.data;
  return (
    <section className="card stack spam-filter" aria-labelledby="spam-filter-heading">
      <h2 id="spam-filter-heading">{t('spamTitle')}</h2>
      <ErrorText error={filter.error} />
      {data && (
        <>
          <div className="cluster">
            <label className="check">
              <input
                type="checkbox"
                checked={save.isPending ? save.variables : data.refuseDisposable}
                disabled={save.isPending}
                aria-describedby="spam-disposable-hint"
                onChange={(event) => save.mutate(event.target.checked)}
              />{' '}
              {t('spamRefuseDisposable')}
            </label>
            {save.isSuccess && (
              <span className="saved-note" role="status">
                {t('spamSaved')}
              </span>
            )}
          </div>
          <span className="hint" id="spam-disposable-hint">
            {t('spamRefuseDisposableHint')}
          </span>
          <ErrorText error={save.error} />
          <h3 id="spam-stopped-heading">{t('spamStoppedTitle')}</h3>
          <dl className="spam-counts" aria-labelledby="spam-stopped-heading">
            {RULES.map(([rule, label]) => (
              <div key={rule}>
                <dt>{t(label)}</dt>
                <dd>{data.stoppedThisWeek[rule].toLocaleString(language)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
