import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { api } from '../api/client.ts';
import { meQuery } from '../api/queries.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { PageHeading } from '../shell/heading.tsx';
import { signInOptionsQuery } from './queries.ts';

/** The token of a mailed sign-in link (/console/sign-in?link=…), if the page was opened from one. */
const linkToken = () => new URLSearchParams(window.location.search).get('link');

export function SignInPage() {
  const token = linkToken();
  return token ? <SignInByLink token={token} /> : <SignInByPassword />;
}

function useSignedIn() {
  const [, navigate] = useLocation();
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: meQuery().queryKey });
    navigate('/');
  };
}

/** One click, not the link's opening, signs in: a mail scanner that follows the link does not spend it. */
function SignInByLink({ token }: { token: string }) {
  const { t } = useLanguage();
  const signedIn = useSignedIn();
  const signIn = useMutation({ mutationFn: () => api.signInByLink(token), onSuccess: signedIn });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <section className="narrow">
      <PageHeading>{t('signInLinkTitle')}</PageHeading>
      <form onSubmit={submit}>
        <ErrorText error={signIn.error} />
        <button type="submit" className="primary" disabled={signIn.isPending}>
          {t('signIn')}
        </button>
      </form>
    </section>
  );
}

function SignInByPassword() {
  const { t } = useLanguage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);
  const signedIn = useSignedIn();
  const signIn = useMutation({ mutationFn: () => api.signIn(email.trim(), password), onSuccess: signedIn });
  const options = useQuery(signInOptionsQuery());
  const [needsEmail, setNeedsEmail] = useState(false);
  const askLink = useMutation({ mutationFn: () => api.askSignInLink(email.trim()) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  const emailMeALink = () => {
    const wanted = email.trim() === '';
    setNeedsEmail(wanted);
    if (wanted) emailInput.current?.focus();
    else askLink.mutate();
  };
  return (
    <section className="narrow">
      <PageHeading>{t('signInTitle')}</PageHeading>
      <form onSubmit={submit}>
        <label>
          {t('email')}
          <input
            ref={emailInput}
            type="email"
            dir="ltr"
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
            dir="ltr"
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
      {options.data?.signInLink && (
        <p>
          <button type="button" onClick={emailMeALink} disabled={askLink.isPending}>
            {t('signInLinkAsk')}
          </button>
        </p>
      )}
      <p role="status">{needsEmail ? t('signInLinkNeedsEmail') : askLink.isSuccess ? t('signInLinkSent') : ''}</p>
      <ErrorText error={askLink.error} />
    </section>
  );
}
