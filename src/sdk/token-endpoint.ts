import type { Clock } from './clock.ts';
import { type ErrorDetails, OAuthError, statusTextOf } from './errors.ts';
import type { HttpClient, HttpReply } from './http.ts';
import type { SubjectType } from './identity.ts';
import { expiresAtFrom, type RefreshToken, type TokenRole, type Tokens } from './tokens.ts';

/** The token endpoint answers in snake_case. */
export interface TokenReply {
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  token_type?: string;
  scope?: string;
}

export interface TokenInfo {
  active: boolean;
  subjectType: SubjectType;
  subjectId: string;
  exp: number;
  iat: number;
  clientId: string;
  siteId?: string;
  instanceId?: string;
}

export const TOKEN_PATH = '/v1/oauth/token';
export const TOKEN_INFO_PATH = '/v1/oauth/token-info';

export function unexpectedStatus(reply: HttpReply, endpoint: string): OAuthError {
  const text = statusTextOf(reply.status, reply.statusText);
  const body = reply.body as { details?: ErrorDetails } | undefined;
  return new OAuthError(
    'unexpected_status',
    `Unexpected status ${reply.status} (${text}) from ${endpoint}, request-id: ${reply.requestId ?? ''}`,
    {
      status: reply.status,
      requestId: reply.requestId,
      details: body && typeof body === 'object' ? (body.details ?? { reply: body }) : {},
    },
  );
}

/** Posts to a token endpoint; anything but a 200 with an access token is an unexpected status. */
export async function postForTokens(
  http: HttpClient,
  path: string,
  body: Record<string, unknown>,
  methodFqn: string,
  headers?: Record<string, string>,
): Promise<TokenReply> {
  const reply = await http.exchange<TokenReply>({ method: 'POST', path, body, headers, methodFqn });
  if (reply.status !== 200 || typeof reply.body?.access_token !== 'string') throw unexpectedStatus(reply, path);
  return reply.body;
}

export function tokensFromReply(reply: TokenReply, role: TokenRole, clock: Clock, previous?: RefreshToken): Tokens {
  return {
    accessToken: { value: reply.access_token, expiresAt: expiresAtFrom(Number(reply.expires_in) || 0, clock) },
    refreshToken: { value: reply.refresh_token ?? previous?.value ?? '', role },
  };
}

export interface GrantContext {
  http: HttpClient;
  clientId: string;
  clock: Clock;
}

export async function anonymousGrant({ http, clientId, clock }: GrantContext): Promise<Tokens> {
  const reply = await postForTokens(http, TOKEN_PATH, { clientId, grantType: 'anonymous' }, 'oauth.token.anonymous');
  return tokensFromReply(reply, 'visitor', clock);
}

/** Keeps the role of the refresh token: a member stays a member, a visitor a visitor. */
export async function refreshTokenGrant(
  { http, clientId, clock }: GrantContext,
  refreshToken: RefreshToken,
): Promise<Tokens> {
  const reply = await postForTokens(
    http,
    TOKEN_PATH,
    { clientId, refreshToken: refreshToken.value, grantType: 'refresh_token' },
    'oauth.token.refresh-token',
  );
  return tokensFromReply(reply, refreshToken.role, clock, refreshToken);
}

export async function authorizationCodeGrant(
  { http, clientId, clock }: GrantContext,
  exchange: { redirectUri: string; code: string; codeVerifier: string },
): Promise<Tokens> {
  const reply = await postForTokens(
    http,
    TOKEN_PATH,
    {
      clientId,
      grantType: 'authorization_code',
      redirectUri: exchange.redirectUri,
      code: exchange.code,
      codeVerifier: exchange.codeVerifier,
    },
    'oauth.token.authorization-code',
  );
  return tokensFromReply(reply, 'member', clock);
}

/** The one grant the platform takes in snake_case, authorised by a visitor token and an API key together. */
export async function authorizedClientGrant(
  { http, clock }: Omit<GrantContext, 'clientId'>,
  exchange: { memberId: string; visitorAccessToken: string; apiKey: string },
): Promise<Tokens> {
  const reply = await postForTokens(
    http,
    TOKEN_PATH,
    { grant_type: 'authorized_client', scope: 'offline_access', member_id: exchange.memberId },
    'oauth.token.authorized-client',
    { Authorization: `${exchange.visitorAccessToken},${exchange.apiKey}` },
  );
  return tokensFromReply(reply, 'member', clock);
}

export async function fetchTokenInfo(http: HttpClient, token: string): Promise<TokenInfo> {
  const reply = await http.exchange<TokenInfo>({
    method: 'POST',
    path: TOKEN_INFO_PATH,
    body: { token },
    methodFqn: 'oauth.token-info',
  });
  if (reply.status !== 200 || !reply.body || typeof reply.body !== 'object')
    throw unexpectedStatus(reply, TOKEN_INFO_PATH);
  return reply.body;
}
