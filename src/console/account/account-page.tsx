import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { PageHeading } from '../shell/heading.tsx';

export function AccountPage() {
  const { t } = useLanguage();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: () => api.changePassword(current, next),
    onSuccess: () => {
      setCurrent('');
      setNext('');
    },
  });
  const everywhere = useMutation({
    mutationFn: api.signOutEverywhere,
    onSettled: () => {
      client.setQueryData(['me'], null);
      client.removeQueries();
      navigate('/sign-in');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  return (
    <section className="narrow">
      <PageHeading>{t('account')}</PageHeading>
      <form onSubmit={submit} aria-labelledby="password-heading" className="card">
        <h2 id="password-heading">{t('changePassword')}</h2>
        <label>
          {t('currentPassword')}
          <input
            type="password"
            dir="ltr"
            autoComplete="current-password"
            required
            maxLength={200}
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </label>
        <label>
          {t('newPassword')}
          <input
            type="password"
            dir="ltr"
            autoComplete="new-password"
            required
            minLength={10}
            maxLength={200}
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </label>
        <ErrorText
          error={change.error}
          labels={{ currentPassword: t('currentPassword'), newPassword: t('newPassword') }}
        />
        {change.isSuccess && <p role="status">{t('passwordChanged')}</p>}
        <button type="submit" className="btn-primary" disabled={change.isPending}>
          {t('changePassword')}
        </button>
      </form>
      <section aria-labelledby="everywhere-heading" className="card">
        <h2 id="everywhere-heading">{t('signOutEverywhere')}</h2>
        <ErrorText error={everywhere.error} />
        <button type="button" onClick={() => everywhere.mutate()}>
          {t('signOutEverywhere')}
        </button>
      </section>
    </section>
  );
}
