// Lead delivery: destinations per site, deliveries written with each lead, workers in every process.

import { randomUUID } from 'node:crypto';
import type { TestAnswer } from '../../src/core/api/delivery-contract.ts';
import type { Database } from '../db/database.ts';
import type { Store } from '../db/store.ts';
import { DeliveryStore, type LeadForDelivery } from './delivery-store.ts';
import type { Attempt } from './outcome.ts';
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
  /** The vendors' API addresses, for tests against fakes (their documented hosts otherwise). */
  vendorBases?: VendorBases;
  /** Sends a visitor's own e-mail (server/visitor-email/). */
  visitorEmail?: SenderSettings['visitorEmail'];
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
    const box = new SecretBox(() => deliveryKeyOf(db, options.key));
    const senders: SenderSettings = {
      targets: { allowPrivate: options.allowPrivate ?? false },
      mail: options.mail ?? null,
      timeoutMs: options.timeoutMs,
      vendorBases: options.vendorBases ?? {},
      visitorEmail: options.visitorEmail,
    };
    const worker = options.worker === false ? null : { ...DEFAULT_WORKER_SETTINGS, ...options.worker };
    return new LeadDelivery(db, box, senders, worker, onError);
  }

  /**
   * Starts the worker, woken by every lead `store` takes; answers the stop. On PGlite the leads waiting to be
   * written go before each of the worker's statements.
   */
  start(store: Store): () => Promise<void> {
    if (!this.worker) return async () => undefined;
    const worker = this.worker;
    store.onLeadStored = () => worker.leadStored();
    if (this.oneThread) worker.turnToQuery = () => store.afterLeadWrites();
    worker.start();
    return async () => {
      store.onLeadStored = null;
      await worker.stop();
    };
  }

  /** Sends a test lead to a destination now, outside the queue, and answers what came back. */
  async sendTest(clientId: string, destinationId: number, lead: LeadForDelivery): Promise<TestAnswer | null> {
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
      },
      lead,
      { messageId: `test_${randomUUID()}`, test: true },
      this.senders,
    );
    const answered = attempt.kind === 'answered';
    return {
      delivered: (answered && attempt.statusCode >= 200 && attempt.statusCode < 300) || attempt.kind === 'skipped',
      statusCode: answered ? attempt.statusCode : null,
      response: answered ? attempt.body : attempt.kind === 'skipped' ? `not sent: ${attempt.reason}` : null,
      error: attempt.kind === 'network' || attempt.kind === 'refused' ? attempt.error : null,
      durationMs: Math.round(performance.now() - started),
    };
  }
}
