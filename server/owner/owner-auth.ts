import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteTokenScope } from '../../src/core/api/site-token-contract.ts';
import { errorBody } from '../platform/errors.ts';
import { isClientId } from '../platform/ids.ts';
import type { RateLimitSettings } from '../platform/rate-limit.ts';
import type { RateLimiter } from '../platform/shared-rate-limit.ts';
import { type Accounts, SITE_TOKEN_PREFIX } from './accounts.ts';
import type { Owner } from './contract.ts';
import { isCrossSiteWrite, refuseCrossSite, signedInOwner } from './session.ts';
import { scopeNeeded } from './token-scopes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set once the caller was let in: every client (the admin token), the one a client's or site's token opens,
     * or a signed-in owner (the sites granted to them, every one for an admin).
     */
    ownerAccess: OwnerAccess | null;
  }
}

export type OwnerAccess =
  | { kind: 'admin' }
  | { kind: 'client'; clientId: string; via: 'owner token' }
  | { kind: 'client'; clientId: string; via: 'site token'; tokenId: number; scopes: readonly SiteTokenScope[] }
  | { kind: 'owner'; owner: Owner; sessionId: string };

/** Who made a change, as a revision records it. */
export function actorOf(access: OwnerAccess | null): string {
  if (!access || access.kind === 'admin') return 'owner token';
  return access.kind === 'owner' ? access.owner.email : access.via;
}

export interface OwnerAuthOptions {
  /** OWNER_TOKEN: opens the owner API of every client. */
  adminToken: string;
  /** SHA-256 (hex) of each client's own owner token, by client id (`owner_token_sha256` of its client file). */
  clientTokenHashes: ReadonlyMap<string, string>;
  /** Counts the wrong tokens of each IP (see DEFAULT_OWNER_FAILURE_LIMIT); null: no limit. */
  failures: RateLimiter | null;
  /** Sessions, grants and per-site API tokens. */
  accounts: Accounts;
  /** Origins besides the server's own from which the console may write (CONSOLE_ORIGINS). */
  consoleOrigins: readonly string[];
}

/** Ten wrong tokens a minute per IP: plenty for a person who mistyped, far too few to guess a random token. */
export const DEFAULT_OWNER_FAILURE_LIMIT: RateLimitSettings = { capacity: 10, windowMs: 60_000 };

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function presentedToken(request: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

/** What a token opens. Every hash is compared, in constant time, whether or not an earlier one matched. */
function tokenOpens(token: string, adminDigest: Buffer, clientTokenHashes: ReadonlyMap<string, string>) {
  const presented = sha256(token);
  const clients: string[] = [];
  for (const [clientId, hash] of clientTokenHashes) {
    if (timingSafeEqual(presented, Buffer.from(hash, 'hex'))) clients.push(clientId);
  }
  return { admin: timingSafeEqual(presented, adminDigest), clients };
}

/**
 * Whether a bearer token opens `clientId`'s site: OWNER_TOKEN, the site's owner token, or one of its site API tokens
 * (whatever its scopes). For routes outside the owner API that let a token skip what only a browser can do.
 */
export function tokenOpensSite(options: Pick<OwnerAuthOptions, 'adminToken' | 'clientTokenHashes' | 'accounts'>) {
  const adminDigest = sha256(options.adminToken);
  return async (token: string, clientId: string): Promise<boolean> => {
    const opens = tokenOpens(token, adminDigest, options.clientTokenHashes);
    if (opens.admin || opens.clients.includes(clientId)) return true;
    if (!token.startsWith(SITE_TOKEN_PREFIX)) return false;
    return (await options.accounts.tokenAccess(token))?.clientId === clientId;
  };
}

const unauthorised = (reply: FastifyReply) =>
  reply
    .code(401)
    .header('WWW-Authenticate', 'Bearer')
    .send(
      errorBody(
        401,
        'Sign in to the console, or send "Authorization: Bearer <OWNER_TOKEN, the client\'s owner token or a site API token>"',
      ),
    );

const refused = (reply: FastifyReply, message: string) => reply.code(403).send(errorBody(403, message));

/**
 * Owner API access for the routes of `scope` (most take a `:clientId`). A bearer token: OWNER_TOKEN opens every
 * client, a client's own token or a site API token opens that client only (403 elsewhere), a site API token only
 * the routes of its scopes (token-scopes.ts). Without one, the
 * console's session cookie: the owner's granted sites (every one for an admin), writes only from the console's
 * origin. Wrong or missing credentials count against the IP: once it has spent its failures, every owner
 * request from it gets 429 until they refill, the right token too, or guessing would go on at full speed.
 */
export function registerOwnerAuth(scope: FastifyInstance, options: OwnerAuthOptions): void {
  const { failures, accounts } = options;
  const adminDigest = sha256(options.adminToken);
  scope.decorateRequest('ownerAccess', null);
  scope.addHook('onRequest', async (request, reply) => {
    const locked = await failures?.peek(request.ip);
    if (locked && !locked.allowed) {
      return reply
        .code(429)
        .header('Retry-After', String(locked.retryAfterSeconds))
        .send(errorBody(429, `Too many wrong owner tokens from this address: retry in ${locked.retryAfterSeconds} s`));
    }
    const { clientId } = request.params as { clientId?: string };
    const token = presentedToken(request);
    if (token === null) {
      const signedIn = await signedInOwner(request, accounts);
      if (!signedIn) {
        await failures?.take(request.ip);
        return unauthorised(reply);
      }
      if (isCrossSiteWrite(request, options.consoleOrigins)) return refuseCrossSite(reply);
      // A malformed id (it may hold a NUL, which PostgreSQL refuses) names no site an owner was granted.
      if (
        clientId !== undefined &&
        (!isClientId(clientId) || !(await accounts.mayOpenSite(signedIn.owner, clientId)))
      ) {
        return refused(reply, `This account has no access to site ${clientId}`);
      }
      request.ownerAccess = { kind: 'owner', ...signedIn };
      return;
    }
    const opens = tokenOpens(token, adminDigest, options.clientTokenHashes);
    if (opens.admin) {
      request.ownerAccess = { kind: 'admin' };
      return;
    }
    const site = token.startsWith(SITE_TOKEN_PREFIX) ? await accounts.tokenAccess(token) : null;
    if (opens.clients.length === 0 && site === null) {
      await failures?.take(request.ip);
      return unauthorised(reply);
    }
    if (clientId !== undefined && opens.clients.includes(clientId))
      request.ownerAccess = { kind: 'client', clientId, via: 'owner token' };
    else if (clientId !== undefined && site?.clientId === clientId) {
      const refusal = scopeRefusal(site.scopes, request);
      if (refusal) return refused(reply, refusal);
      request.ownerAccess = { kind: 'client', clientId, via: 'site token', tokenId: site.tokenId, scopes: site.scopes };
    } else if (clientId === undefined)
      return refused(reply, 'This token opens one site only: sign in, or use OWNER_TOKEN');
    else return refused(reply, `This owner token does not open client ${clientId}`);
  });
}

/** Why a site API token with these scopes may not make this request, or null when it may. */
function scopeRefusal(scopes: readonly SiteTokenScope[], request: FastifyRequest): string | null {
  const needed = scopeNeeded(request.method, request.routeOptions.url);
  if (needed === null)
    return "A site API token cannot do this: the site's settings and its API tokens are for signed-in owners";
  if (scopes.includes(needed)) return null;
  return `This token's scopes (${scopes.join(', ')}) do not include ${needed}, which ${request.method} ${request.routeOptions.url} needs`;
}
