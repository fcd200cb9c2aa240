import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SpamFilter } from '../../core/api/site-contract.ts';
import { couponApi } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { spamFilterQuery } from './queries.ts';

const RULES: [keyof SpamFilter['stoppedThisWeek'], StringKey][] = [
  ['honeypot', 'spamRuleHoneypot'],
  ['impossible-timing', 'spamRuleTiming'],
  ['disposable-domain', 'spamRuleDisposable'],
  ['proof-of-work', 'spamRuleProofOfWork'],
];

type Switch = 'refuseDisposable' | 'requireProofOfWork';

const SWITCHES: [Switch, StringKey, StringKey, string][] = [
  ['refuseDisposable', 'spamRefuseDisposable', 'spamRefuseDisposableHint', 'spam-disposable-hint'],
  ['requireProofOfWork', 'spamRequireProofOfWork', 'spamRequireProofOfWorkHint', 'spam-proof-hint'],
];

/** The switches for throwaway e-mail domains and the forms' proof of work, and how many leads each rule stopped this week. */
export function SpamFilterSettings({ clientId }: { clientId: string }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const filter = useQuery(spamFilterQuery(clientId));
  const save = useMutation({
    mutationFn: (change: Partial<Record<Switch, boolean>>) => couponApi.setSpamFilter(clientId, change),
    onSuccess: (saved) => client.setQueryData(spamFilterQuery(clientId).queryKey, saved),
  });
  // What the visitor just clicked, shown in the same event (the mutation's own state arrives a task later, and a
  // controlled box would flick back meanwhile), until the server's answer replaces it.
  const [clicked, setClicked] = useState<Partial<Record<Switch, boolean>>>({});
  const data = filter.data;
  return (
    <section className="card stack spam-filter" aria-labelledby="spam-filter-heading">
      <h2 id="spam-filter-heading">{t('spamTitle')}</h2>
      <ErrorText error={filter.error} />
      {data && (
        <>
          {SWITCHES.map(([name, label, hint, hintId]) => (
            <div className="stack spam-switch" key={name}>
              <div className="cluster">
                <label className="check">
                  <input
                    type="checkbox"
                    checked={clicked[name] ?? data[name]}
                    disabled={save.isPending}
                    aria-describedby={hintId}
                    onChange={(event) => {
                      const change = { [name]: event.target.checked };
                      setClicked(change);
                      save.mutate(change, { onSettled: () => setClicked({}) });
                    }}
                  />{' '}
                  {t(label)}
                </label>
                {save.isSuccess && name in save.variables && (
                  <span className="saved-note" role="status">
                    {t('spamSaved')}
                  </span>
                )}
              </div>
              <span className="hint" id={hintId}>
                {t(hint)}
              </span>
            </div>
          ))}
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
