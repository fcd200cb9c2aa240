// What the sign-in page reads from the owner API, as a query factory (the signed-in owner is api/queries.ts's meQuery).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** How this server lets owners sign in: read once per page. */
export const signInOptionsQuery = () =>
  queryOptions({ queryKey: ['sign-in-options'], queryFn: api.signInOptions, staleTime: Number.POSITIVE_INFINITY });
