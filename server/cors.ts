import { VALIDATION_EMAILS_PATH } from '../src/core/api/contract.ts';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Store } from './db/store.ts';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for display API calls sent with an Origin that the client has not allowed. */
    originRefused: boolean;
  }
}

/** Who may call a path from a browser: any site, the site(s) of one client, or nobody (unknown id). */
type OriginPolicy = { kind: 'any' } | { kind: 'client'; allowedOrigins: string[] } | { kind: 'unknown' };

const PUBLIC_ASSET = /^\/(dist\/|poptin\.js$)/;
const POPTIN_KEYED = /^\/api\/display\/(?:viewed|closed|click)\/([^/]+)$/;
const VIEWER_KEYED = /^\/api\/display\/conversion\/([^/]+)$/;
const CLIENT_KEYED = /^\/api\/display\/(?:limitLogs\/)?([^/]+)$/;

/** The id in the path, decoded; an undecodable one matches nothing. */
function idIn(pattern: RegExp, path: string): string | null {
  const encoded = pattern.exec(path)?.[1];
  if (encoded === undefined) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return '';
  }
}

async function clientIdFor(store: Store, path: string): Promise<string | undefined> {
  const poptinId = idIn(POPTIN_KEYED, path);
  if (poptinId !== null) return (await store.findPopup(poptinId))?.client_id;
  const viewerId = idIn(VIEWER_KEYED, path);
  if (viewerId !== null) return (await store.findPopupByViewerId(viewerId))?.client_id;
  return idIn(CLIENT_KEYED, path) ?? undefined;
}

async function originPolicyFor(store: Store, path: string): Promise<OriginPolicy> {
  if (path === VALIDATION_EMAILS_PATH) return { kind: 'any' };
  const clientId = await clientIdFor(store, path);
  const client = clientId ? await store.findClient(clientId) : null;
  return client ? { kind: 'client', allowedOrigins: client.allowed_origins } : { kind: 'unknown' };
}

function isOriginAllowed(policy: OriginPolicy, origin: string, request: FastifyRequest): boolean {
  if (policy.kind === 'any') return true;
  if (origin === `${request.protocol}://${request.host}`) return true;
  return policy.kind === 'client' && policy.allowedOrigins.includes(origin);
}

/**
 * CORS: built files (/dist, /poptin.js) load from any site; the display API answers a browser only for the
 * origins its client allowed (clients.allowed_origins) plus this server's own origin. The origin is
 * reflected only when allowed. A write (POST) sent with a refused Origin is answered 403: beacons and
 * form posts need no preflight, so CORS alone would not stop them.
 */
export async function registerCors(app: FastifyInstance, store: Store): Promise<void> {
  app.decorateRequest('originRefused', false);
  await app.register(cors, {
    delegator: async (request: FastifyRequest): Promise<FastifyCorsOptions> => {
      const path = request.url.split('?')[0]!;
      if (PUBLIC_ASSET.test(path)) return { origin: '*' };
      const origin = request.headers.origin;
      if (!origin || !path.startsWith('/api/display/')) return { origin: false };
      const policy = await originPolicyFor(store, path);
      if (!isOriginAllowed(policy, origin, request)) {
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
