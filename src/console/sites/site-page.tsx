import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { api, type PopupSummary } from '../api/client.ts';
import { allAnswered, popupsQuery, siteQuery } from '../api/queries.ts';
import { ErrorText } from '../components/error-text.tsx';
import { FailingDestinationsBanner } from '../delivery/delivery-log.tsx';
import { destinationsQuery } from '../delivery/queries.ts';
import { useLanguage } from '../i18n/language.tsx';
import { counted } from '../i18n/plural.ts';
import { fill } from '../insights/model.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { PageHeading } from '../shell/heading.tsx';
import { Icon } from '../shell/icons.tsx';
import { InstallationStatus } from './installation.tsx';
import { PopupCard, Revisions, useWeekFigures } from './popup-card.tsx';
import {
  countsByStatus,
  filterFrom,
  filterPopups,
  isFiltered,
  MAX_SEARCH_LENGTH,
  type PopupFilter,
  paramsOf,
  STATUS_CHOICES,
  type StatusChoice,
} from './popup-filter.ts';

// The gallery and the preview draw pop-ups in our <poptin-popup>: a chunk of their own, loaded when opened.
const TemplateGallery = lazy(() =>
  import('../editor/gallery.tsx').then((module) => ({ default: module.TemplateGallery })),
);
const PopupPreviewDialog = lazy(() =>
  import('../editor/gallery.tsx').then((module) => ({ default: module.PopupPreviewDialog })),
);

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

/** A search box and a status choice over a site's pop-ups; the address keeps them (popup-filter.ts). */
function PopupFilterBar({
  popups,
  filter,
  onChange,
}: {
  popups: readonly PopupSummary[];
  filter: PopupFilter;
  onChange(filter: PopupFilter): void;
}) {
  const { t } = useLanguage();
  const counts = countsByStatus(popups);
  const words: Record<StatusChoice, string> = {
    all: t('statusAll'),
    live: t('live'),
    paused: t('paused'),
    draft: t('draft'),
  };
  return (
    <search aria-label={t('findPopups')} className="popup-filter">
      <label className="field popup-search">
        {t('searchPopups')}
        <input
          type="search"
          value={filter.text}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </label>
      <label className="field">
        {t('status')}
        <select
          value={filter.status}
          onChange={(event) => onChange({ ...filter, status: event.target.value as StatusChoice })}
        >
          {STATUS_CHOICES.map((status) => (
            <option key={status} value={status}>
              {`${words[status]} (${counts[status]})`}
            </option>
          ))}
        </select>
      </label>
    </search>
  );
}

export function SitePage({ clientId }: { clientId: string }) {
  const { t, language } = useLanguage();
  const client = useQueryClient();
  const site = useQuery(siteQuery(clientId));
  const popups = useQuery(popupsQuery(clientId));
  // The warning and the installation status stand above the pop-ups: all show together, so that neither arrives
  // late and pushes the pop-ups down under the owner's pointer.
  const answered = useQueries({
    queries: [siteQuery(clientId), popupsQuery(clientId), destinationsQuery(clientId)],
    combine: allAnswered,
  });
  const figures = useWeekFigures(clientId);
  const [gallery, setGallery] = useState(false);
  const [history, setHistory] = useState<string | null>(null);
  const [preview, setPreview] = useState<PopupSummary | null>(null);
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  // Each keystroke replaces the address rather than adding a step to the browser's history.
  const setFilter = (next: PopupFilter) => setParams(paramsOf(next), { replace: true });
  const variant = useMutation({
    mutationFn: (popup: PopupSummary) =>
      createVariant(clientId, popup, fill(t('variantName'), { name: popup.name || popup.id })),
    onSuccess: () => client.invalidateQueries({ queryKey: popupsQuery(clientId).queryKey }),
  });
  const newPopup = (
    <button type="button" className="btn-primary" onClick={() => setGallery(true)}>
      <Icon name="plus" />
      {t('newPopup')}
    </button>
  );
  const list = popups.data?.popups;
  const shown = list ? filterPopups(list, filter) : [];
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
      {!answered && <p role="status">{t('loading')}</p>}
      {/* Lead delivery */}
      {answered && <FailingDestinationsBanner clientId={clientId} />}
      {answered && <InstallationStatus clientId={clientId} snippet={false} />}
      <section aria-labelledby="popups-heading" hidden={!answered}>
        <h2 id="popups-heading" className="visually-hidden">
          {t('popups')}
        </h2>
        <ErrorText error={popups.error ?? variant.error} />
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
          <>
            <PopupFilterBar popups={list} filter={filter} onChange={setFilter} />
            <p role="status" className="hint popups-shown">
              {isFiltered(filter) && fill(t('popupsShown'), { shown: shown.length, total: list.length })}
            </p>
            {shown.length === 0 && (
              <div className="empty-state">
                <p>{t('noPopupMatches')}</p>
                <button type="button" onClick={() => setFilter({ text: '', status: 'all' })}>
                  {t('showAllPopups')}
                </button>
              </div>
            )}
          </>
        )}
        {shown.length > 0 && (
          <ul className="popup-list">
            {shown.map((popup) => (
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
