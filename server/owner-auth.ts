import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';
import type { RateLimitSettings } from './rate-limit.ts';
import type { RateLimiter } from './shared-rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once an owner token was accepted: every client (the admin token) or the one its client token opens. */
    ownerAccess: OwnerAccess | null;
  }
}

export type OwnerAccess = { kind: 'admin' } | { kind: 'client'; clientId: string };

export interface OwnerAuthOptions {
  /** OWNER_TOKEN: opens the owner API of every client. */
  adminToken: string;
  /** SHA-256 (hex) of each client's own owner token, by client id (`owner_token_sha256` of its client file). */
  clientTokenHashes: ReadonlyMap<string, string>;
  /** Counts the wrong tokens of each IP (see DEFAULT_OWNER_FAILURE_LIMIT); null: no limit. */
  failures: RateLimiter | null;
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

const unauthorised = (reply: FastifyReply) =>
  reply
    .code(401)
    .header('WWW-Authenticate', 'Bearer')
    .send(errorBody(401, 'Owner token required: send "Authorization: Bearer <OWNER_TOKEN or the client\'s owner token>"'));

/**
 * Owner API access for the routes of `scope` (which take a `:clientId`): OWNER_TOKEN opens every client, a
 * client's own token opens that client only (403 elsewhere). Wrong or missing tokens count against the IP:
 * once it has spent its failures, every owner request from it gets 429 until they refill, the right token
 * too, or guessing would go on at full speed.
 */
export function registerOwnerAuth(scope: FastifyInstance, options: OwnerAuthOptions): void {
  const { failures } = options;
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
    const token = presentedToken(request);
    const opens = token === null ? null : tokenOpens(token, adminDigest, options.clientTokenHashes);
    if (!opens || (!opens.admin && opens.clients.length === 0)) {
      await failures?.take(request.ip);
      return unauthorised(reply);
    }
    const { clientId } = request.params as { clientId?: string };
    if (opens.admin) {
      request.ownerAccess = { kind: 'admin' };
    } else if (clientId !== undefined && opens.clients.includes(clientId)) {
      request.ownerAccess = { kind: 'client', clientId };
    } else {
      return reply.code(403).send(errorBody(403, `This owner token does not open client ${clientId}`));
    }
  });
}
