import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { PageHeading } from './heading.tsx';

export function SignInPage() {
  const { t } = useLanguage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const signIn = useMutation({
    mutationFn: () => api.signIn(email.trim(), password),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['me'] });
      navigate('/');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <section className="narrow">
      <PageHeading>{t('signInTitle')}</PageHeading>
      <form onSubmit={submit}>
        <label>
          {t('email')}
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            maxLength={320}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          {t('password')}
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={200}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <ErrorText error={signIn.error} />
        <button type="submit" className="primary" disabled={signIn.isPending}>
          {t('signIn')}
        </button>
      </form>
    </section>
  );
}
