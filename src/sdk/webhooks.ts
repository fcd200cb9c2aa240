import type { Clock } from './clock.ts';
import { DEFAULT_API_HOST } from './constants.ts';
import { OAuthError } from './errors.ts';
import { readWebhookIdentity, type WebhookIdentity } from './identity.ts';
import { fetchKeySet, type JwtPayload, verifyJwt } from './jwt.ts';
import { checkOptions } from './options.ts';
import { isRecord } from './records.ts';

/** Where the platform publishes the keys it signs with, relative to the API host. */
export const DEFAULT_KEY_SET_PATH = '/.well-known/jwks.json';

export interface WebhookVerifierOptions {
  /** The app's public key (PEM or JWK). Takes precedence over the key set. */
  publicKey?: string | JsonWebKey;
  /** A JSON Web Key Set URL; by default the platform's, on `host`. */
  keySetUrl?: string;
  host?: string;
  fetch?: typeof fetch;
  keySetTimeoutMs?: number;
  clock?: Clock;
}

export interface WebhookEvent<T = unknown> {
  eventType: string;
  instanceId: string;
  identity?: WebhookIdentity;
  /** The event's own data, parsed from the JSON string the envelope carries. */
  payload: T;
}

function parseJsonField(value: unknown, what: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new OAuthError('invalid_jwt', `Invalid JWT: the ${what} is not valid JSON`);
  }
}

/**
 * Verifies platform webhooks and JWTs. A webhook body is a JWT signed by the platform (RS256) whose
 * `data` claim is a JSON string holding `eventType`, `instanceId`, `identity` (a JSON string) and
 * `data` (the event, usually a JSON string too).
 */
export class WebhookVerifier {
  private readonly options: WebhookVerifierOptions;
  private keys: Promise<JsonWebKey[]> | undefined;

  constructor(options: WebhookVerifierOptions = {}) {
    checkOptions(
      'createWebhookVerifier',
      options,
      {},
      { keySetUrl: 'url', host: 'url', fetch: 'fetch', clock: 'clock' },
    );
    this.options = options;
  }

  private keySet = (): Promise<JsonWebKey[]> => {
    const url =
      this.options.keySetUrl ?? `${(this.options.host ?? DEFAULT_API_HOST).replace(/\/+$/, '')}${DEFAULT_KEY_SET_PATH}`;
    // One fetch serves every verification; a failed fetch is retried on the next call.
    this.keys ??= fetchKeySet(url, { fetch: this.options.fetch, timeoutMs: this.options.keySetTimeoutMs }).catch(
      (error) => {
        this.keys = undefined;
        throw error;
      },
    );
    return this.keys;
  };

  verifyJwt(token: string): Promise<JwtPayload> {
    return verifyJwt(token, { publicKey: this.options.publicKey, keySet: this.keySet, clock: this.options.clock });
  }

  async process<T = unknown>(body: string): Promise<WebhookEvent<T>> {
    const claims = await this.verifyJwt(body);
    const envelope = parseJsonField(claims.data, 'webhook data');
    if (!isRecord(envelope)) throw new OAuthError('invalid_jwt', 'Invalid JWT: the webhook has no data envelope');
    const { eventType, instanceId, identity, data } = envelope;
    if (typeof eventType !== 'string' || typeof instanceId !== 'string') {
      throw new OAuthError('invalid_jwt', 'Invalid JWT: the webhook envelope lacks eventType or instanceId');
    }
    const parsedIdentity =
      identity === undefined ? undefined : readWebhookIdentity(parseJsonField(identity, 'webhook identity'));
    return {
      eventType,
      instanceId,
      ...(parsedIdentity ? { identity: parsedIdentity } : {}),
      payload: parseJsonField(data, 'webhook event data') as T,
    };
  }
}

export function createWebhookVerifier(options: WebhookVerifierOptions = {}): WebhookVerifier {
  return new WebhookVerifier(options);
}
