import { log } from '../safety.ts';
import { PROOF_OF_WORK_FIELD } from './contract.ts';
import { HttpError, isRetryable, postForm } from './http.ts';
import type { OutboxEntry, OutboxKind, OutboxStore } from './outbox-store.ts';

export const RETRY_BASE_MS = 1_000;
/** Refused leads kept at most; past this the oldest goes, with an error in the console naming it. */
export const DEAD_LETTERS_KEPT = 50;

/** How the first attempt at an entry went: stored by the server, kept for a retry, or refused (dead letter). */
export type DeliveryOutcome = 'delivered' | 'kept' | 'refused';
export const RETRY_CAP_MS = 60_000;

export interface OutboxOptions {
  store: OutboxStore;
  fetchImpl?: typeof fetch;
  now?: () => number;
  random?: () => number;
  sendBeacon?: (url: string, body: URLSearchParams) => boolean;
  /** Called with the server's answer once a lead is confirmed. */
  onDelivered?: (entry: OutboxEntry, answer: unknown) => void;
  /** Called when a read of the store, made after the last entry was added and with nothing in flight, finds nothing to send. */
  onReadEmpty?: () => void;
  /**
   * A proof of work for a lead kept before its proof was found (`proofFor`), asked of that pop-up's challenge; '' when
   * its site asks for none. Rejects when no challenge could be had: the lead waits for the next attempt.
   */
  prove?: (poptinId: string) => Promise<string>;
  /**
   * Where a lead kept before its pop-up was looked up (`addressFor`) goes: that pop-up's conversion address. Rejects
   * as the look-up failed: a pop-up the server does not know refuses the lead, an unanswered look-up waits.
   */
  locate?: (poptinId: string) => Promise<LeadAddress>;
}

/** A pop-up's conversion address, and its target (the `p_target` field of the lead). */
export interface LeadAddress {
  url: string;
  target: string;
}

/**
 * What a lead is kept without, still to come: the pop-up it is for, its proof of work being found, and, for a pop-up
 * placed by hand, its address being looked up.
 */
export interface LeadToCome {
  poptinId: string;
  proof?: Promise<string>;
  address?: Promise<LeadAddress>;
}

export function newIdempotencyKey(random: () => number = Math.random): string {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi?.randomUUID) return cryptoApi.randomUUID();
  return Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
}

/** How long a Retry-After header (seconds, or an HTTP date) asks to wait; null when it asks nothing readable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** Exponential backoff with full jitter, capped. */
export function backoffDelay(attempts: number, random: () => number, retryAfterMs: number | null = null): number {
  const exponential = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  const jittered = exponential / 2 + random() * (exponential / 2);
  return Math.min(RETRY_CAP_MS, Math.max(jittered, retryAfterMs ?? 0));
}

/** Why the server refused: its answer's `message` (server/platform/errors.ts) after the request that got it. */
async function refusalReason(error: unknown): Promise<string> {
  if (!(error instanceof Error)) return String(error);
  try {
    const body =
      error instanceof HttpError ? ((await error.response?.json()) as { message?: unknown } | undefined) : undefined;
    return typeof body?.message === 'string' ? `${error.message}: ${body.message.slice(0, 500)}` : error.message;
  } catch {
    return error.message;
  }
}

/**
 * A lead is written here before it is sent, and leaves only when the server confirms it (design §5).
 * Entries survive reloads (IndexedDB / localStorage) and are retried on the next page load, on `online`,
 * and by timer with backoff; `pagehide` hands what is pending to sendBeacon.
 */
export class Outbox {
  private readonly now: () => number;
  private readonly random: () => number;
  private flushing: Promise<void> | null = null;
  /** Deliveries under way by key: a flush pass waits for them rather than sending a second time. */
  private readonly inFlight = new Map<string, Promise<DeliveryOutcome>>();
  private sendAllNext = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Entries added so far, to tell a read of the store made before the last addition from one made after it. */
  private additions = 0;
  /** The last read of the store, made after the last addition, found nothing to send. */
  private readEmpty = false;
  /** What this page is finding for the leads it kept before it (proofs, addresses), by key. */
  private readonly leadsToCome = new Map<string, LeadToCome>();

  constructor(private readonly options: OutboxOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get storeKind() {
    return this.options.store.kind;
  }

  /**
   * Known without reading the store: whether it may still hold something to send. A page that is going cannot wait
   * for a read (its IndexedDB may never answer), so what it leaves for the next page is decided on this.
   */
  get mayHoldEntries(): boolean {
    return !this.readEmpty || this.inFlight.size > 0;
  }

  /** Persists the lead (or view, or close) first, then tries to deliver it; resolves with its idempotency key. */
  async add(url: string, fields: Record<string, string>, kind: OutboxKind = 'lead'): Promise<string> {
    return (await this.addAndTry(url, fields, kind)).key;
  }

  /**
   * As `add`; `firstAttempt` settles with how the first sending went, for the form to say so: a lead refused
   * by the server stays in the dead-letter list (`deadLetters`), and the visitor is told it could not be sent.
   */
  async addAndTry(
    url: string,
    fields: Record<string, string>,
    kind: OutboxKind = 'lead',
    toCome?: LeadToCome,
  ): Promise<{ key: string; firstAttempt: Promise<DeliveryOutcome> }> {
    const key = fields.idempotency_key || newIdempotencyKey(this.random);
    this.additions++;
    this.readEmpty = false;
    const entry: OutboxEntry = {
      key,
      kind,
      url,
      fields: { ...fields, idempotency_key: key },
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: this.now(),
      ...(toCome?.proof && { proofFor: toCome.poptinId }),
      ...(toCome?.address && { addressFor: toCome.poptinId }),
    };
    if (toCome) this.leadsToCome.set(key, toCome);
    try {
      await this.options.store.put(entry);
    } catch (error) {
      log.error('could not persist the lead; sending it directly', error);
      const outcome = await this.deliver(entry, false);
      return { key, firstAttempt: Promise.resolve(outcome) };
    }
    // Sent at once, not behind a flush pass that may be waiting on a stalled call.
    const firstAttempt = this.deliver(entry, true);
    void firstAttempt.then(() => this.scheduleNext());
    return { key, firstAttempt };
  }

  /** Entries waiting to be sent (refused ones are not: see deadLetters). */
  async pending(): Promise<OutboxEntry[]> {
    return (await this.options.store.all()).filter((entry) => !entry.refused);
  }

  /** Leads the server refused, oldest first: kept on the visitor's device, shown by explain() and the inspector. */
  async deadLetters(): Promise<OutboxEntry[]> {
    return (await this.options.store.all()).filter((entry) => entry.refused).sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * Sends every entry that is due; concurrent calls share one pass. `now: true` (page load, back online)
   * sends every entry at once, whatever its backoff: the reason to wait has just gone.
   */
  flush(options: { now?: boolean } = {}): Promise<void> {
    if (options.now) this.sendAllNext = true;
    this.flushing ??= this.flushDue().finally(() => {
      this.flushing = null;
      if (this.sendAllNext) void this.flush();
    });
    return this.flushing;
  }

  /**
   * On pagehide: hand pending leads to the browser, which sends them even as the page goes away. They stay in the
   * outbox until confirmed.
   */
  flushOnUnload(): void {
    const beacon =
      this.options.sendBeacon ?? ((url: string, body: URLSearchParams) => navigator.sendBeacon?.(url, body) ?? false);
    void this.pending().then((entries) => {
      // A lead still without its proof would only be refused, and one without its address has none to go to: each
      // waits for the next page, which completes it.
      for (const entry of entries.filter((waiting) => !waiting.proofFor && !waiting.addressFor)) {
        try {
          beacon(entry.url, new URLSearchParams(entry.fields));
        } catch (error) {
          log.warn('sendBeacon failed; the lead stays in the outbox', error);
        }
      }
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private async flushDue(): Promise<void> {
    let entries: OutboxEntry[];
    try {
      entries = await this.pending();
    } catch (error) {
      log.error('could not read the lead outbox', error);
      return;
    }
    const now = this.now();
    const all = this.sendAllNext;
    this.sendAllNext = false;
    // Side by side: one call stalled by the network must not hold back the others.
    const due = entries.filter((entry) => all || entry.nextAttemptAt <= now).sort((a, b) => a.createdAt - b.createdAt);
    await Promise.all(due.map((entry) => this.deliver(entry, true)));
    await this.scheduleNext();
  }

  private deliver(entry: OutboxEntry, persisted: boolean): Promise<DeliveryOutcome> {
    const running = this.inFlight.get(entry.key);
    if (running) return running;
    const delivery = this.send(entry, persisted).finally(() => this.inFlight.delete(entry.key));
    this.inFlight.set(entry.key, delivery);
    return delivery;
  }

  private async send(incomplete: OutboxEntry, persisted: boolean): Promise<DeliveryOutcome> {
    let entry = incomplete;
    // What this page is finding for it is taken once: a later attempt asks anew.
    const toCome = this.leadsToCome.get(entry.key);
    this.leadsToCome.delete(entry.key);
    try {
      // Each step kept as it is done: an address found stays found when the proof after it fails.
      entry = await this.located(entry, toCome?.address, persisted);
      entry = await this.proven(entry, toCome?.proof, persisted);
      const answer = await postForm<unknown>(entry.url, entry.fields, {
        fetchImpl: this.options.fetchImpl,
        keepalive: true,
      });
      if (persisted) await this.options.store.delete(entry.key);
      this.options.onDelivered?.(entry, answer);
      return 'delivered';
    } catch (error) {
      if (!isRetryable(error)) return this.refuse(entry, persisted, error);
      const attempts = entry.attempts + 1;
      const retryAfter = error instanceof HttpError ? retryAfterMs(error.retryAfter, this.now()) : null;
      const next = { ...entry, attempts, nextAttemptAt: this.now() + backoffDelay(attempts, this.random, retryAfter) };
      log.warn(`${entry.kind ?? 'lead'} not delivered yet (attempt ${attempts}); it stays in the outbox`, error);
      if (persisted)
        await this.options.store.put(next).catch((e: unknown) => log.error('could not update the lead outbox', e));
      return 'kept';
    }
  }

  /** A lead kept before its pop-up was looked up, with its address and target; the entry itself otherwise. */
  private async located(
    entry: OutboxEntry,
    toCome: Promise<LeadAddress> | undefined,
    persisted: boolean,
  ): Promise<OutboxEntry> {
    if (!entry.addressFor) return entry;
    const { url, target } = await (toCome ??
      this.options.locate?.(entry.addressFor) ??
      Promise.reject(new Error('no way to look its pop-up up on this page')));
    const { addressFor: _located, ...rest } = entry;
    const located: OutboxEntry = { ...rest, url, fields: { ...rest.fields, p_target: target } };
    if (persisted) await this.options.store.put(located);
    return located;
  }

  /** A lead kept before its proof of work was found, with its proof; the entry itself otherwise. */
  private async proven(
    entry: OutboxEntry,
    toCome: Promise<string> | undefined,
    persisted: boolean,
  ): Promise<OutboxEntry> {
    if (!entry.proofFor) return entry;
    const proof = await (toCome ?? this.options.prove?.(entry.proofFor) ?? '');
    const { proofFor: _proved, ...rest } = entry;
    const proven: OutboxEntry = proof ? { ...rest, fields: { ...rest.fields, [PROOF_OF_WORK_FIELD]: proof } } : rest;
    if (persisted) await this.options.store.put(proven);
    return proven;
  }

  /** A view or close the server refuses is dropped; a lead is kept in the dead-letter list, never silently lost. */
  private async refuse(entry: OutboxEntry, persisted: boolean, error: unknown): Promise<DeliveryOutcome> {
    const kind = entry.kind ?? 'lead';
    if (kind !== 'lead') {
      log.error(`the server refused a ${kind}; it will not be retried`, error);
      if (persisted) await this.options.store.delete(entry.key).catch(() => undefined);
      return 'refused';
    }
    const reason = await refusalReason(error);
    log.error(`lead refused, kept as a dead letter (poptin.explain): ${reason}`);
    if (!persisted) return 'refused';
    const refused: OutboxEntry = {
      ...entry,
      refused: { status: error instanceof HttpError ? error.status : 0, reason, at: this.now() },
    };
    await this.options.store.put(refused).catch((e: unknown) => log.error('could not keep the refused lead', e));
    const dead = await this.deadLetters().catch(() => []);
    for (const oldest of dead.slice(0, Math.max(0, dead.length - DEAD_LETTERS_KEPT))) {
      log.error(`dead letters over ${DEAD_LETTERS_KEPT}: the oldest goes`, oldest);
      await this.options.store.delete(oldest.key).catch(() => undefined);
    }
    return 'refused';
  }

  private async scheduleNext(): Promise<void> {
    clearTimeout(this.timer);
    const additions = this.additions;
    const entries = await this.pending().catch(() => null);
    if (entries?.length === 0 && additions === this.additions && this.inFlight.size === 0) {
      this.readEmpty = true;
      this.options.onReadEmpty?.();
    }
    if (!entries?.length) return;
    const soonest = Math.min(...entries.map((entry) => entry.nextAttemptAt));
    this.timer = setTimeout(() => void this.flush(), Math.max(0, soonest - this.now()));
  }
}
