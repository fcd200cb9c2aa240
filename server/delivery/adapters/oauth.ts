// Access tokens for the vendors that take OAuth2 (RFC 6749 §6, refreshing an access token) or a service
// account's signed JWT (RFC 7523): got when first needed, kept in the process until they expire, got again after
// a 401. A refresh token the vendor rotates is sealed again at once: the old one no longer works.
import type { TargetPolicy } from '../addresses.ts';
import { type OutgoingRequest, sendRequest } from '../http-send.ts';
import type { Attempt } from '../outcome.ts';
import type { AdapterCall, SecretSpec } from './adapter.ts';

/** What an OAuth2 vendor's destination keeps sealed: its app's client and the owner's refresh token. */
export const OAUTH2_SECRET: SecretSpec = {
  type: 'credentials',
  fields: [
    { name: 'clientId', required: true, max: 200 },
    { name: 'clientSecret', required: false, max: 200 },
    { name: 'refreshToken', required: true, max: 2000 },
  ],
};

export interface OAuthCredentials {
  clientId: string;
  clientSecret?: string;
  refreshToken: string;
}

export function readCredentials<T>(secret: string | null, required: readonly (keyof T)[]): T | null {
  if (!secret) return null;
  try {
    const parsed = JSON.parse(secret) as T;
    return required.every((name) => typeof parsed[name] === 'string' && parsed[name] !== '') ? parsed : null;
  } catch {
    return null;
  }
}

/** The token request's answer: an access token, or the Attempt that says why there is none (retry or give up). */
export type TokenAnswer = { token: string } | { attempt: Attempt };

/** Reads a token endpoint's JSON answer (RFC 6749 §5.1, §5.2). */
export function tokenFrom(
  attempt: Attempt,
  vendor: string,
): { accessToken: string; refreshToken?: string; expiresIn: number } | { attempt: Attempt } {
  if (attempt.kind !== 'answered') return { attempt };
  if (attempt.statusCode === 400 || attempt.statusCode === 401)
    // invalid_grant and its like: the owner must connect the account again.
    return {
      attempt: {
        kind: 'refused',
        error: `${vendor} refused the credentials (${attempt.statusCode}): ${attempt.body.slice(0, 300)}; connect the account again`,
      },
    };
  if (attempt.statusCode < 200 || attempt.statusCode >= 300) return { attempt };
  try {
    const body = JSON.parse(attempt.body) as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('no access_token');
    return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresIn: body.expires_in ?? 3600 };
  } catch (error) {
    return {
      attempt: { kind: 'network', error: `${vendor}'s token answer was unreadable: ${(error as Error).message}` },
    };
  }
}

/**
 * An access token for the call's destination: the one kept, else a new one from `request` (one at a time per
 * destination). `fresh` drops the kept one first (the API answered 401).
 */
export async function accessToken(
  call: AdapterCall,
  vendor: string,
  policy: TargetPolicy,
  request: () => OutgoingRequest,
  fresh: boolean,
  onRotated?: (refreshToken: string) => Promise<void>,
): Promise<TokenAnswer> {
  const key = `${vendor}:${call.destination.id}`;
  if (fresh) call.env.tokens.delete(key);
  const kept = call.env.tokens.get(key);
  if (kept) return { token: kept.token };
  return call.env.tokens.once(key, async (): Promise<TokenAnswer> => {
    const read = tokenFrom(await sendRequest(request(), policy, call.env.timeoutMs), vendor);
    if ('attempt' in read) return read;
    if (read.refreshToken && onRotated) await onRotated(read.refreshToken);
    call.env.tokens.set(key, { token: read.accessToken, expiresAt: Date.now() + read.expiresIn * 1000 });
    return { token: read.accessToken };
  });
}

/** A refresh-token grant (RFC 6749 §6), the client authenticated by HTTP Basic or, without a secret, by its id. */
export function refreshGrant(
  url: string,
  credentials: OAuthCredentials,
  place: 'body' | 'query' = 'body',
): OutgoingRequest {
  const grant = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: credentials.refreshToken });
  if (!credentials.clientSecret) grant.set('client_id', credentials.clientId);
  return {
    url: place === 'query' ? `${url}?${grant}` : url,
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      ...(credentials.clientSecret
        ? {
            authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
          }
        : {}),
    },
    body: place === 'query' ? '' : grant.toString(),
  };
}

/**
 * Sends the vendor's request with a kept or new access token; after a 401 the token is got again and the
 * request sent once more.
 */
export async function withAccessToken(
  token: (fresh: boolean) => Promise<TokenAnswer>,
  send: (accessToken: string) => Promise<Attempt>,
): Promise<Attempt> {
  for (const fresh of [false, true]) {
    const answer = await token(fresh);
    if ('attempt' in answer) return answer.attempt;
    const attempt = await send(answer.token);
    if (!(attempt.kind === 'answered' && attempt.statusCode === 401) || fresh) return attempt;
  }
  throw new Error('unreachable');
}
