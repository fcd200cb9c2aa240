import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OriginSeen } from '../../core/api/site-contract.ts';
import { api } from '../api/client.ts';
import { siteQuery } from '../api/queries.ts';
import { Snippet } from '../components/copy-button.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { timeAgo } from './time-ago.ts';

/** The site, looked at again every half minute: its installation changes while the owner pastes the snippet. */
export const watchedSiteQuery = (clientId: string) => ({ ...siteQuery(clientId), refetchInterval: 30_000 });

/** The allowed origin seen last, or null when none of the site's pages has called yet. */
export const installedOn = (origins: readonly OriginSeen[]): OriginSeen | null =>
  origins.find((seen) => seen.allowed) ?? null;

/**
 * Whether the snippet is installed, from the display calls the server has seen: where and when, or the snippet to
 * paste; and each origin that calls without being allowed, with a button that allows it.
 */
export function InstallationStatus({
  clientId,
  snippet = true,
  onAllowed,
}: {
  clientId: string;
  snippet?: boolean;
  /** Told of each origin allowed here, as a form holding the site's origins must be. */
  onAllowed?: (origin: string) => void;
}) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const site = useQuery(watchedSiteQuery(clientId));
  const allow = useMutation({
    mutationFn: (origin: string) =>
      api.updateSite(clientId, { allowedOrigins: [...(site.data?.site.allowedOrigins ?? []), origin] }),
    onSuccess: ({ site: saved }, origin) => {
      // The next origin allowed adds to this one, even before the site is read again.
      client.setQueryData(siteQuery(clientId).queryKey, (current) => current && { ...current, site: saved });
      onAllowed?.(origin);
      return client.invalidateQueries({ queryKey: siteQuery(clientId).queryKey });
    },
  });
  if (!site.data) return null;
  const { origins } = site.data.installation;
  const seen = installedOn(origins);
  const refused = origins.filter((entry) => !entry.allowed);
  const fill = (text: string, entry: OriginSeen) =>
    text.replace('{origin}', entry.origin).replace('{ago}', timeAgo(entry.lastSeenAt, t));
  return (
    <section aria-labelledby="installation-heading" className="installation">
      <h2 id="installation-heading">{t('installation')}</h2>
      {seen ? (
        <p className="installed" role="status">
          {fill(t('installedSeen'), seen)}
        </p>
      ) : (
        <>
          <p className="not-installed">
            {/* The tag is code: left to right in a Hebrew sentence too, its slash where HTML has it. */}
            {t('notInstalled')
              .split('{tag}')
              .flatMap((words, index) =>
                index === 0
                  ? [words]
                  : [
                      <code key="tag" dir="ltr">
                        {'</body>'}
                      </code>,
                      words,
                    ],
              )}
          </p>
          {snippet && <Snippet code={site.data.embed.script} label={t('embedScript')} />}
        </>
      )}
      {refused.map((entry) => (
        <div key={entry.origin} className="notice refused-origin">
          <p>{fill(t('refusedOrigin'), entry)}</p>
          <button type="button" className="btn-primary" onClick={() => allow.mutate(entry.origin)}>
            {t('allowOrigin').replace('{origin}', entry.origin)}
          </button>
        </div>
      ))}
      {allow.isSuccess && allow.variables && (
        <p role="status">{t('originAllowed').replace('{origin}', allow.variables)}</p>
      )}
      <ErrorText error={allow.error} />
    </section>
  );
}
