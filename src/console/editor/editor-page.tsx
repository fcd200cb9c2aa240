import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { popupQuery } from '../api/queries.ts';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { PageHeading } from '../shell/heading.tsx';
import { Workspace } from './workspace.tsx';

export function EditorPage({ clientId, popupId }: { clientId: string; popupId: string }) {
  const { t } = useLanguage();
  const query = useQuery(popupQuery(clientId, popupId));
  // A copy read on an earlier visit may be older than what this editor saved or published since: the editor waits
  // for the pop-up as it is now, rather than starting from that copy and over again, under the owner's typing, once
  // the newer one arrives.
  const [openedAt] = useState(Date.now);
  const current = query.data && query.dataUpdatedAt >= openedAt;
  if (query.isPending || (!current && query.isFetching)) return <p role="status">{t('loading')}</p>;
  if (query.error)
    return (
      <section>
        <PageHeading>{t('error')}</PageHeading>
        <ErrorText error={query.error} />
      </section>
    );
  // A restored revision is a new draft: the editor starts again from it.
  return (
    <Workspace
      key={`${query.data.popup.id}-${query.data.popup.revision}`}
      clientId={clientId}
      popup={query.data.popup}
    />
  );
}
