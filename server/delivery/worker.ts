// The delivery worker every server process runs: claims due deliveries, sends them, records each try.
import { randomUUID } from 'node:crypto';
import type { ClaimedDelivery, DeliveryStore } from './delivery-store.ts';
import { REQUEST_TIMEOUT_MS } from './http-send.ts';
import { type Attempt, DEFAULT_RETRY_POLICY, decide, type RetryPolicy } from './outcome.ts';
import type { SecretBox } from './secrets.ts';
import {
  isDailyDigest,
  type SenderSettings,
  sendFailureAlert,
  sendNotification,
  sendToDestination,
} from './senders.ts';

export interface WorkerSettings {
  /** How often the table is looked at when nothing woke the worker (other processes' leads, retries falling due). */
  pollMs: number;
  /** Deliveries sent at once (to different destinations): a finished one's slot is filled at once. */
  batchSize: number;
  retry: RetryPolicy;
}

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = { pollMs: 1000, batchSize: 16, retry: DEFAULT_RETRY_POLICY };

/** The stable id of a delivery: the webhook-id and Message-ID a receiver deduplicates by. */
export const messageIdOf = (deliveryId: number) => `dlv_${deliveryId}`;

export interface WorkerFigures {
  delivered: number;
  retried: number;
  failed: number;
  /** Tries whose lease had run out, so another worker had taken the delivery over. */
  lost: number;
}

export class DeliveryWorker {
  private readonly token = randomUUID();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly inFlight = new Set<Promise<void>>();
  readonly figures: WorkerFigures = { delivered: 0, retried: 0, failed: 0, lost: 0 };

  constructor(
    private readonly store: DeliveryStore,
    private readonly box: SecretBox,
    private readonly senders: SenderSettings,
    private readonly settings: WorkerSettings = DEFAULT_WORKER_SETTINGS,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** A lease outlives the longest a send may take, so that a delivery is taken over only from a worker that died. */
  private get leaseMs(): number {
    return 4 * (this.senders.timeoutMs ?? REQUEST_TIMEOUT_MS);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Something may be due: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  /**
   * Claims up to `room` due deliveries and starts sending them; answers how many. A delivery that finishes frees its
   * slot at once, so one stalled destination does not hold the others' deliveries back.
   */
  private async claimAndStart(room: number): Promise<number> {
    const claimed = await this.store.claim(this.token, this.leaseMs, room);
    for (const delivery of claimed) {
      const sending: Promise<void> = this.deliver(delivery)
        .catch(this.onError)
        .finally(() => {
          this.inFlight.delete(sending);
          this.wake();
        });
      this.inFlight.add(sending);
    }
    return claimed.length;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      this.woken = false;
      const room = this.settings.batchSize - this.inFlight.size;
      if (room > 0) {
        try {
          claimed = await this.claimAndStart(room);
        } catch (error) {
          this.onError(error);
        }
      }
      if (claimed > 0 || this.woken || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.settings.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
    await Promise.all(this.inFlight);
  }

  private async deliver(head: ClaimedDelivery): Promise<void> {
    const started = performance.now();
    // A daily digest takes the destination's other due deliveries too: one e-mail carries them all.
    const deliveries = isDailyDigest(head.destination)
      ? [head, ...(await this.store.claimDueOf(head.destination.id, this.token, this.leaseMs, head.id))]
      : [head];
    let attempt: Attempt;
    try {
      const { destination } = head;
      const secret = destination.sealedSecret ? await this.box.open(destination.sealedSecret) : null;
      attempt =
        deliveries.length > 1
          ? await sendNotification(
              { ...destination, secret },
              deliveries.map((delivery) => delivery.lead),
              { messageId: messageIdOf(head.id) },
              this.senders.mail,
            )
          : await sendToDestination(
              { ...destination, secret },
              head.lead,
              { messageId: messageIdOf(head.id) },
              this.senders,
            );
    } catch (error) {
      attempt = { kind: 'refused', error: `could not be sent: ${(error as Error).message}` };
    }
    for (const delivery of deliveries) await this.record(delivery, attempt, performance.now() - started);
  }

  private async record(delivery: ClaimedDelivery, attempt: Attempt, durationMs: number): Promise<void> {
    const outcome = decide(attempt, delivery.attempts, delivery.ageMs, this.settings.retry);
    const recorded = await this.store.finish(delivery.id, this.token, attempt, outcome, durationMs);
    if (!recorded) this.figures.lost += 1;
    else if (outcome.kind === 'delivered') this.figures.delivered += 1;
    else if (outcome.kind === 'retry') this.figures.retried += 1;
    else {
      this.figures.failed += 1;
      await this.alertOwners(delivery, outcome.reason).catch(this.onError);
    }
  }

  private async alertOwners(delivery: ClaimedDelivery, reason: string): Promise<void> {
    const mail = this.senders.mail;
    if (!mail) return;
    const alert = await this.store.takeFailureAlert(delivery.destination.id);
    if (!alert || alert.owners.length === 0) return;
    await sendFailureAlert(mail, alert.owners, {
      clientId: alert.clientId,
      name: alert.name,
      leadId: delivery.lead.id,
      reason,
    });
  }
}
