// What the leads pages read from the owner API, as query factories: a key and its fetch stay together, so marking a
// lead as spam invalidates the very keys the table and the detail read.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { insightsApi, type LeadFilter } from '../api/insights.ts';

/** Every page of the site's leads, whichever filter: what a change to one lead invalidates. */
export const allLeadsKey = (clientId: string) => ['leads', clientId];

/** The site's leads matching a filter, newest first, a page at a time (the server's `next` cursor). */
export const leadsQuery = (clientId: string, filter: LeadFilter, timeZone: string) =>
  infiniteQueryOptions({
    queryKey: [...allLeadsKey(clientId), filter, timeZone],
    queryFn: ({ pageParam }) => insightsApi.leads(clientId, filter, timeZone, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });

export const leadQuery = (clientId: string, leadId: number) =>
  queryOptions({ queryKey: ['lead', clientId, leadId], queryFn: () => insightsApi.lead(clientId, leadId) });
