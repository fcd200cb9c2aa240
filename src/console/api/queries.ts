// The owner API's reads that several pages share, as query factories: each key stays with its fetch, so a page that
// invalidates after a change names the very key the others read.
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

export const meQuery = () => queryOptions({ queryKey: ['me'], queryFn: api.me });
export const ownersQuery = () => queryOptions({ queryKey: ['owners'], queryFn: api.owners });
export const siteQuery = (clientId: string) =>
  queryOptions({ queryKey: ['site', clientId], queryFn: () => api.site(clientId) });
export const tokensQuery = (clientId: string) =>
  queryOptions({ queryKey: ['tokens', clientId], queryFn: () => api.tokens(clientId) });
export const popupsQuery = (clientId: string) =>
  queryOptions({ queryKey: ['popups', clientId], queryFn: () => api.popups(clientId) });
export const popupQuery = (clientId: string, popupId: string) =>
  queryOptions({ queryKey: ['popup', clientId, popupId], queryFn: () => api.popup(clientId, popupId) });
export const revisionsQuery = (clientId: string, popupId: string) =>
  queryOptions({ queryKey: ['revisions', clientId, popupId], queryFn: () => api.revisions(clientId, popupId) });

/**
 * `useQueries`' combine for a page whose sections read several queries: whether each has answered or failed. The page
 * shows its sections together, so that none arriving late pushes the others down under the owner's pointer.
 */
export const allAnswered = (results: readonly { isPending: boolean }[]): boolean =>
  results.every((result) => !result.isPending);
