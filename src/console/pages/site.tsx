import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  DEFAULT_SITE_TOKEN_SCOPES,
  SITE_TOKEN_SCOPES,
  type SiteTokenCreator,
  type SiteTokenScope,
} from '../../core/api/site-token-contract.ts';
import { api, type PopupSummary } from '../api/client.ts';
import { Snippet } from '../components/copy-button.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { SiteNav } from '../components/site-nav.tsx';
import { useLanguage } from '../i18n/language.tsx';
import type { StringKey } from '../i18n/strings.ts';
import { embedTagOf, isEmbeddedKind } from '../model/snippet.ts';
import { InstallationStatus } from '../sites/installation.tsx';
import { FailingDestinationsBanner } from './destinations.tsx';
import { PageHeading } from './heading.tsx';

/** A scope in the owner's words. */
const SCOPE_WORDS: Record<SiteTokenScope, StringKey> = {
  'leads:read': 'scopeLeadsRead',
  'leads:write': 'scopeLeadsWrite',
  'popups:write': 'scopePopupsWrite',
  'destinations:write': 'scopeDestinationsWrite',
  'people:erase': 'scopePeopleErase',
};

function creatorWords(creator: SiteTokenCreator, t: (key: StringKey) => string): string {
  if (creator === null) return t('creatorUnknown');
  if ('email' in creator) return creator.email;
  return creator.key === 'OWNER_TOKEN' ? 'OWNER_TOKEN' : t('creatorClientToken');
}

function Tokens({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const tokens = useQuery({ queryKey: ['tokens', clientId], queryFn: () => api.tokens(clientId) });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<SiteTokenScope[]>([...DEFAULT_SITE_TOKEN_SCOPES]);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['tokens', clientId] });
  const create = useMutation({
    mutationFn: () => api.createToken(clientId, name.trim(), scopes),
    onSuccess: (answer) => {
      setSecret(answer.secret);
      setName('');
      setScopes([...DEFAULT_SITE_TOKEN_SCOPES]);
      return refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: string) => api.revokeToken(clientId, id), onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">{t('tokens')}</h2>
      <ErrorText error={tokens.error ?? revoke.error} />
      <ul>
        {tokens.data?.tokens.map((token) => (
          <li key={token.id}>
            <strong>{token.name}</strong> · {token.scopes.map((scope) => t(SCOPE_WORDS[scope])).join(', ')} ·{' '}
            {t('createdBy')}: {creatorWords(token.createdBy, t)} · {t('lastUsed')}:{' '}
            {token.lastUsedAt ? new Date(token.lastUsedAt).toLocaleString() : t('never')}{' '}
            <button type="button" onClick={() => setRevoking(token.id)} aria-label={`${t('revoke')}: ${token.name}`}>
              {t('revoke')}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit}>
        <label>
          {t('tokenName')}
          <input required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <fieldset>
          <legend>{t('tokenScopes')}</legend>
          {SITE_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="inline-check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes(
                    SITE_TOKEN_SCOPES.filter((each) => (each === scope ? e.target.checked : scopes.includes(each))),
                  )
                }
              />
              {t(SCOPE_WORDS[scope])} <code>{scope}</code>
            </label>
          ))}
          <p>{t('tokenScopesNote')}</p>
        </fieldset>
        <button type="submit" disabled={create.isPending || scopes.length === 0}>
          {t('createToken')}
        </button>
      </form>
      <ErrorText error={create.error} />
      {secret && (
        <div role="status" className="notice">
          <p>{t('tokenOnce')}</p>
          <Snippet code={secret} label={t('tokens')} />
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        message={t('revokeConfirm')}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </section>
  );
}

function Gallery({ clientId, open, onClose }: { clientId: string; open: boolean; onClose(): void }) {
  const { t, language } = useLanguage();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const templates = useQuery({ queryKey: ['templates'], queryFn: api.templates, enabled: open });
  const create = useMutation({
    mutationFn: (templateId: string) => api.createPopup(clientId, { templateId }),
    onSuccess: async ({ popup }) => {
      await client.invalidateQueries({ queryKey: ['popups', clientId] });
      onClose();
      navigate(`/sites/${encodeURIComponent(clientId)}/popups/${encodeURIComponent(popup.id)}`);
    },
  });
  return (
    <Dialog open={open} title={t('gallery')} onClose={onClose}>
      {templates.isPending && <p role="status">{t('loading')}</p>}
      <ErrorText error={templates.error ?? create.error} />
      <ul className="gallery">
        {templates.data?.templates.map((template) => (
          <li key={template.id}>
            {template.thumbnail && <img src={template.thumbnail} alt="" width={160} height={100} />}
            <span>{template.name[language] || template.name.en}</span>
            <small>{template.game ?? template.kind}</small>
            <button
              type="button"
              onClick={() => create.mutate(template.id)}
              disabled={create.isPending}
              aria-label={`${t('useTemplate')}: ${template.name[language] || template.name.en}`}
            >
              {t('useTemplate')}
            </button>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  );
}

function Revisions({ clientId, popupId, onClose }: { clientId: string; popupId: string; onClose(): void }) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const revisions = useQuery({
    queryKey: ['revisions', clientId, popupId],
    queryFn: () => api.revisions(clientId, popupId),
  });
  const restore = useMutation({
    mutationFn: (revision: number) => api.restore(clientId, popupId, revision),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['popups', clientId] }),
        client.invalidateQueries({ queryKey: ['popup', clientId, popupId] }),
        client.invalidateQueries({ queryKey: ['revisions', clientId, popupId] }),
      ]),
  });
  return (
    <Dialog open title={t('history')} onClose={onClose}>
      <ErrorText error={revisions.error ?? restore.error} />
      {restore.isSuccess && <p role="status">{t('restored')}</p>}
      <ol className="revisions">
        {revisions.data?.revisions.map((revision) => (
          <li key={revision.revision}>
            #{revision.revision} · {new Date(revision.savedAt).toLocaleString()} · {revision.savedBy}
            {revision.published ? ` · ${t('published')}` : ''}{' '}
            <button
              type="button"
              onClick={() => restore.mutate(revision.revision)}
              aria-label={`${t('restore')} #${revision.revision}`}
            >
              {t('restore')}
            </button>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" onClick={onClose}>
          {t('back')}
        </button>
      </div>
    </Dialog>
  );
}

export function PopupRow({ clientId, popup, onHistory }: { clientId: string; popup: PopupSummary; onHistory(): void }) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['popups', clientId] });
  const action = useMutation({
    mutationFn: async (what: 'pause' | 'resume' | 'duplicate' | 'delete') => {
      if (what === 'delete') await api.deletePopup(clientId, popup.id);
      else await api[what](clientId, popup.id);
    },
    onSuccess: refresh,
  });
  const status = { live: t('live'), paused: t('paused'), draft: t('draft') }[popup.status];
  return (
    <tr>
      <th scope="row">
        <Link href={`/sites/${encodeURIComponent(clientId)}/popups/${encodeURIComponent(popup.id)}`}>
          {popup.name || popup.id}
        </Link>
      </th>
      <td>{popup.type}</td>
      <td>
        <span className={`badge ${popup.status}`}>{status}</span>
        {popup.hasUnpublishedChanges && <span className="badge changes">{t('unpublished')}</span>}
      </td>
      <td className="row-actions">
        {popup.status === 'live' && (
          <button type="button" onClick={() => action.mutate('pause')} aria-label={`${t('pause')}: ${popup.name}`}>
            {t('pause')}
          </button>
        )}
        {popup.status === 'paused' && (
          <button type="button" onClick={() => action.mutate('resume')} aria-label={`${t('resume')}: ${popup.name}`}>
            {t('resume')}
          </button>
        )}
        <button
          type="button"
          onClick={() => action.mutate('duplicate')}
          aria-label={`${t('duplicate')}: ${popup.name}`}
        >
          {t('duplicate')}
        </button>
        <button type="button" onClick={onHistory} aria-label={`${t('history')}: ${popup.name}`}>
          {t('history')}
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => setConfirming(true)}
          aria-label={`${t('delete')}: ${popup.name}`}
        >
          {t('delete')}
        </button>
        <ErrorText error={action.error} />
        <ConfirmDialog
          open={confirming}
          message={t('deleteConfirm')}
          onClose={() => setConfirming(false)}
          onConfirm={() => action.mutate('delete')}
        />
      </td>
    </tr>
  );
}

export function SitePage({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const site = useQuery({ queryKey: ['site', clientId], queryFn: () => api.site(clientId) });
  const popups = useQuery({ queryKey: ['popups', clientId], queryFn: () => api.popups(clientId) });
  const [gallery, setGallery] = useState(false);
  const [history, setHistory] = useState<string | null>(null);
  const embedded = popups.data?.popups.filter((popup) => isEmbeddedKind(popup.type)) ?? [];
  return (
    <section>
      <PageHeading>{site.data?.site.name || clientId}</PageHeading>
      <SiteNav clientId={clientId} />
      <ErrorText error={site.error} />
      {/* Lead delivery */}
      <FailingDestinationsBanner clientId={clientId} />
      <InstallationStatus clientId={clientId} snippet={false} />
      <section aria-labelledby="popups-heading">
        <h2 id="popups-heading">{t('popups')}</h2>
        <button type="button" className="primary" onClick={() => setGallery(true)}>
          {t('newPopup')}
        </button>
        <ErrorText error={popups.error} />
        {popups.data && popups.data.popups.length === 0 && <p>{t('noPopups')}</p>}
        {popups.data && popups.data.popups.length > 0 && (
          <table>
            <caption className="visually-hidden">{t('popups')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('siteName')}</th>
                <th scope="col">Kind</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {popups.data.popups.map((popup) => (
                <PopupRow key={popup.id} clientId={clientId} popup={popup} onHistory={() => setHistory(popup.id)} />
              ))}
            </tbody>
          </table>
        )}
      </section>
      {site.data && (
        <section aria-labelledby="embed-heading">
          <h2 id="embed-heading">{t('embed')}</h2>
          <p>{t('embedScript')}</p>
          <Snippet code={site.data.embed.script} label={t('embed')} />
          {embedded.length > 0 && <p>{t('embedTags')}</p>}
          {embedded.map((popup) => (
            <Snippet key={popup.id} code={embedTagOf(popup.id)} label={popup.name || popup.id} />
          ))}
        </section>
      )}
      <Tokens clientId={clientId} />
      <Gallery clientId={clientId} open={gallery} onClose={() => setGallery(false)} />
      {history && <Revisions clientId={clientId} popupId={history} onClose={() => setHistory(null)} />}
    </section>
  );
}
