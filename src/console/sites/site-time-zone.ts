import { useQuery } from '@tanstack/react-query';
import { siteQuery } from '../api/queries.ts';

/**
 * The site's IANA time zone, in which its stats count days: UTC when it has none (or the site cannot be read),
 * undefined while it is being read.
 */
export function useSiteTimeZone(clientId: string): string | undefined {
  const site = useQuery(siteQuery(clientId));
  if (site.data) return site.data.site.timeZone ?? 'UTC';
  return site.isError ? 'UTC' : undefined;
}
