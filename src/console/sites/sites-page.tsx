import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../api/client.ts';
import { meQuery } from '../api/queries.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { Language } from '../i18n/strings.ts';
import { useSession } from '../session.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { PageHeading } from '../shell/heading.tsx';

export function SitesPage() {
  const { t, language } = useLanguage();
  const { owner, sites } = useSession();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [clientId, setClientId] = useState('');
  const [address, setAddress] = useState('');
  const [siteLanguage, setSiteLanguage] = useState<Language>(language);
  const create = useMutation({
    mutationFn: () =>
      api.createSite({
        ...(clientId.trim() ? { clientId: clientId.trim() } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
        address: address.trim(),
        language: siteLanguage,
      }),
    onSuccess: async ({ site }) => {
      await client.invalidateQueries({ queryKey: meQuery().queryKey });
      navigate(`/sites/${encodeURIComponent(site.clientId)}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section>
      <div className="page-header">
        <PageHeading>{t('sites')}</PageHeading>
      </div>
      {sites.length === 0 ? (
        <EmptyState icon="sites" title={t('emptySitesTitle')}>
          {t('emptySites')}
        </EmptyState>
      ) : (
        <ul className="site-grid">
          {sites.map((site) => (
            <li key={site.clientId} className="site-card">
              <span className="site-icon" aria-hidden="true">
                {(site.name || site.clientId).trim().charAt(0).toUpperCase()}
              </span>
              <span className="site-text">
                <Link href={`/sites/${encodeURIComponent(site.clientId)}`}>{site.name || site.clientId}</Link>
                <code>{site.clientId}</code>
              </span>
            </li>
          ))}
        </ul>
      )}
      {!owner?.isAdmin && <p>{t('sitesByAdmin')}</p>}
      {owner?.isAdmin && (
        <form onSubmit={submit} aria-labelledby="new-site" className="card narrow">
          <h2 id="new-site">{t('newSite')}</h2>
          <label>
            {t('siteAddress')}
            <input
              required
              maxLength={300}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              dir="ltr"
              inputMode="url"
              placeholder="https://shop.example"
              aria-describedby="site-address-hint"
            />
          </label>
          <span className="hint" id="site-address-hint">
            {t('siteAddressHint')}
          </span>
          <label>
            {t('siteNameOptional')}
            <input maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t('clientId')}
            <input
              pattern="[a-z0-9]{3,40}"
              maxLength={40}
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
              dir="ltr"
            />
          </label>
          <label>
            {t('language')}
            <select value={siteLanguage} onChange={(e) => setSiteLanguage(e.target.value as Language)}>
              <option value="en">English</option>
              <option value="he">עברית</option>
            </select>
          </label>
          <ErrorText
            error={create.error}
            labels={{ address: t('siteAddress'), name: t('siteName'), clientId: t('clientIdShort') }}
          />
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('create')}
          </button>
        </form>
      )}
    </section>
  );
}
