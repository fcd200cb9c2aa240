import { base64ToBytes, base64UrlToBytes, base64UrlToText } from './base64.ts';
import { type Clock, nowInSeconds, systemClock } from './clock.ts';
import { CLOCK_SKEW_SECONDS, KEY_SET_FETCH_TIMEOUT_MS } from './constants.ts';
import { OAuthError } from './errors.ts';
import { checkOptions } from './options.ts';

export interface JwtHeader {
  alg: string;
  kid?: string;
  typ?: string;
}

export interface JwtPayload {
  [claim: string]: unknown;
  exp?: number;
  nbf?: number;
  iat?: number;
  iss?: string;
  aud?: string | string[];
}

export interface DecodedJwt {
  header: JwtHeader;
  payload: JwtPayload;
  signingInput: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

const RS256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

function invalid(reason: string): OAuthError {
  return new OAuthError('invalid_jwt', `Invalid JWT: ${reason}`);
}

/** Splits and parses a JWT without checking its signature. */
export function decodeJwt(token: string): DecodedJwt {
  const parts = typeof token === 'string' ? token.trim().split('.') : [];
  if (parts.length !== 3) throw invalid('expected three dot-separated parts');
  const [headerPart, payloadPart, signaturePart] = parts;
  let header: JwtHeader;
  let payload: JwtPayload;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    header = JSON.parse(base64UrlToText(headerPart));
    payload = JSON.parse(base64UrlToText(payloadPart));
    signature = base64UrlToBytes(signaturePart);
  } catch {
    throw invalid('the header, payload or signature is not valid base64url JSON');
  }
  if (typeof header !== 'object' || header === null || typeof payload !== 'object' || payload === null) {
    throw invalid('the header and payload must be JSON objects');
  }
  return { header, payload, signingInput: new TextEncoder().encode(`${headerPart}.${payloadPart}`), signature };
}

/** Imports an RSA public key given as a JWK, a PEM "PUBLIC KEY" block, or its bare base64 body (SPKI). */
export async function importRsaPublicKey(key: string | JsonWebKey): Promise<CryptoKey> {
  try {
    if (typeof key !== 'string') {
      if (key.kty !== 'RSA' || !key.n || !key.e) throw new Error('not an RSA key');
      return await crypto.subtle.importKey(
        'jwk',
        { kty: 'RSA', n: key.n, e: key.e, alg: 'RS256', ext: true },
        RS256,
        false,
        ['verify'],
      );
    }
    if (/BEGIN RSA PUBLIC KEY/.test(key))
      throw new Error('PKCS#1 keys are not supported; use the SPKI "PUBLIC KEY" form');
    const body = key.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
    return await crypto.subtle.importKey('spki', base64ToBytes(body), RS256, false, ['verify']);
  } catch (error) {
    throw new OAuthError(
      'missing_public_key',
      `Missing public key: the key given cannot be used (${(error as Error).message})`,
    );
  }
}

/** Fetches a JSON Web Key Set; gives up after five seconds so a stalled key host cannot hang a webhook. */
export async function fetchKeySet(
  url: string,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<JsonWebKey[]> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? KEY_SET_FETCH_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  try {
    const response = await fetchImpl(url, { signal: controller.signal });
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as { keys?: unknown };
    if (!Array.isArray(body?.keys)) throw new Error('the reply has no keys');
    return body.keys as JsonWebKey[];
  } catch (error) {
    const reason = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
    throw new OAuthError(
      'missing_public_key',
      `Missing public key: the key set at ${url} could not be fetched (${reason})`,
    );
  } finally {
    clearTimeout(timer);
  }
}

export interface VerifyJwtOptions {
  publicKey?: string | JsonWebKey;
  /** Supplies the key set when no public key is given; called only when needed. */
  keySet?: () => Promise<JsonWebKey[]>;
  clock?: Clock;
  issuer?: string;
  audience?: string;
}

async function candidateKeys(header: JwtHeader, options: VerifyJwtOptions): Promise<CryptoKey[]> {
  if (options.publicKey) return [await importRsaPublicKey(options.publicKey)];
  if (!options.keySet)
    throw new OAuthError('missing_public_key', 'Missing public key: give a public key or a key set URL to verify JWTs');
  const keys = (await options.keySet()).filter((key) => key.kty === 'RSA');
  const chosen = header.kid ? keys.filter((key) => (key as { kid?: string }).kid === header.kid) : keys;
  if (chosen.length === 0) {
    throw new OAuthError(
      'missing_public_key',
      `Missing public key: the key set has no RSA key${header.kid ? ` with kid "${header.kid}"` : ''}`,
    );
  }
  return Promise.all(chosen.map(importRsaPublicKey));
}

/** Verifies an RS256 JWT's signature and time claims (and issuer/audience when asked) and returns its payload. */
export async function verifyJwt(token: string, options: VerifyJwtOptions): Promise<JwtPayload> {
  checkOptions('verifyJwt', options, {}, { keySet: 'function', clock: 'clock', issuer: 'string', audience: 'string' });
  const decoded = decodeJwt(token);
  if (decoded.header.alg !== 'RS256') throw invalid(`the algorithm must be RS256, not ${String(decoded.header.alg)}`);
  const keys = await candidateKeys(decoded.header, options);
  let verified = false;
  for (const key of keys) {
    if (await crypto.subtle.verify(RS256, key, decoded.signature, decoded.signingInput)) {
      verified = true;
      break;
    }
  }
  if (!verified) throw invalid('the signature does not match the platform key');

  const { payload } = decoded;
  const now = nowInSeconds(options.clock ?? systemClock);
  if (typeof payload.exp === 'number' && payload.exp + CLOCK_SKEW_SECONDS <= now) throw invalid('it has expired');
  if (typeof payload.nbf === 'number' && payload.nbf - CLOCK_SKEW_SECONDS > now) throw invalid('it is not valid yet');
  if (options.issuer !== undefined && payload.iss !== options.issuer)
    throw invalid(`the issuer must be ${options.issuer}`);
  if (options.audience !== undefined) {
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(options.audience)) throw invalid(`the audience must include ${options.audience}`);
  }
  return payload;
}
