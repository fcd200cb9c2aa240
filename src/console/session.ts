import { useQuery } from '@tanstack/react-query';
import type { Owner, Site } from './api/client.ts';
import { meQuery } from './api/queries.ts';

/** The signed-in owner and the sites granted to them; null owner when signed out. */
export function useSession(): { owner: Owner | null; sites: Site[]; loading: boolean } {
  const query = useQuery({ ...meQuery(), retry: false });
  if (query.isPending) return { owner: null, sites: [], loading: true };
  return { owner: query.data?.owner ?? null, sites: query.data?.sites ?? [], loading: false };
}
