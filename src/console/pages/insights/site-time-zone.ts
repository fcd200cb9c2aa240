import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/**
 * The site's IANA time zone, in which its stats count days: UTC when it has none (or the site cannot be read),
 * undefined while it is being read.
 */
export function useSiteTimeZone(clientId: string): string | undefined {
  const site = useQuery({ queryKey: ['site', clientId], queryFn: () => api.site(clientId) });
  if (site.data) return site.data.site.timeZone ?? 'UTC';
  return site.isError ? 'UTC' : undefined;
}
