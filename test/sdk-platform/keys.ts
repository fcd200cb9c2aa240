// The fake platform's signing key: generated once per process, used for webhooks and the JWKS endpoint.
import { createSign, generateKeyPairSync, type KeyObject, type JsonWebKey as NodeJsonWebKey } from 'node:crypto';

export const PLATFORM_KEY_ID = 'platform-key-1';

let pair: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

function keyPair() {
  pair ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return pair;
}

export function publicKeyPem(): string {
  return keyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

export function publicJwk(): NodeJsonWebKey & { kid: string; alg: string; use: string } {
  return { ...keyPair().publicKey.export({ format: 'jwk' }), kid: PLATFORM_KEY_ID, alg: 'RS256', use: 'sig' };
}

function base64Url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

export interface SignOptions {
  /** Header overrides, e.g. another kid or alg for negative cases. */
  header?: Record<string, unknown>;
  /** Signs with a throwaway key instead of the platform's, to produce a forged token. */
  forge?: boolean;
}

export function signJwt(payload: Record<string, unknown>, options: SignOptions = {}): string {
  const header = { alg: 'RS256', typ: 'JWT', kid: PLATFORM_KEY_ID, ...options.header };
  const input = `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(payload))}`;
  const key = options.forge ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : keyPair().privateKey;
  const signature = createSign('RSA-SHA256').update(input).sign(key);
  return `${input}.${base64Url(signature)}`;
}
