// What a site's pages read from the owner API beyond the shared reads of api/queries.ts, as query factories: a key and
// its fetch stay together, so a save writes or invalidates the very key the card read.
import { queryOptions } from '@tanstack/react-query';
import { api, couponApi } from '../api/client.ts';
import { storeRevenueApi } from '../api/store-revenue.ts';

export const couponSourcesQuery = (clientId: string) =>
  queryOptions({ queryKey: ['coupons', clientId], queryFn: () => couponApi.sources(clientId) });

export const spamFilterQuery = (clientId: string) =>
  queryOptions({ queryKey: ['spam-filter', clientId], queryFn: () => couponApi.spamFilter(clientId) });

export const leadRetentionQuery = (clientId: string) =>
  queryOptions({ queryKey: ['lead-retention', clientId], queryFn: () => couponApi.retention(clientId) });

export const storeRevenueSettingsQuery = (clientId: string) =>
  queryOptions({ queryKey: ['store-revenue', clientId], queryFn: () => storeRevenueApi.settings(clientId) });

/** A pop-up's draft for its picture on the list, keyed by its last change: an unchanged pop-up is not asked again. */
export const popupPictureQuery = (clientId: string, popupId: string, updatedAt: string) =>
  queryOptions({
    queryKey: ['popup-picture', clientId, popupId, updatedAt],
    queryFn: () => api.popup(clientId, popupId),
    staleTime: Number.POSITIVE_INFINITY,
  });
