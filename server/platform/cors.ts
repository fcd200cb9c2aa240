import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DISPLAY_API_PREFIX, DISPLAY_ROUTES } from '../../src/core/api/contract.ts';
import type { ConfigurationRepository } from '../configuration/repository.ts';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for display API calls sent with an Origin that the client has not allowed. */
    originRefused: boolean;
  }
}

/** Who may call a path from a browser: any site, the site(s) of one client, or nobody (unknown id). */
type OriginPolicy = { kind: 'any' } | { kind: 'client'; allowedOrigins: string[] } | { kind: 'unknown' };

/** Routes of the built files, which any site may load. */
const PUBLIC_ASSET_ROUTES = new Set(['/dist/*', '/poptin.js']);

/** A display API route as the router matched it (`/conversion/:viewerId`), with its decoded parameters. */
interface DisplayTarget {
  route: string;
  params: Record<string, string | undefined>;
}

// The router prefers static routes, so /validation-emails is tried before /:clientId.
const DISPLAY_ROUTE_MATCHERS = Object.values(DISPLAY_ROUTES)
  .sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')))
  .map((route) => ({
    route,
    names: [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!),
    pattern: new RegExp(`^${DISPLAY_API_PREFIX}${route.replace(/:\w+/g, '([^/]+)')}$`),
  }));

function displayRouteFor(path: string): DisplayTarget | null {
  for (const { route, names, pattern } of DISPLAY_ROUTE_MATCHERS) {
    const values = pattern.exec(path);
    if (values) return { route, params: Object.fromEntries(names.map((name, i) => [name, values[i + 1]])) };
  }
  return null;
}

/**
 * The display route a request is for, decided by the router and never by the raw request target, which
 * may be in absolute form (`POST http://host/api/display/…`). A preflight is matched by @fastify/cors's
 * catch-all OPTIONS route; its wildcard holds the routed, decoded path.
 */
function displayTargetOf(request: FastifyRequest): DisplayTarget | null {
  const routeUrl = request.routeOptions.url;
  const params = request.params as Record<string, string | undefined>;
  if (routeUrl?.startsWith(`${DISPLAY_API_PREFIX}/`))
    return { route: routeUrl.slice(DISPLAY_API_PREFIX.length), params };
  if (request.method === 'OPTIONS' && routeUrl === '*') return displayRouteFor(params['*'] ?? '');
  return null;
}

/** What the CORS check reads of the configuration. */
type CorsConfiguration = Pick<ConfigurationRepository, 'config' | 'findPopup' | 'findPopupByViewerId'>;

async function clientIdFor(configuration: CorsConfiguration, { params }: DisplayTarget): Promise<string | undefined> {
  if (params.poptinId !== undefined) return (await configuration.findPopup(params.poptinId))?.client_id;
  if (params.viewerId !== undefined) return (await configuration.findPopupByViewerId(params.viewerId))?.client_id;
  return params.clientId;
}

/** Routes whose client is named in the body, or by no one: their handlers check the Origin themselves. */
const ROUTES_OPEN_TO_ANY_ORIGIN = new Set<string>([
  DISPLAY_ROUTES.validationEmails,
  DISPLAY_ROUTES.wixSaveOrderedProducts,
  DISPLAY_ROUTES.shopifyClientId,
]);

async function originPolicyFor(configuration: CorsConfiguration, target: DisplayTarget): Promise<OriginPolicy> {
  if (ROUTES_OPEN_TO_ANY_ORIGIN.has(target.route)) return { kind: 'any' };
  const clientId = await clientIdFor(configuration, target);
  const client = clientId ? (await configuration.config.get(clientId)).client : null;
  return client ? { kind: 'client', allowedOrigins: client.allowed_origins } : { kind: 'unknown' };
}

function isOriginAllowed(policy: OriginPolicy, origin: string, request: FastifyRequest): boolean {
  if (policy.kind === 'any') return true;
  if (origin === `${request.protocol}://${request.host}`) return true;
  return policy.kind === 'client' && policy.allowedOrigins.includes(origin);
}

/** For a route whose client is only known from its body or query: a browser's Origin must be one the client allowed. */
export function originAllowedForClient(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  return !origin || isOriginAllowed({ kind: 'client', allowedOrigins }, origin, request);
}

/**
 * CORS: built files (/dist, /poptin.js) load from any site; the display API answers a browser only for the
 * origins its client allowed (clients.allowed_origins) plus this server's own origin. The origin is
 * reflected only when allowed. A write (POST) sent with a refused Origin is answered 403: beacons and
 * form posts need no preflight, so CORS alone would not stop them.
 */
/** A site's display call arrived from a browser's origin, which the site allows or not. */
export type DisplayCallSeen = (clientId: string, origin: string, allowed: boolean) => void;

export async function registerCors(
  app: FastifyInstance,
  configuration: CorsConfiguration,
  displayCallSeen: DisplayCallSeen = () => undefined,
): Promise<void> {
  app.decorateRequest('originRefused', false);
  await app.register(cors, {
    delegator: async (request: FastifyRequest): Promise<FastifyCorsOptions> => {
      if (PUBLIC_ASSET_ROUTES.has(request.routeOptions.url ?? '')) return { origin: '*' };
      const origin = request.headers.origin;
      const target = origin ? displayTargetOf(request) : null;
      if (!origin || !target) return { origin: false };
      const policy = await originPolicyFor(configuration, target);
      const allowed = isOriginAllowed(policy, origin, request);
      // A refused origin's display call never leaves the browser: its preflight is all the server sees of it.
      if (
        target.route === DISPLAY_ROUTES.display &&
        policy.kind === 'client' &&
        (!allowed || request.method !== 'OPTIONS')
      )
        displayCallSeen(target.params.clientId!, origin, allowed);
      if (!allowed) {
        request.originRefused = policy.kind === 'client';
        return { origin: false };
      }
      return {
        origin,
        credentials: true,
        methods: ['GET', 'POST'],
        allowedHeaders: ['Content-Type'],
        exposedHeaders: ['Retry-After'],
        maxAge: 600,
      };
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.originRefused && request.method === 'POST') {
      const message = `Origin ${request.headers.origin} is not allowed for this client: add it to allowed_origins of its client file`;
      return reply.code(403).send(errorBody(403, message));
    }
  });
}
