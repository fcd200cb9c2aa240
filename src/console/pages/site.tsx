import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  DEFAULT_SITE_TOKEN_SCOPES,
  SITE_TOKEN_SCOPES,
  type SiteTokenCreator,
  type SiteTokenScope,
} from '../../core/api/site-token-contract.ts';
import { api, type PopupSummary } from '../api/client.ts';
import { type Counts, insightsApi } from '../api/insights.ts';
import { Snippet } from '../components/copy-button.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { PopupPicture } from '../components/popup-picture.tsx';
import { ScheduleBadge } from '../editor/schedule-status.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { counted } from '../i18n/plural.ts';
import type { StringKey } from '../i18n/strings.ts';
import { fill, formatNumber, formatPercent, lastDays } from '../model/insights.ts';
import { embedTagOf, isEmbeddedKind } from '../model/snippet.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { Icon } from '../shell/icons.tsx';
import { kindWords } from '../shell/kinds.ts';
import { Menu, type MenuItem } from '../shell/menu.tsx';
import { InstallationStatus } from '../sites/installation.tsx';
import { FailingDestinationsBanner } from './destinations.tsx';
import { PageHeading } from './heading.tsx';
import { useSiteTimeZone } from './insights/site-time-zone.ts';

// The gallery and the preview draw pop-ups in our <poptin-popup>: a chunk of their own, loaded when opened.
const TemplateGallery = lazy(() => import('./gallery.tsx').then((module) => ({ default: module.TemplateGallery })));
const PopupPreviewDialog = lazy(() =>
  import('./gallery.tsx').then((module) => ({ default: module.PopupPreviewDialog })),
);

/** A scope in the owner's words. */
const SCOPE_WORDS: Record<SiteTokenScope, StringKey> = {
  'leads:read': 'scopeLeadsRead',
  'leads:write': 'scopeLeadsWrite',
  'popups:write': 'scopePopupsWrite',
  'destinations:write': 'scopeDestinationsWrite',
  'people:erase': 'scopePeopleErase',
  'hooks:write': 'scopeHooksWrite',
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

/** The last 7 days' views and conversion rate of each pop-up: one stats request for the whole list. */
function useWeekFigures(clientId: string) {
  const timeZone = useSiteTimeZone(clientId);
  const week = useQuery({
    queryKey: ['stats', clientId, 'week', timeZone],
    queryFn: () => insightsApi.stats(clientId, lastDays(7, Date.now(), timeZone)),
    enabled: timeZone !== undefined,
  });
  return new Map(week.data?.by_popup.map((row) => [row.poptin_id, row]));
}

function PopupCard({
  clientId,
  popup,
  figures,
  onHistory,
  onPreview,
  onVariant,
}: {
  clientId: string;
  popup: PopupSummary;
  figures: Counts | undefined;
  onHistory(): void;
  onPreview(): void;
  onVariant(): void;
}) {
  const { t, language } = useLanguage();
  const [, navigate] = useLocation();
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
  const name = popup.name || popup.id;
  const editor = `/sites/${encodeURIComponent(clientId)}/popups/${encodeURIComponent(popup.id)}`;
  const status = { live: t('live'), paused: t('paused'), draft: t('draft') }[popup.status];
  const items: (MenuItem | 'separator')[] = [
    { label: t('edit'), onSelect: () => navigate(editor) },
    { label: t('preview'), onSelect: onPreview },
    { label: t('duplicate'), onSelect: () => action.mutate('duplicate') },
    ...(popup.status === 'live' ? [{ label: t('pause'), onSelect: () => action.mutate('pause') }] : []),
    ...(popup.status === 'paused' ? [{ label: t('resume'), onSelect: () => action.mutate('resume') }] : []),
    { label: t('testVariant'), onSelect: onVariant },
    { label: t('history'), onSelect: onHistory },
    'separator',
    { label: t('delete'), onSelect: () => setConfirming(true), danger: true },
  ];
  return (
    <li className="popup-card">
      <PopupPicture clientId={clientId} popup={popup} />
      <div className="popup-main">
        {/* An English name in a Hebrew list reads from its own start (and is cut at its own end). */}
        <Link href={editor} className="popup-name" dir="auto">
          {name}
        </Link>
        <div className="popup-meta">
          <span className={`badge badge-${popup.status}`}>{status}</span>
          {popup.hasUnpublishedChanges && popup.status !== 'draft' && (
            <span className="badge badge-scheduled">{t('unpublished')}</span>
          )}
          <span>{t(kindWords(popup.type))}</span>
          {popup.status !== 'draft' && <ScheduleBadge clientId={clientId} schedule={popup.schedule} />}
        </div>
        <ErrorText error={action.error} />
      </div>
      <dl className="figures" aria-label={t('weekFigures')}>
        <div>
          <dt>{t('lastWeekViews')}</dt>
          <dd>{formatNumber(figures?.views ?? 0, language)}</dd>
        </div>
        <div>
          <dt>{t('lastWeekRate')}</dt>
          <dd>{figures && figures.views > 0 ? formatPercent(figures.conversion_rate, language, 1) : '—'}</dd>
        </div>
      </dl>
      <Menu label={fill(t('actionsFor'), { name })} items={items}>
        <Icon name="more" size={20} />
      </Menu>
      <ConfirmDialog
        open={confirming}
        message={t('deleteConfirm')}
        confirmLabel={t('delete')}
        onClose={() => setConfirming(false)}
        onConfirm={() => action.mutate('delete')}
      />
    </li>
  );
}

/**
 * An A/B variant of a pop-up: a copy of its draft that names it as its parent (a variant of a variant joins the same
 * test), left as a draft for the owner to change and publish.
 */
async function createVariant(clientId: string, popup: PopupSummary, name: string) {
  const { popup: source } = await api.popup(clientId, popup.id);
  const { poptin_id: _id, ...draft } = source.draft;
  const parent =
    typeof draft.ab_test_parent_id === 'string' && draft.ab_test_parent_id ? draft.ab_test_parent_id : popup.id;
  return api.createPopup(clientId, {
    config: { ...draft, poptin_name: name, ab_test: 'yes', ab_test_parent_id: parent },
  });
}

export function SitePage({ clientId }: { clientId: string }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const site = useQuery({ queryKey: ['site', clientId], queryFn: () => api.site(clientId) });
  const popups = useQuery({ queryKey: ['popups', clientId], queryFn: () => api.popups(clientId) });
  const figures = useWeekFigures(clientId);
  const [gallery, setGallery] = useState(false);
  const [history, setHistory] = useState<string | null>(null);
  const [preview, setPreview] = useState<PopupSummary | null>(null);
  const variant = useMutation({
    mutationFn: (popup: PopupSummary) =>
      createVariant(clientId, popup, fill(t('variantName'), { name: popup.name || popup.id })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['popups', clientId] }),
  });
  const newPopup = (
    <button type="button" className="btn-primary" onClick={() => setGallery(true)}>
      <Icon name="plus" />
      {t('newPopup')}
    </button>
  );
  const list = popups.data?.popups;
  return (
    <section>
      <div className="page-header">
        <div>
          <PageHeading>{site.data?.site.name || clientId}</PageHeading>
          {list && list.length > 0 && <p>{counted(language, 'popups', list.length)}</p>}
        </div>
        {list && list.length > 0 && newPopup}
      </div>
      <ErrorText error={site.error} />
      {/* Lead delivery */}
      <FailingDestinationsBanner clientId={clientId} />
      <InstallationStatus clientId={clientId} snippet={false} />
      <section aria-labelledby="popups-heading">
        <h2 id="popups-heading" className="visually-hidden">
          {t('popups')}
        </h2>
        <ErrorText error={popups.error ?? variant.error} />
        {popups.isPending && <p role="status">{t('loading')}</p>}
        <div role="status">
          {variant.isSuccess && (
            <p className="notice">
              {fill(t('variantCreated'), { name: variant.data.popup.draft.poptin_name as string })}{' '}
              <Link href={`/sites/${encodeURIComponent(clientId)}/popups/${encodeURIComponent(variant.data.popup.id)}`}>
                {t('edit')}
              </Link>
            </p>
          )}
        </div>
        {list && list.length === 0 && (
          <EmptyState icon="popups" title={t('emptyPopupsTitle')} action={newPopup}>
            {t('emptyPopups')}
          </EmptyState>
        )}
        {list && list.length > 0 && (
          <ul className="popup-list">
            {list.map((popup) => (
              <PopupCard
                key={popup.id}
                clientId={clientId}
                popup={popup}
                figures={figures.get(popup.id)}
                onHistory={() => setHistory(popup.id)}
                onPreview={() => setPreview(popup)}
                onVariant={() => variant.mutate(popup)}
              />
            ))}
          </ul>
        )}
      </section>
      {gallery && (
        <Suspense fallback={null}>
          <TemplateGallery clientId={clientId} onClose={() => setGallery(false)} />
        </Suspense>
      )}
      {preview && (
        <Suspense fallback={null}>
          <PopupPreviewDialog clientId={clientId} popup={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
      {history && <Revisions clientId={clientId} popupId={history} onClose={() => setHistory(null)} />}
    </section>
  );
}

/** A site's code for its pages, its embedded pop-ups' tags and its API tokens. */
/** The site's embed code (its script tag and each embedded pop-up's tag) and its API tokens, on its Settings page. */
export function SiteEmbedAndTokens({ clientId }: { clientId: string }) {
  const { t } = useLanguage();
  const site = useQuery({ queryKey: ['site', clientId], queryFn: () => api.site(clientId) });
  const popups = useQuery({ queryKey: ['popups', clientId], queryFn: () => api.popups(clientId) });
  const embedded = popups.data?.popups.filter((popup) => isEmbeddedKind(popup.type)) ?? [];
  return (
    <>
      {site.data && (
        <section aria-labelledby="embed-heading" className="card">
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
    </>
  );
}
