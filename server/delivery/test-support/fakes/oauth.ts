// The OAuth2 token endpoint the Constant Contact and AWeber fakes share: refresh_token grants (RFC 6749 §6) that
// rotate the refresh token, as both vendors document, so an old refresh token is refused with invalid_grant.
import { randomBytes } from 'node:crypto';
import { basicAuth, bearer, type FakeAnswer, type FakeRequest } from './fake.ts';

export interface OAuthFake {
  clientId: string;
  clientSecret: string;
  /** The refresh token that works now (each grant replaces it). */
  refreshToken: string;
  /** The access tokens that work now. */
  accessTokens: Set<string>;
  grants: number;
  /** Every access token stops working (they expired). */
  expireAccessTokens(): void;
}

export function oauthFake(prefix: string): OAuthFake {
  const fake: OAuthFake = {
    clientId: `${prefix}-client`,
    clientSecret: `${prefix}-secret`,
    refreshToken: `${prefix}-refresh-0`,
    accessTokens: new Set(),
    grants: 0,
    expireAccessTokens: () => fake.accessTokens.clear(),
  };
  return fake;
}

/** A token request: `params` are the form body's (or, for Constant Contact, the query's) fields. */
export function grant(oauth: OAuthFake, request: FakeRequest, params: URLSearchParams): FakeAnswer {
  const client = basicAuth(request);
  if (client?.user !== oauth.clientId || client.password !== oauth.clientSecret)
    return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
  if (params.get('grant_type') !== 'refresh_token')
    return {
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: 'grant_type must be refresh_token' },
    };
  if (params.get('refresh_token') !== oauth.refreshToken)
    return {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The refresh token is invalid or expired.' },
    };
  oauth.grants += 1;
  oauth.refreshToken = `${oauth.clientId}-refresh-${oauth.grants}`;
  const accessToken = randomBytes(12).toString('hex');
  oauth.accessTokens.add(accessToken);
  return {
    status: 200,
    body: { access_token: accessToken, refresh_token: oauth.refreshToken, token_type: 'Bearer', expires_in: 7200 },
  };
}

export const authorized = (oauth: OAuthFake, request: FakeRequest) => oauth.accessTokens.has(bearer(request) ?? '');
