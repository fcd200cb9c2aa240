// Lead delivery: destinations per site, deliveries written with each lead, workers in every process.

import { randomUUID } from 'node:crypto';
import type { TestAnswer } from '../../src/core/api/delivery-contract.ts';
import type { Database } from '../db/database.ts';
import { type AdapterEnv, newTokenCache } from './adapters/adapter.ts';
import { DeliveryStore, type LeadForDelivery } from './delivery-store.ts';
import type { Attempt } from './outcome.ts';
import type { LeadArrivals } from './queue.ts';
import { deliveryKeyOf, SecretBox } from './secrets.ts';
import { type MailSettings, type SenderSettings, sendToDestination } from './senders.ts';
import type { VendorBases } from './vendors.ts';
import { DEFAULT_WORKER_SETTINGS, DeliveryWorker, type WorkerSettings } from './worker.ts';

export interface DeliveryOptions {
  /** DELIVERY_ALLOW_PRIVATE=1: destinations may be plain http and at private addresses. */
  allowPrivate?: boolean;
  /** DELIVERY_KEY: seals destination secrets; without it a key kept in the database. */
  key?: Buffer;
  /** SMTP_URL / SMTP_FROM for e-mail notifications; null: none. */
  mail?: MailSettings | null;
  /** The worker's settings; false: this process sends nothing (the deliveries wait for another one). */
  worker?: Partial<WorkerSettings> | false;
  /** Per-request time limit of sends. */
  timeoutMs?: number;
  /**
   * DELIVERY_VENDOR_BASES: the vendors' API addresses replaced, by kind, for tests and demos against fakes (their
   * documented hosts otherwise). Refused when NODE_ENV=production.
   */
  vendorBases?: VendorBases;
  /** Sends a visitor's own e-mail (server/visitor-email/). */
  visitorEmail?: SenderSettings['visitorEmail'];
}

/** Vendor addresses may be replaced only outside production: a replaced one would receive every lead and key. */
export function checkVendorBases(bases: VendorBases | undefined, env: NodeJS.ProcessEnv = process.env): void {
  if (bases && Object.keys(bases).length > 0 && env.NODE_ENV === 'production')
    throw new Error(
      'DELIVERY_VENDOR_BASES (vendor addresses replaced by fakes) is for tests and demos: it is refused when NODE_ENV=production',
    );
}

export class LeadDelivery {
  readonly store: DeliveryStore;
  readonly worker: DeliveryWorker | null;
  /** PGlite runs every statement on the server's one thread, in turn with the lead writes. */
  private readonly oneThread: boolean;

  private constructor(
    db: Database,
    readonly box: SecretBox,
    readonly senders: SenderSettings,
    worker: WorkerSettings | null,
    onError: (error: unknown) => void,
  ) {
    this.store = new DeliveryStore(db);
    this.oneThread = db.kind === 'pglite';
    this.worker = worker ? new DeliveryWorker(this.store, box, senders, worker, onError) : null;
  }

  static async open(
    db: Database,
    options: DeliveryOptions = {},
    onError: (error: unknown) => void = () => undefined,
  ): Promise<LeadDelivery> {
    checkVendorBases(options.vendorBases);
    const box = new SecretBox(() => deliveryKeyOf(db, options.key));
    const senders: SenderSettings = {
      targets: { allowPrivate: options.allowPrivate ?? false },
      mail: options.mail ?? null,
      timeoutMs: options.timeoutMs,
      vendorBases: options.vendorBases ?? {},
      tokens: newTokenCache(),
      visitorEmail: options.visitorEmail,
    };
    const worker = options.worker === false ? null : { ...DEFAULT_WORKER_SETTINGS, ...options.worker };
    return new LeadDelivery(db, box, senders, worker, onError);
  }

  /** Whether start's worker is running: only then do stored leads wake it. */
  private started = false;

  /** What the lead repository tells of the leads it stored (delivery/queue.ts): the worker, once started, looks. */
  readonly arrivals: LeadArrivals = {
    leadStored: () => {
      if (this.started) this.worker?.leadStored();
    },
  };

  /**
   * Starts the worker, woken through `arrivals`; answers the stop. On PGlite the leads waiting to be written
   * (`leads.afterLeadWrites`) go before each of the worker's statements.
   */
  start(leads: { afterLeadWrites(): Promise<void> }): () => Promise<void> {
    if (!this.worker) return async () => undefined;
    const worker = this.worker;
    this.started = true;
    if (this.oneThread) worker.turnToQuery = () => leads.afterLeadWrites();
    worker.start();
    return async () => {
      this.started = false;
      await worker.stop();
    };
  }

  /** What the adapters are given to check settings and send (routes.ts reads it for validation). */
  adapterEnv(): AdapterEnv {
    return {
      targets: this.senders.targets,
      timeoutMs: this.senders.timeoutMs,
      mail: this.senders.mail,
      bases: (this.senders.vendorBases ?? {}) as Readonly<Record<string, string>>,
      tokens: this.senders.tokens ?? newTokenCache(),
      notify: async () => ({ kind: 'refused', error: 'not for sending' }),
    };
  }

  /** Sends a test lead to a destination now, outside the queue, and answers what came back. */
  async sendTest(
    clientId: string,
    destinationId: number,
    lead: LeadForDelivery,
    testTo: string | null = null,
  ): Promise<TestAnswer | null> {
    const destination = await this.store.findDestination(clientId, destinationId);
    if (!destination) return null;
    const sealed = await this.store.sealedSecretOf(clientId, destinationId);
    const started = performance.now();
    const attempt: Attempt = await sendToDestination(
      {
        kind: destination.kind,
        settings: destination.settings,
        fieldMap: destination.fieldMap,
        secret: sealed ? await this.box.open(sealed) : null,
        id: destination.id,
      },
      lead,
      {
        messageId: `test_${randomUUID()}`,
        test: true,
        testTo,
        saveSecret: async (secret) => this.store.replaceSealedSecret(destination.id, await this.box.seal(secret)),
        remove: async () => void (await this.store.deleteDestination(clientId, destination.id)),
      },
      this.senders,
    );
    const answered = attempt.kind === 'answered';
    return {
      statusCode: answered ? attempt.statusCode : null,
      delivered:
        (answered && attempt.verdict === 'delivered') ||
        (answered && !attempt.verdict && attempt.statusCode >= 200 && attempt.statusCode < 300) ||
        attempt.kind === 'skipped',
      response: answered ? attempt.body : attempt.kind === 'skipped' ? `not sent: ${attempt.reason}` : null,
      error: attempt.kind === 'network' || attempt.kind === 'refused' ? attempt.error : null,
      durationMs: Math.round(performance.now() - started),
    };
  }
}
