// The console's session cookie and the checks every cookie-authenticated request passes.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../platform/cookies.ts';
import { errorBody } from '../platform/errors.ts';
import { type Accounts, BROWSER_DAYS, SESSION_DAYS } from './accounts.ts';
import type { Owner } from './contract.ts';

export const SESSION_COOKIE = 'poptin_session';
const SESSION_ID_FORM = /^[\w-]{43}$/;
/** A browser that signed in before: its attempts are limited apart from everyone else's (auth-routes.ts). */
export const BROWSER_COOKIE = 'poptin_browser';

/**
 * HttpOnly: no script reads it; SameSite=Strict: no other site's page sends it. `Secure` is added to every
 * cookie of an HTTPS request by the app's response hook (HTTPS as seen through a trusted proxy only).
 */
export function setSessionCookie(reply: FastifyReply, sessionId: string): void {
  reply.header(
    'Set-Cookie',
    `${SESSION_COOKIE}=${sessionId}; Path=/; Max-Age=${SESSION_DAYS * 24 * 60 * 60}; HttpOnly; SameSite=Strict`,
  );
}

/** Sent to /api/auth only, where sign-in reads it; it opens nothing by itself. */
export function setBrowserCookie(reply: FastifyReply, browserId: string): void {
  reply.header(
    'Set-Cookie',
    `${BROWSER_COOKIE}=${browserId}; Path=/api/auth; Max-Age=${BROWSER_DAYS * 24 * 60 * 60}; HttpOnly; SameSite=Strict`,
  );
}

export function presentedBrowserId(request: FastifyRequest): string | null {
  const value = readCookie(request, BROWSER_COOKIE);
  return value && SESSION_ID_FORM.test(value) ? value : null;
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.header('Set-Cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`);
}

/** The session id the request's cookie holds, when it has the form of one. */
export function presentedSessionId(request: FastifyRequest): string | null {
  const value = readCookie(request, SESSION_COOKIE);
  return value && SESSION_ID_FORM.test(value) ? value : null;
}

export interface SignedIn {
  owner: Owner;
  sessionId: string;
}

export async function signedInOwner(request: FastifyRequest, accounts: Accounts): Promise<SignedIn | null> {
  const sessionId = presentedSessionId(request);
  const owner = sessionId ? await accounts.sessionOwner(sessionId) : null;
  return owner && sessionId ? { owner, sessionId } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write carried by the session cookie must come from the console's own page: its Origin is this server's
 * (or one of CONSOLE_ORIGINS). SameSite=Strict already keeps the cookie off other sites' requests; this
 * closes what SameSite does not (a sibling subdomain is "same site").
 */
export function isCrossSiteWrite(request: FastifyRequest, consoleOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  return origin !== `${request.protocol}://${request.host}` && !consoleOrigins.includes(origin);
}

export function refuseCrossSite(reply: FastifyReply) {
  return reply.code(403).send(errorBody(403, 'Cross-site request refused'));
}

export function signInRequired(reply: FastifyReply) {
  return reply.code(401).send(errorBody(401, 'Sign in first'));
}
