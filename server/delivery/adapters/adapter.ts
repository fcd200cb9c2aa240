// The one shape of a destination: what every vendor module declares (docs/vendors.md, "Adding a vendor").
import type { FieldError } from '../../owner/fields.ts';
import type { TargetPolicy } from '../addresses.ts';
import type { LeadForDelivery } from '../delivery-store.ts';
import { type OutgoingRequest, sendRequest } from '../http-send.ts';
import { type Attempt, isTransientStatus, RESPONSE_EXCERPT_CHARS } from '../outcome.ts';

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
  /** A batch's: each lead's own stable id, the one it carries when sent alone. */
  messageIds?: readonly string[];
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
  /** Its batch call, for a destination with a backlog: several leads in one try. */
  batch?: BatchCall;
}

/**
 * A vendor's batch call: up to `max` leads (its documented limit) in one request, each keeping its own key at the
 * vendor (an upsert by e-mail, a webhook item's id), so that a lead sent again alone is not doubled.
 */
export interface BatchCall {
  max: number;
  /** A boolean setting the owner turns on to batch (a webhook's receiver must expect the batch shape). */
  optIn?: string;
  /** Settings the batch call cannot carry (a double opt-in e-mail): a destination with one set sends lead by lead. */
  unlessSet?: readonly string[];
  /** One try of the call's leads: an Attempt per lead, in their order (the vendor's answer for each, or the call's). */
  send(call: AdapterCall): Promise<Attempt[]>;
}

/** How much of a batch call's answer is read, to find each lead's own answer in it. */
export const BATCH_ANSWER_CHARS = 4_000_000;

/** A lead's share of a batch's answer: its own excerpt, as a lead sent alone keeps. */
export const excerptOf = (attempt: Attempt): Attempt =>
  attempt.kind === 'answered' ? { ...attempt, body: attempt.body.slice(0, RESPONSE_EXCERPT_CHARS) } : attempt;

/**
 * The answer to a whole batch, for each of its leads. A refusal the vendor would give any of them (a 4xx: bad
 * input, a wrong key) may be one lead's doing: each is tried again alone, soon, rather than failed with the rest.
 * Trouble on the vendor's side (5xx, 429, no answer) is every lead's to retry, on its own schedule.
 */
export function batchAnswer(attempt: Attempt, count: number): Attempt[] {
  const each = excerptOf(attempt);
  const retryAlone =
    each.kind === 'answered' && !isOk(each) && each.verdict !== 'delivered' && !isTransientStatus(each.statusCode);
  return Array.from({ length: count }, () => (retryAlone ? { ...each, verdict: 'retry' as const } : each));
}

/** A vendor's JSON answer, or null when it is not JSON (or was cut short). */
export function jsonOf(attempt: Attempt): Record<string, unknown> | null {
  if (attempt.kind !== 'answered') return null;
  try {
    const value = JSON.parse(attempt.body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A lead's own refusal inside a batch the vendor answered: final, like the same refusal of the lead alone. */
export const itemRefused = (statusCode: number, detail: unknown): Attempt => ({
  kind: 'answered',
  statusCode,
  body: JSON.stringify(detail).slice(0, RESPONSE_EXCERPT_CHARS),
  retryAfterMs: null,
  verdict: 'permanent',
});

/**
 * A batch of `leads` where some are not sent (no e-mail, no consent: `own` answers them), the rest sent together by
 * `send`, which answers each of those: the answers in the leads' order.
 */
export async function sendSome(
  leads: readonly LeadForDelivery[],
  own: (lead: LeadForDelivery) => Attempt | null,
  send: (indices: number[]) => Promise<Attempt[]>,
): Promise<Attempt[]> {
  const answers: (Attempt | null)[] = leads.map(own);
  const rest = answers.flatMap((answer, index) => (answer ? [] : [index]));
  if (rest.length > 0) {
    const sent = await send(rest);
    rest.forEach((index, position) => (answers[index] = sent[position]!));
  }
  return answers as Attempt[];
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
