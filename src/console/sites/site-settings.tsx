import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { api, type Site } from '../api/client.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { Language } from '../i18n/strings.ts';
import { PageHeading } from '../shell/heading.tsx';
import { AttributionWindowSettings } from './attribution-window.tsx';
import { CouponCodes } from './coupon-codes.tsx';
import { SiteEmbedAndTokens } from './embed-and-tokens.tsx';
import { InstallationStatus, watchedSiteQuery } from './installation.tsx';
import { LeadRetentionSettings } from './lead-retention.tsx';
import { SpamFilterSettings } from './spam-filter.tsx';

/** The IANA time zones the owner's browser knows. */
const timeZones = () => ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

interface Draft {
  name: string;
  origins: string;
  language: Language;
  timeZone: string;
  emailSenderName: string;
  emailReplyTo: string;
  privacyUrl: string;
}

const draftOf = (site: Site): Draft => ({
  name: site.name,
  origins: site.allowedOrigins.join('\n'),
  language: site.language,
  timeZone: site.timeZone ?? '',
  emailSenderName: site.emailSenderName ?? '',
  emailReplyTo: site.emailReplyTo ?? '',
  privacyUrl: site.privacyUrl ?? '',
});

/** A site's name, allowed origins, language and time zone, and whether its snippet is installed. */
export function SiteSettingsPage({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const site = useQuery(watchedSiteQuery(clientId));
  const [draft, setDraft] = useState<Draft | null>(null);
  const zones = useMemo(timeZones, []);
  useEffect(() => {
    if (site.data && !draft) setDraft(draftOf(site.data.site));
  }, [site.data, draft]);
  const save = useMutation({
    mutationFn: (changes: Draft) =>
      api.updateSite(clientId, {
        name: changes.name,
        allowedOrigins: changes.origins
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        language: changes.language,
        ...(changes.timeZone ? { timeZone: changes.timeZone } : {}),
        emailSenderName: changes.emailSenderName,
        emailReplyTo: changes.emailReplyTo,
        privacyUrl: changes.privacyUrl,
      }),
    onSuccess: ({ site: saved }) => {
      setDraft(draftOf(saved));
      return client.invalidateQueries({ queryKey: watchedSiteQuery(clientId).queryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };
  const change = (field: keyof Draft) => (event: { target: { value: string } }) => {
    save.reset();
    setDraft((current) => current && { ...current, [field]: event.target.value });
  };
  return (
    <section>
      <PageHeading>{`${t('siteSettings')} · ${site.data?.site.name || clientId}`}</PageHeading>
      <ErrorText error={site.error} />
      <InstallationStatus clientId={clientId} snippet={false} />
      {draft && (
        <form onSubmit={submit} className="card stack" aria-labelledby="site-settings-heading">
          <h2 id="site-settings-heading">{t('siteSettingsTitle')}</h2>
          <label className="field">
            {t('siteName')}
            <input required maxLength={200} value={draft.name} onChange={change('name')} />
          </label>
          <label className="field">
            {t('siteOrigins')}
            {/* Addresses read left to right, in Hebrew too. */}
            <textarea
              rows={3}
              dir="ltr"
              value={draft.origins}
              onChange={change('origins')}
              aria-describedby="origins-hint"
            />
          </label>
          <span className="hint" id="origins-hint">
            {t('siteOriginsHint')}
          </span>
          <label className="field">
            {t('siteLanguage')}
            <select value={draft.language} onChange={change('language')}>
              <option value="en">English</option>
              <option value="he">עברית</option>
            </select>
          </label>
          <label className="field">
            {t('siteTimeZone')}
            <select value={draft.timeZone} onChange={change('timeZone')} aria-describedby="zone-hint">
              {!draft.timeZone && <option value="">{t('siteTimeZoneUtc')}</option>}
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          </label>
          <span className="hint" id="zone-hint">
            {t('siteTimeZoneHint')}
          </span>
          <fieldset className="stack">
            <legend>{t('siteEmailTitle')}</legend>
            <p className="hint">{t('siteEmailIntro')}</p>
            <label className="field">
              {t('siteSenderName')}
              <input
                maxLength={100}
                dir="auto"
                value={draft.emailSenderName}
                onChange={change('emailSenderName')}
                aria-describedby="sender-hint"
              />
            </label>
            <span className="hint" id="sender-hint">
              {t('siteSenderNameHint')}
            </span>
            <label className="field">
              {t('siteReplyTo')}
              <input
                type="email"
                maxLength={254}
                dir="ltr"
                value={draft.emailReplyTo}
                onChange={change('emailReplyTo')}
              />
            </label>
            <label className="field">
              {t('sitePrivacyUrl')}
              <input
                type="url"
                maxLength={2000}
                dir="ltr"
                value={draft.privacyUrl}
                onChange={change('privacyUrl')}
                aria-describedby="privacy-hint"
              />
            </label>
            <span className="hint" id="privacy-hint">
              {t('sitePrivacyUrlHint')}
            </span>
          </fieldset>
          <ErrorText
            error={save.error}
            labels={{
              name: t('siteName'),
              allowedOrigins: t('siteOrigins'),
              timeZone: t('siteTimeZone'),
              emailSenderName: t('siteSenderName'),
              emailReplyTo: t('siteReplyTo'),
              privacyUrl: t('sitePrivacyUrl'),
            }}
          />
          {save.isSuccess && <p role="status">{t('siteSaved')}</p>}
          <div>
            <button type="submit" className="btn-primary primary" disabled={save.isPending}>
              {t('saveSettings')}
            </button>
          </div>
        </form>
      )}
      {site.data && <LeadRetentionSettings clientId={clientId} timeZone={site.data.site.timeZone} />}
      <SpamFilterSettings clientId={clientId} />
      <AttributionWindowSettings clientId={clientId} />
      <CouponCodes clientId={clientId} />
      <SiteEmbedAndTokens clientId={clientId} />
    </section>
  );
}
