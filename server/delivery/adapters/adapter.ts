// The one shape of a destination: what every vendor module declares (docs/integrations.md, "Adding a vendor").
import type { FieldError } from '../../owner/fields.ts';
import type { TargetPolicy } from '../addresses.ts';
import type { LeadForDelivery } from '../delivery-store.ts';
import { type OutgoingRequest, sendRequest } from '../http-send.ts';
import type { Attempt } from '../outcome.ts';

/** One setting of a destination, as the owner API validates it and the console asks for it. */
export interface SettingField {
  name: string;
  type: 'string' | 'boolean' | 'strings' | 'integer' | 'integers';
  required?: boolean;
  /** Longest string, or most items of a list. */
  max?: number;
  /** A string must match it; `hint` says what is expected. */
  pattern?: RegExp;
  hint?: string;
  /** Allowed values of a string. */
  oneOf?: readonly string[];
}

/**
 * What the destination keeps sealed: nothing, a signing secret made by the server (shown once), an API key, or
 * several credentials (OAuth2 client and refresh token, a service account's key). Never read back.
 */
export type SecretSpec =
  | { type: 'none' }
  | { type: 'generated' }
  | { type: 'apiKey'; pattern?: RegExp; hint?: string }
  | { type: 'credentials'; fields: readonly { name: string; required: boolean; max: number }[] };

/** What a send needs from the server: SSRF policy, time limit, mail, where the vendors are, OAuth2 tokens. */
export interface AdapterEnv {
  /** The policy for URLs the owner chose (a webhook's, an account's address). */
  targets: TargetPolicy;
  timeoutMs?: number;
  /** SMTP_URL and SMTP_FROM, when the server has them. */
  mail: { smtpUrl: string; from: string } | null;
  /** Mails leads to an e-mail destination's recipients through the server's SMTP settings. */
  notify(
    target: { settings: Record<string, unknown>; fieldMap: Record<string, string> },
    leads: LeadForDelivery[],
    context: { messageId: string; test: boolean },
  ): Promise<Attempt>;
  /** Vendor API addresses replaced by fakes (DELIVERY_VENDOR_BASES, tests and demos only). */
  bases: Readonly<Record<string, string>>;
  tokens: TokenCache;
}

/** Access tokens got from a refresh token or a signed JWT, kept per destination in this process. */
export interface TokenCache {
  get(key: string): { token: string; expiresAt: number } | undefined;
  set(key: string, value: { token: string; expiresAt: number }): void;
  delete(key: string): void;
  /** One refresh at a time per key: a rotated refresh token used twice would be refused. */
  once<T>(key: string, run: () => Promise<T>): Promise<T>;
}

export function newTokenCache(): TokenCache {
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  const running = new Map<string, Promise<unknown>>();
  return {
    get: (key) => {
      const entry = tokens.get(key);
      return entry && entry.expiresAt > Date.now() + 30_000 ? entry : undefined;
    },
    set: (key, value) => void tokens.set(key, value),
    delete: (key) => void tokens.delete(key),
    once<T>(key: string, run: () => Promise<T>): Promise<T> {
      const current = running.get(key) as Promise<T> | undefined;
      if (current) return current;
      const started = run().finally(() => running.delete(key));
      running.set(key, started);
      return started;
    },
  };
}

/** One send: the destination, its leads (one, or a batch), and how to keep a rotated credential. */
export interface AdapterCall {
  destination: {
    id: number;
    settings: Record<string, unknown>;
    fieldMap: Record<string, string>;
  };
  /** The opened secret: the API key, the signing secret, or the credentials' JSON. */
  secret: string | null;
  leads: LeadForDelivery[];
  /** The send's stable id: the webhook-id and Message-ID a receiver deduplicates by. */
  messageId: string;
  test: boolean;
  env: AdapterEnv;
  /** Seals and keeps new credentials (a rotated refresh token). */
  saveSecret(secret: string): Promise<void>;
  /** Deletes the destination: a REST hook's subscriber answered 410 Gone. */
  remove(): Promise<void>;
}

export interface DestinationAdapter {
  kind: string;
  /** The vendor's name, as owners know it. */
  name: string;
  /** What it is for, in one line (the console shows its own translation, `destinations.purpose.<kind>`). */
  purpose: string;
  /** The documentation its requests follow. */
  docs: readonly string[];
  /** Its documented API hosts; DELIVERY_VENDOR_BASES replaces them all with one address, paths kept. */
  hosts: Readonly<Record<string, string>>;
  settings: readonly SettingField[];
  secret: SecretSpec;
  /** Why this server cannot send to it (no SMTP server), refusing new destinations of the kind; null when it can. */
  unavailable?(env: Pick<AdapterEnv, 'mail'>): string | null;
  /** Checks beyond the fields' own (a URL's host, the server's mail). */
  validate?(settings: Record<string, unknown>, env: AdapterEnv): FieldError[];
  /** One try for one lead, answered as an Attempt (outcome.ts decides what follows). */
  send(call: AdapterCall): Promise<Attempt>;
  /** Its batch call: up to `max` leads in one try, each lead keeping its own key at the vendor. */
  batch?: { max: number };
}

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const strings = (value: unknown) => (Array.isArray(value) ? value.map(text).filter(Boolean) : []);
export const numbers = (value: unknown) =>
  Array.isArray(value) ? value.filter((entry): entry is number => Number.isInteger(entry)) : [];

/**
 * The vendor's address for `host` (one of its `hosts`), or the replacement given for tests and demos; a
 * replaced address is the admin's choice, so it is reached whatever network it is on.
 */
export function hostOf(adapter: DestinationAdapter, host: string, env: AdapterEnv): string {
  return env.bases[adapter.kind] ?? adapter.hosts[host]!;
}

/** The SSRF policy for a vendor request: an admin's replacement address is allowed on a private network. */
export const policyFor = (adapter: DestinationAdapter, env: AdapterEnv): TargetPolicy =>
  env.bases[adapter.kind] ? { allowPrivate: true } : env.targets;

const isOk = (attempt: Attempt) => attempt.kind === 'answered' && attempt.statusCode >= 200 && attempt.statusCode < 300;

/**
 * The requests one after the other, each judged by `judge` (a vendor's own rate-limit headers, an "already there"
 * that is a success); the first that is not a success is the try's answer.
 */
export async function sendInTurn(
  requests: readonly OutgoingRequest[] | (() => AsyncIterable<OutgoingRequest>),
  policy: TargetPolicy,
  env: AdapterEnv,
  judge: (attempt: Attempt, request: OutgoingRequest) => Attempt = (attempt) => attempt,
  onAnswer?: (attempt: Attempt, request: OutgoingRequest) => void,
): Promise<Attempt> {
  let attempt: Attempt = { kind: 'skipped', reason: 'nothing to send' };
  const iterable = typeof requests === 'function' ? requests() : requests;
  for await (const request of iterable) {
    attempt = judge(await sendRequest(request, policy, env.timeoutMs), request);
    onAnswer?.(attempt, request);
    if (!(isOk(attempt) || (attempt.kind === 'answered' && attempt.verdict === 'delivered'))) return attempt;
  }
  return attempt;
}

/** A lead without an e-mail address, or whose visitor left the consent box unticked, joins no list. */
export function marketingSkip(lead: LeadForDelivery, consent: boolean | null): Attempt | null {
  if (!lead.email) return { kind: 'skipped', reason: 'the lead has no e-mail address' };
  if (consent === false) return { kind: 'skipped', reason: 'the visitor did not consent to marketing e-mail' };
  return null;
}

/** Seconds in a header (a vendor's own rate-limit reset), in milliseconds; null when absent. */
export function secondsHeader(value: string | string[] | undefined): number | null {
  const first = Array.isArray(value) ? value[0] : value;
  const seconds = first ? Number.parseFloat(first) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : null;
}
