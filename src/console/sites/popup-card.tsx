// A pop-up on its site's page: its picture, kind, status, schedule and week's figures, and what the owner does with
// it (edit, preview, publish or pause, make an A/B variant, its saved history).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api, type PopupSummary } from '../api/client.ts';
import type { Counts } from '../api/insights.ts';
import { popupQuery, popupsQuery, revisionsQuery } from '../api/queries.ts';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { ScheduleBadge } from '../editor/schedule-status.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { fill, formatNumber, formatRate } from '../insights/model.ts';
import { weekStatsQuery } from '../insights/queries.ts';
import { Icon } from '../shell/icons.tsx';
import { kindWords } from '../shell/kinds.ts';
import { Menu, type MenuItem } from '../shell/menu.tsx';
import { PopupPicture } from './popup-picture.tsx';
import { useSiteTimeZone } from './site-time-zone.ts';

export function Revisions({ clientId, popupId, onClose }: { clientId: string; popupId: string; onClose(): void }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const revisions = useQuery(revisionsQuery(clientId, popupId));
  const restore = useMutation({
    mutationFn: (revision: number) => api.restore(clientId, popupId, revision),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: popupsQuery(clientId).queryKey }),
        client.invalidateQueries({ queryKey: popupQuery(clientId, popupId).queryKey }),
        client.invalidateQueries({ queryKey: revisionsQuery(clientId, popupId).queryKey }),
      ]),
  });
  return (
    <Dialog open title={t('history')} onClose={onClose}>
      <ErrorText error={revisions.error ?? restore.error} />
      {restore.isSuccess && <p role="status">{t('restored')}</p>}
      <ol className="revisions">
        {revisions.data?.revisions.map((revision) => (
          <li key={revision.revision}>
            #{revision.revision} · {new Date(revision.savedAt).toLocaleString(language)} · {revision.savedBy}
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
export function useWeekFigures(clientId: string) {
  const timeZone = useSiteTimeZone(clientId);
  const week = useQuery({ ...weekStatsQuery(clientId, timeZone ?? 'UTC'), enabled: timeZone !== undefined });
  return new Map(week.data?.by_popup.map((row) => [row.poptin_id, row]));
}

export function PopupCard({
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
  const refresh = () => client.invalidateQueries({ queryKey: popupsQuery(clientId).queryKey });
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
          <dd>{figures ? formatRate(figures, language, 1) : '—'}</dd>
        </div>
      </dl>
      <Menu label={fill(t('actionsFor'), { name })} items={items}>
        <Icon name="more" size={20} />
      </Menu>
      <ConfirmDialog
        open={confirming}
        message={fill(t('deleteConfirm'), { name })}
        confirmLabel={t('delete')}
        onClose={() => setConfirming(false)}
        onConfirm={() => action.mutate('delete')}
      />
    </li>
  );
}
