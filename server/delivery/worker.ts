// The delivery worker every server process runs: claims due deliveries, sends them, records each try.
import { createHash, randomUUID } from 'node:crypto';
import { ADAPTERS } from './adapters/index.ts';
import {
  type BatchingKind,
  type ClaimedDelivery,
  type DeliveryStore,
  problemOf,
  type TriedDelivery,
} from './delivery-store.ts';
import { type Attempt, DEFAULT_RETRY_POLICY, decide, type RetryPolicy } from './outcome.ts';
import type { SecretBox } from './secrets.ts';
import {
  type SenderSettings,
  sendBatchToDestination,
  sendFailureAlert,
  sendNotification,
  sendToDestination,
} from './senders.ts';

export interface WorkerSettings {
  /** How often the table is looked at when nothing woke the worker (other processes' leads, retries falling due). */
  pollMs: number;
  /** Sends this process has in flight at once: a finished one's slot is filled at once. */
  concurrency: number;
  /** A destination's deliveries in flight at once, across every process. */
  perDestination: number;
  /**
   * How long a claim holds unless renewed. A live worker renews its claims every third of it, so a send may take
   * longer; a killed worker's deliveries are taken over by another once it runs out.
   */
  leaseMs: number;
  /** The site's owners are mailed once a destination's every try has failed this long (or one failed for good). */
  alertAfterFailingMs: number;
  retry: RetryPolicy;
  /** A destination's backlog goes in its vendor's batch call, where it has one (adapters/, BatchCall). */
  batch: boolean;
}

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = {
  pollMs: 1000,
  concurrency: 32,
  perDestination: 4,
  leaseMs: 10_000,
  alertAfterFailingMs: 10 * 60_000,
  retry: DEFAULT_RETRY_POLICY,
  batch: true,
};

/** The kinds with a batch call, as the claim takes them. */
const BATCHING: readonly BatchingKind[] = Object.values(ADAPTERS).flatMap((adapter) =>
  adapter.batch
    ? [{ kind: adapter.kind, max: adapter.batch.max, optIn: adapter.batch.optIn, unlessSet: adapter.batch.unlessSet }]
    : [],
);

/**
 * What the worker waits for before each statement: on PGlite, whose one thread runs every statement in turn, the
 * leads waiting to be written go first (a visitor waits for their answer; a delivery may wait a moment).
 */
export type TurnToQuery = () => Promise<void>;

/** How long a stored lead may wait for a send in flight to end before the worker looks for it anyway. */
export const LEAD_WAKE_WHILE_SENDING_MS = 100;

/**
 * The stable id of a delivery: the webhook-id and Message-ID a receiver deduplicates by. A partial lead (a pop-up in
 * steps) and the whole lead that later replaces it are two messages of one delivery, so the partial one's id says so.
 */
export const messageIdOf = ({ id, lead }: Pick<ClaimedDelivery, 'id' | 'lead'>) =>
  lead.fields.partial === 'yes' ? `dlv_${id}_partial` : `dlv_${id}`;

/** A batch's webhook-id: the same for the same messages; each lead carries its own messageIdOf inside. */
export const batchMessageIdOf = (messageIds: readonly string[]) =>
  `dlvb_${createHash('sha256').update(messageIds.join(',')).digest('base64url').slice(0, 22)}`;

export interface WorkerFigures {
  delivered: number;
  retried: number;
  failed: number;
  /** Tries whose lease had run out, so another worker had taken the delivery over (or the lead was erased). */
  lost: number;
}

type Tried = TriedDelivery & { delivery: ClaimedDelivery };

/**
 * Sends deliveries as the trusted webhook senders do: no order between them, each retried on its own schedule
 * (outcome.ts), a few of a destination in flight at once, so that one lead a receiver keeps refusing delays no
 * other. A send is one delivery, or a daily digest's day in one e-mail; its outcome is recorded with the others that
 * finished meanwhile, in one statement, before the next claim.
 */
export class DeliveryWorker {
  private readonly token = randomUUID();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** The deliveries being sent, whose leases the worker renews. */
  private readonly held = new Set<number>();
  /** Tries finished and not yet recorded. */
  private finished: Tried[] = [];
  private renewedAt = 0;
  readonly figures: WorkerFigures = { delivered: 0, retried: 0, failed: 0, lost: 0 };

  constructor(
    private readonly store: DeliveryStore,
    private readonly box: SecretBox,
    private readonly senders: SenderSettings,
    private readonly settings: WorkerSettings = DEFAULT_WORKER_SETTINGS,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

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
   * A lead was stored with its deliveries. While sends are in flight the look waits for the first to end (or
   * LEAD_WAKE_WHILE_SENDING_MS): a look per lead batch would mostly find nothing, a statement each on PGlite's one
   * thread.
   */
  leadStored(): void {
    if (this.inFlight.size === 0) return this.wake();
    this.leadWake ??= setTimeout(() => this.wake(), LEAD_WAKE_WHILE_SENDING_MS);
  }

  /** Stops claiming, lets the sends in flight end and records them. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.leadWake);
    this.leadWake = undefined;
    this.wakeUp?.();
    await this.loop;
  }

  /** Set by LeadDelivery.start: on PGlite, the lead writes' turn before each of the worker's statements. */
  turnToQuery: TurnToQuery = async () => undefined;

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let claimed = 0;
      const room = this.settings.concurrency - this.inFlight.size;
      try {
        await this.recordFinished();
        await this.renewLeases();
        if (room > 0) claimed = await this.claimAndStart(room);
      } catch (error) {
        this.onError(error);
      }
      // As many sends as there was room for: more may be due. A send ending or a lead stored wakes the worker.
      if ((room > 0 && claimed === room) || this.woken || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(this.settings.pollMs, this.settings.leaseMs / 3));
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
    // The sends in flight end within their time limit; their claims are kept meanwhile.
    while (this.inFlight.size > 0) {
      await Promise.race([...this.inFlight, new Promise((resolve) => setTimeout(resolve, this.settings.leaseMs / 3))]);
      await this.renewLeases().catch(this.onError);
    }
    await this.recordFinished().catch(this.onError);
  }

  /** Claims up to `room` sends and starts them; answers how many (`room` when more may be due at once). */
  private async claimAndStart(room: number): Promise<number> {
    await this.turnToQuery();
    const claimed = await this.store.claim(
      this.token,
      this.settings.leaseMs,
      room,
      this.settings.perDestination,
      undefined,
      this.settings.batch ? BATCHING : [],
    );
    const sends = new Map<string, ClaimedDelivery[]>();
    for (const delivery of claimed) {
      this.held.add(delivery.id);
      const send = sends.get(delivery.sendKey);
      if (send) send.push(delivery);
      else sends.set(delivery.sendKey, [delivery]);
    }
    for (const send of sends.values()) {
      const sending: Promise<void> = this.deliver(send)
        .catch(this.onError)
        .finally(() => {
          this.inFlight.delete(sending);
          this.wake();
        });
      this.inFlight.add(sending);
    }
    // A claim stops short of a large backlog (CLAIM_ROWS): after one that took a batch, look again at once.
    return sends.size < claimed.length ? room : sends.size;
  }

  /** One send (a delivery, a digest's deliveries in one e-mail, a batch call); its outcomes wait to be recorded. */
  private async deliver(send: ClaimedDelivery[]): Promise<void> {
    const started = performance.now();
    const attempts = await this.send(send);
    const durationMs = performance.now() - started;
    // One jitter for the whole send: the leads of a batch that failed together come back due together, in one job.
    const jitter = Math.random();
    send.forEach((delivery, index) => {
      const attempt = attempts[index]!;
      const outcome = decide(attempt, delivery.attempts, delivery.ageMs, this.settings.retry, () => jitter);
      this.finished.push({ id: delivery.id, delivery, attempt, outcome, durationMs });
    });
  }

  private async recordFinished(): Promise<void> {
    if (this.finished.length === 0) return;
    const tried = this.finished;
    this.finished = [];
    await this.turnToQuery();
    let recorded: Set<number>;
    try {
      recorded = await this.store.record(this.token, tried);
    } catch (error) {
      // Kept for the next turn: until its lease runs out, no other worker sends it again.
      this.finished.unshift(...tried);
      throw error;
    }
    for (const entry of tried) {
      this.held.delete(entry.delivery.id);
      await this.count(entry, recorded.has(entry.delivery.id));
    }
  }

  /** Every third of the lease, the claims still being sent are kept for another lease. */
  private async renewLeases(): Promise<void> {
    if (this.held.size === 0 || performance.now() - this.renewedAt < this.settings.leaseMs / 3) return;
    this.renewedAt = performance.now();
    await this.turnToQuery();
    await this.store.renew(this.token, this.settings.leaseMs, [...this.held]);
  }

  /** One try: the lead, a digest's leads in one e-mail, or a batch: an Attempt per delivery. */
  private async send(deliveries: ClaimedDelivery[]): Promise<Attempt[]> {
    const head = deliveries[0]!;
    const each = (attempt: Attempt) => deliveries.map(() => attempt);
    try {
      const { destination } = head;
      const secret = destination.sealedSecret ? await this.box.open(destination.sealedSecret) : null;
      const context = {
        messageId: messageIdOf(head),
        saveSecret: async (renewed: string) =>
          this.store.replaceSealedSecret(destination.id, await this.box.seal(renewed)),
        remove: async () => void (await this.store.deleteDestination(destination.clientId, destination.id)),
      };
      if (deliveries.length === 1)
        return each(await sendToDestination({ ...destination, secret }, head.lead, context, this.senders));
      if (head.sendKey.startsWith('d'))
        return each(
          await sendNotification(
            { ...destination, secret },
            deliveries.map((delivery) => delivery.lead),
            { messageId: context.messageId },
            this.senders.mail,
          ),
        );
      const messageIds = deliveries.map(messageIdOf);
      return await sendBatchToDestination(
        { ...destination, secret },
        deliveries.map((delivery) => delivery.lead),
        { ...context, messageId: batchMessageIdOf(messageIds), messageIds },
        this.senders,
      );
    } catch (error) {
      return each({ kind: 'refused', error: `could not be sent: ${(error as Error).message}` });
    }
  }

  private async count(tried: Tried, recorded: boolean): Promise<void> {
    const { delivery, outcome } = tried;
    if (!recorded) this.figures.lost += 1;
    else if (outcome.kind === 'delivered') this.figures.delivered += 1;
    else {
      if (outcome.kind === 'retry') this.figures.retried += 1;
      else this.figures.failed += 1;
      const reason = problemOf(tried) ?? 'not delivered';
      await this.alertOwners(delivery, outcome.kind === 'failed', reason).catch(this.onError);
    }
  }

  private async alertOwners(delivery: ClaimedDelivery, final: boolean, reason: string): Promise<void> {
    const mail = this.senders.mail;
    if (!mail) return;
    const alert = await this.store.takeFailureAlert(delivery.destination.id, final, this.settings.alertAfterFailingMs);
    if (!alert || alert.owners.length === 0) return;
    await sendFailureAlert(mail, alert.owners, {
      clientId: alert.clientId,
      name: alert.name,
      leadId: delivery.lead.id,
      reason,
      failingSince: final ? null : alert.failingSince,
    });
  }
}
