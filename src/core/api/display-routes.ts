// What the loader needs of the display API's contract (widget §7) to make the first display call: the prefix, the
// display route and the helper that makes a path of a route. contract.ts re-exports it beside the other routes.
import type { DisplayRoute } from './contract.ts';

export const DISPLAY_API_PREFIX = '/api/display';

/** The display call's route (DISPLAY_ROUTES.display). */
export const DISPLAY_ROUTE = '/:clientId' as const;

/** The `:param` names of a route. */
export type RouteParams<Route extends string> = Route extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParams<`/${Rest}`>
  : Route extends `${string}:${infer Name}`
    ? Name
    : never;

/** The full path of a route, its parameters URL-encoded. */
export function displayApiPath<Route extends DisplayRoute>(
  route: Route,
  params: Record<RouteParams<Route>, string>,
): string {
  return (
    DISPLAY_API_PREFIX +
    route.replace(/:(\w+)/g, (_match, name: RouteParams<Route>) => encodeURIComponent(params[name]))
  );
}
