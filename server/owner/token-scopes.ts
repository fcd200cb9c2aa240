// What a per-site API token may do: the scope each owner route of a site needs. A route in no scope is refused to
// every token (least privilege): the site's settings and its tokens are for signed-in owners and the owner keys
// (OWNER_TOKEN, a client's own token), so that no token makes a token or changes the site.
import { SITE_TOKEN_SCOPES, type SiteTokenScope } from '../../src/core/api/site-token-contract.ts';

const DESTINATION = '/destinations/:destinationId';
const POPUP = '/popups/:poptinId';

/** Routes by method and path under /api/owner/:clientId. */
export const ROUTES_OF_SCOPE: Readonly<Record<SiteTokenScope, readonly string[]>> = {
  'leads:read': [
    'GET /leads',
    'GET /leads/:leadId',
    'GET /leads.csv',
    'GET /leads/:leadId/deliveries',
    'GET /stats',
    'GET /stats/report',
    'GET /ab-tests',
    'GET /store-activity',
  ],
  'leads:write': ['PATCH /leads/:leadId'],
  'popups:write': [
    // A pop-up's images are part of authoring it.
    'GET /images',
    'POST /images',
    'GET /popups',
    'POST /popups',
    'POST /popups/validate',
    `GET ${POPUP}`,
    `PUT ${POPUP}`,
    `DELETE ${POPUP}`,
    `POST ${POPUP}/publish`,
    `POST ${POPUP}/pause`,
    `POST ${POPUP}/resume`,
    `POST ${POPUP}/duplicate`,
    `GET ${POPUP}/revisions`,
    `GET ${POPUP}/revisions/:revision`,
    `POST ${POPUP}/revisions/:revision/restore`,
    `GET ${POPUP}/preview-link`,
    'POST /ab-tests/:testId/winner',
    'PATCH /ab-tests/:testId',
    // Each visitor's own coupon code is part of the pop-up.
    'GET /coupons',
    'PUT /coupons',
    'DELETE /coupons/:sourceId',
    'POST /coupons/:sourceId/codes',
  ],
  'destinations:write': [
    'GET /destination-kinds',
    'GET /destinations',
    'POST /destinations',
    `GET ${DESTINATION}`,
    `PATCH ${DESTINATION}`,
    `DELETE ${DESTINATION}`,
    `POST ${DESTINATION}/secret`,
    `POST ${DESTINATION}/test`,
    `GET ${DESTINATION}/deliveries`,
    `POST ${DESTINATION}/retry`,
    'GET /deliveries/:deliveryId',
    'POST /deliveries/:deliveryId/retry',
  ],
  'people:erase': ['GET /people', 'DELETE /people', 'GET /erasures'],
  // Zapier, Make and n8n: REST hook subscriptions to new leads, and a sample lead, nothing else of the site.
  'hooks:write': ['GET /hooks', 'POST /hooks', 'DELETE /hooks/:hookId', 'GET /hooks/sample'],
};

/** Owner routes of a site that no token opens. */
export const ROUTES_FOR_OWNERS_ONLY: readonly string[] = [
  'GET /site',
  'PATCH /site',
  'GET /lead-retention',
  'PUT /lead-retention',
  'GET /store-revenue',
  'PUT /store-revenue',
  'GET /spam-filter',
  'PUT /spam-filter',
  'GET /tokens',
  'POST /tokens',
  'DELETE /tokens/:tokenId',
];

const SITE_PREFIX = '/api/owner/:clientId';
const scopeOfRoute = new Map(
  SITE_TOKEN_SCOPES.flatMap((scope) => ROUTES_OF_SCOPE[scope].map((route) => [route, scope] as const)),
);

/** The scope a token needs for this route (HEAD as its GET), or null when no token may use it. */
export function scopeNeeded(method: string, routeUrl: string | undefined): SiteTokenScope | null {
  if (!routeUrl?.startsWith(`${SITE_PREFIX}/`)) return null;
  return scopeOfRoute.get(`${method === 'HEAD' ? 'GET' : method} ${routeUrl.slice(SITE_PREFIX.length)}`) ?? null;
}

export const isSiteTokenScope = (name: string): name is SiteTokenScope =>
  (SITE_TOKEN_SCOPES as readonly string[]).includes(name);

/** The scopes asked for, in their usual order and once each, or the message of a 400 when they are not scopes. */
export function readScopes(names: readonly string[]): { scopes: SiteTokenScope[] } | { problem: string } {
  const unknown = names.filter((name) => !isSiteTokenScope(name));
  const known = `the scopes are ${SITE_TOKEN_SCOPES.join(', ')}`;
  if (unknown.length > 0)
    return {
      problem: `Unknown scope${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => JSON.stringify(name)).join(', ')}: ${known}`,
    };
  if (names.length === 0) return { problem: `Choose at least one scope: ${known}` };
  return { scopes: SITE_TOKEN_SCOPES.filter((scope) => names.includes(scope)) };
}
