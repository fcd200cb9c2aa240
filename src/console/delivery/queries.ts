// What the destinations pages read from the owner API, as query factories: a key and its fetch stay together, so an
// invalidation names the same key the read used.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { deliveryApi } from '../api/delivery.ts';

export const sitePath = (clientId: string) => `/sites/${encodeURIComponent(clientId)}`;

export const destinationKindsQuery = (clientId: string) =>
  queryOptions({ queryKey: ['destination-kinds', clientId], queryFn: () => deliveryApi.kinds(clientId) });

export const destinationsQuery = (clientId: string) =>
  queryOptions({ queryKey: ['destinations', clientId], queryFn: () => deliveryApi.destinations(clientId) });

/** Every page of one destination's log, whichever filter: what a retry invalidates. */
export const deliveryLogsKey = (clientId: string, destinationId: number) => ['deliveries', clientId, destinationId];

export const deliveryLogQuery = (clientId: string, destinationId: number, onlyFailed: boolean) =>
  queryOptions({
    queryKey: [...deliveryLogsKey(clientId, destinationId), onlyFailed],
    queryFn: () => deliveryApi.deliveries(clientId, destinationId, onlyFailed ? 'failed' : undefined),
    // The log stays on screen, marked busy, while the other filter loads: no flash of an empty page.
    placeholderData: keepPreviousData,
  });

export const leadDeliveriesQuery = (clientId: string, leadId: number) =>
  queryOptions({
    queryKey: ['lead-deliveries', clientId, leadId],
    queryFn: () => deliveryApi.leadDeliveries(clientId, leadId),
  });
