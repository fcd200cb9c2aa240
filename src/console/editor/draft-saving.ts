import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, type Config, type Popup } from '../api/client.ts';
import { popupsQuery, revisionsQuery } from '../api/queries.ts';

/**
 * Saving, publishing and previewing a draft on the owner's site. A save sends the revision it started from (a 409 is
 * someone else's save meanwhile); publishing and the site preview save unsaved changes first.
 */
export function useDraftSaving(clientId: string, popup: Popup, config: Config, pageUrl: string) {
  const client = useQueryClient();
  const [saved, setSaved] = useState<Config>(popup.draft);
  const dirty = config !== saved;
  const [revision, setRevision] = useState(popup.revision);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: popupsQuery(clientId).queryKey }),
      client.invalidateQueries({ queryKey: revisionsQuery(clientId, popup.id).queryKey }),
    ]);
  const save = useMutation({
    mutationFn: async () => ({
      sent: config,
      popup: (await api.saveDraft(clientId, popup.id, config, revision)).popup,
    }),
    onSuccess: ({ sent, popup: stored }) => {
      setRevision(stored.revision);
      setSaved(sent);
      return refresh();
    },
  });
  const publish = useMutation({
    mutationFn: async () => {
      if (dirty) await save.mutateAsync();
      return (await api.publish(clientId, popup.id)).popup;
    },
    onSuccess: refresh,
  });
  const previewOnSite = useMutation({
    mutationFn: async () => {
      if (dirty) await save.mutateAsync();
      return api.previewLink(clientId, popup.id, pageUrl.trim());
    },
    onSuccess: ({ url }) => window.open(url, '_blank', 'noopener'),
  });
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  return { dirty, save, publish, previewOnSite, conflict };
}
