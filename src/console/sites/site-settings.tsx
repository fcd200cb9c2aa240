import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { api, type Site } from '../api/client.ts';
import { allAnswered, popupsQuery, siteQuery, tokensQuery } from '../api/queries.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { Language } from '../i18n/strings.ts';
import { PageHeading } from '../shell/heading.tsx';
import { AttributionWindowSettings } from './attribution-window.tsx';
import { CouponCodes } from './coupon-codes.tsx';
import { SiteEmbedAndTokens } from './embed-and-tokens.tsx';
import { InstallationStatus, watchedSiteQuery } from './installation.tsx';
import { LeadRetentionSettings } from './lead-retention.tsx';
import { couponSourcesQuery, leadRetentionQuery, spamFilterQuery, storeRevenueSettingsQuery } from './queries.ts';
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

/**
 * What the page's sections read. The page shows them once each has answered or failed: a section arriving late would
 * push the ones below it down, under the pointer of an owner about to click there.
 */
const sectionQueries = (clientId: string) => [
  siteQuery(clientId),
  leadRetentionQuery(clientId),
  spamFilterQuery(clientId),
  storeRevenueSettingsQuery(clientId),
  couponSourcesQuery(clientId),
  popupsQuery(clientId),
  tokensQuery(clientId),
];

/** A site's name, allowed origins, language and time zone, and whether its snippet is installed. */
export function SiteSettingsPage({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const site = useQuery(watchedSiteQuery(clientId));
  const answered = useQueries({ queries: sectionQueries(clientId), combine: allAnswered });
  // The site as saved until the owner edits it; from the first edit, the owner's own.
  const [edited, setEdited] = useState<Draft | null>(null);
  const draft = edited ?? (site.data ? draftOf(site.data.site) : null);
  const zones = useMemo(timeZones, []);
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
      setEdited(draftOf(saved));
      return client.invalidateQueries({ queryKey: watchedSiteQuery(clientId).queryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };
  const change = (field: keyof Draft) => (event: { target: { value: string } }) => {
    save.reset();
    const { value } = event.target;
    setEdited((current) => {
      const base = current ?? draft;
      return base && { ...base, [field]: value };
    });
  };
  // An origin allowed in the installation status above joins the owner's edits: saving them keeps it.
  const allowedAbove = (origin: string) =>
    setEdited(
      (current) => current && { ...current, origins: [current.origins.trim(), origin].filter(Boolean).join('\n') },
    );
  const heading = <PageHeading>{`${t('siteSettings')} · ${site.data?.site.name || clientId}`}</PageHeading>;
  if (!answered)
    return (
      <section>
        {heading}
        <p role="status">{t('loading')}</p>
      </section>
    );
  return (
    <section>
      {heading}
      <ErrorText error={site.error} />
      <InstallationStatus clientId={clientId} snippet={false} onAllowed={allowedAbove} />
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
