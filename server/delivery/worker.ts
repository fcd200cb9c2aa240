// The delivery worker every server process runs: claims due deliveries, sends them, records each try.
import { randomUUID } from 'node:crypto';
import type { ClaimedDelivery, DeliveryStore, TriedDelivery } from './delivery-store.ts';
import { REQUEST_TIMEOUT_MS } from './http-send.ts';
import { type Attempt, DEFAULT_RETRY_POLICY, decide, type Outcome, type RetryPolicy } from './outcome.ts';
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
  /** Destinations sent to at once: a finished one's slot is filled at once. */
  batchSize: number;
  /** A destination's deliveries claimed together and sent one after the other (its order), then recorded together. */
  runLength: number;
  retry: RetryPolicy;
}

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = {
  pollMs: 1000,
  batchSize: 16,
  runLength: 128,
  retry: DEFAULT_RETRY_POLICY,
};

/**
 * What the worker waits for before each statement: on PGlite, whose one thread runs every statement in turn, the
 * leads waiting to be written go first (a visitor waits for their answer; a delivery may wait a moment).
 */
export type TurnToQuery = () => Promise<void>;

/** How long a stored lead may wait for a run in flight to end before the worker looks for it anyway. */
export const LEAD_WAKE_WHILE_SENDING_MS = 100;

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
    clearTimeout(this.leadWake);
    this.leadWake = undefined;
    this.woken = true;
    this.wakeUp?.();
  }

  private leadWake: ReturnType<typeof setTimeout> | undefined;

  /**
   * A lead was stored with its deliveries. While runs are being sent the look waits for the first to end (or
   * LEAD_WAKE_WHILE_SENDING_MS): a destination that has a run in flight takes the new lead with its next run, and
   * a look per lead batch would mostly find nothing, a statement each on PGlite's one thread.
   */
  leadStored(): void {
    if (this.inFlight.size === 0) return this.wake();
    this.leadWake ??= setTimeout(() => this.wake(), LEAD_WAKE_WHILE_SENDING_MS);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.leadWake);
    this.leadWake = undefined;
    this.wakeUp?.();
    await this.loop;
  }

  /** Set by LeadDelivery.start: on PGlite, the lead writes' turn before each of the worker's statements. */
  turnToQuery: TurnToQuery = async () => undefined;

  /**
   * Claims the runs of up to `room` destinations and starts sending them; answers how many. A run that finishes
   * frees its slot at once, so one stalled destination does not hold the others' deliveries back.
   */
  private async claimAndStart(room: number): Promise<number> {
    await this.turnToQuery();
    const claimed = await this.store.claim(this.token, this.leaseMs, room, this.settings.runLength);
    const runs = new Map<number, ClaimedDelivery[]>();
    for (const delivery of claimed) {
      const run = runs.get(delivery.destination.id);
      if (run) run.push(delivery);
      else runs.set(delivery.destination.id, [delivery]);
    }
    for (const run of runs.values()) {
      const sending: Promise<void> = this.deliverRun(run)
        .catch(this.onError)
        .finally(() => {
          this.inFlight.delete(sending);
          this.wake();
        });
      this.inFlight.add(sending);
    }
    return runs.size;
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
      // Fewer runs than there was room for: nothing else is due now. A run ending or a lead stored wakes the worker.
      if ((room > 0 && claimed === room) || this.woken || !this.running) continue;
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

  /**
   * Sends a destination's run in order and records it in one statement. A try to be retried ends the run (what
   * follows waits for it); so does the worker stopping, or the first quarter of the lease running out, so that the
   * last send (up to three requests) and the record still end within the lease. What was not tried is given back.
   * A daily digest sends the whole run in one e-mail.
   */
  private async deliverRun(run: ClaimedDelivery[]): Promise<void> {
    const claimedAt = performance.now();
    const tried: (TriedDelivery & { delivery: ClaimedDelivery })[] = [];
    const note = (delivery: ClaimedDelivery, attempt: Attempt, started: number) => {
      const outcome = decide(attempt, delivery.attempts, delivery.ageMs, this.settings.retry);
      tried.push({ id: delivery.id, delivery, attempt, outcome, durationMs: performance.now() - started });
      return outcome;
    };
    if (isDailyDigest(run[0]!.destination)) {
      const attempt = await this.send(run);
      for (const delivery of run) note(delivery, attempt, claimedAt);
    } else {
      for (const delivery of run) {
        if (!this.running || performance.now() - claimedAt > this.leaseMs / 4) break;
        const started = performance.now();
        if (note(delivery, await this.send([delivery]), started).kind === 'retry') break;
      }
    }
    await this.turnToQuery();
    const untried = run.slice(tried.length).map((delivery) => delivery.id);
    const recorded = await this.store.finishRun(this.token, tried, untried);
    for (const { delivery, outcome } of tried) await this.count(delivery, outcome, recorded.has(delivery.id));
  }

  /** One try: the lead, or a digest's leads in one e-mail. */
  private async send(deliveries: ClaimedDelivery[]): Promise<Attempt> {
    const head = deliveries[0]!;
    try {
      const { destination } = head;
      const secret = destination.sealedSecret ? await this.box.open(destination.sealedSecret) : null;
      return deliveries.length > 1
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
      return { kind: 'refused', error: `could not be sent: ${(error as Error).message}` };
    }
  }

  private async count(delivery: ClaimedDelivery, outcome: Outcome, recorded: boolean): Promise<void> {
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
