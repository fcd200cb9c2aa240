// What a site's stats and A/B tests read from the owner API, as query factories: a key and its fetch stay together, so
// a write invalidates the very key the page read.
import { queryOptions } from '@tanstack/react-query';
import { insightsApi, type StatsQuery } from '../api/insights.ts';
import { lastDays } from './model.ts';

export const statsQuery = (clientId: string, query: StatsQuery) =>
  queryOptions({ queryKey: ['stats', clientId, query], queryFn: () => insightsApi.stats(clientId, query) });

/** The site's last 7 days on its own clock, for the pop-up list's figures: one request for the whole list. */
export const weekStatsQuery = (clientId: string, timeZone: string) =>
  queryOptions({
    queryKey: ['stats', clientId, 'week', timeZone],
    queryFn: () => insightsApi.stats(clientId, lastDays(7, Date.now(), timeZone)),
  });

export const abTestsQuery = (clientId: string) =>
  queryOptions({ queryKey: ['ab-tests', clientId], queryFn: () => insightsApi.abTests(clientId) });
