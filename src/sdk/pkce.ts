import { bytesToBase64Url } from './base64.ts';
import { PKCE_VERIFIER_DEFAULT_LENGTH, PKCE_VERIFIER_MAX_LENGTH, PKCE_VERIFIER_MIN_LENGTH } from './constants.ts';

/** RFC 7636 §4.1: a verifier uses only the unreserved characters. */
const VERIFIER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
// Bytes at or above the largest multiple of the alphabet size are dropped so every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % VERIFIER_ALPHABET.length);

export const VERIFIER_LENGTH_MESSAGE = `Expected a length between ${PKCE_VERIFIER_MIN_LENGTH} and ${PKCE_VERIFIER_MAX_LENGTH}`;

export function generateCodeVerifier(length: number = PKCE_VERIFIER_DEFAULT_LENGTH): string {
  if (!Number.isInteger(length) || length < PKCE_VERIFIER_MIN_LENGTH || length > PKCE_VERIFIER_MAX_LENGTH) {
    throw new RangeError(VERIFIER_LENGTH_MESSAGE);
  }
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < UNBIASED_LIMIT && verifier.length < length)
        verifier += VERIFIER_ALPHABET[byte % VERIFIER_ALPHABET.length];
    }
  }
  return verifier;
}

/** The S256 challenge: base64url(SHA-256(verifier)) without padding. */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return bytesToBase64Url(new Uint8Array(digest));
}

export function generateState(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/** Everything the callback page needs to finish a login; keep it (e.g. in sessionStorage) until then. */
export interface OAuthData {
  state: string;
  codeVerifier: string;
  codeChallenge: string;
  redirectUri: string;
  originalUri: string;
}

export async function generateOAuthData(
  redirectUri: string,
  originalUri = '',
  verifierLength?: number,
): Promise<OAuthData> {
  const codeVerifier = generateCodeVerifier(verifierLength);
  return {
    state: generateState(),
    codeVerifier,
    codeChallenge: await codeChallengeS256(codeVerifier),
    redirectUri,
    originalUri,
  };
}
