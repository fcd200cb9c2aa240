// What the server hears of this page's pop-ups: views, closes and leads, each kept in the outbox before it is sent
// (retried, beaconed as the page goes away, stored once); in consent mode, held in memory until the visitor answers.
// A chunk of its own, which the session reaches through reports-link.ts.

import type { ClosedRequest, ConversionAnswer, ViewedAnswer, ViewedRequest } from '../../src/core/api/contract.ts';
import { type DeliveryOutcome, type LeadToCome, newIdempotencyKey, Outbox } from '../../src/core/api/outbox.ts';
import {
  type OutboxEntry,
  type OutboxKind,
  type OutboxStore,
  openOutboxStore,
} from '../../src/core/api/outbox-store.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import { fetchAfterNextPaint } from '../../src/core/loading/after-next-paint.ts';
import { yieldToPage } from '../../src/core/loading/yield-to-page.ts';
import { guard, listenSafely, log } from '../../src/core/safety.ts';
import type { RefusedLead } from '../../src/stores/explain.ts';
import type { SessionContext } from './context.ts';
import { LeadReports, type StoreReports } from './lead-reports.ts';

export type { LeadToSend, StoreReports } from './lead-reports.ts';

export interface ReporterOptions {
  store: StoreReports;
  /** The outbox's storage; the browser's (localStorage, IndexedDB) by default, memory only before consent. */
  openStore?: (memoryOnly: boolean) => Promise<OutboxStore>;
  fetchImpl?: typeof fetch;
  /** Whether the site takes leads only with the widget's proof of work (DisplayAnswer.proof_of_work); no by default. */
  proofOfWork?: () => boolean;
}

/** A view the server has not answered yet, and whom to tell its id. */
type ViewInFlight = (viewId: string) => void;

export class Reporter {
  private outbox: Outbox | null = null;
  /** Opened when an earlier page left reports to send, or at this page's first report: not before. */
  private outboxReady: Promise<void> | null = null;
  private readonly viewsInFlight = new Map<string, ViewInFlight>();
  /** Views and closes before consent (and leads, with `lead-before-consent="hold"`): sent on consent, dropped on refusal. */
  private heldReports: { url: string; fields: Record<string, string>; kind: OutboxKind; toCome?: LeadToCome }[] = [];
  private readonly cleanups: (() => void)[];
  /** The leads' part (lead-reports.ts): their fields, proof of work and answers. */
  readonly leads: LeadReports;
  constructor(
    private readonly context: SessionContext,
    private readonly options: ReporterOptions,
  ) {
    this.leads = new LeadReports(
      context,
      options.store,
      (url, fields, kind, toCome) => this.sendReliably(url, fields, kind, toCome),
      options.proofOfWork ?? (() => false),
    );
    this.cleanups = [
      listenSafely(context.window, 'online', () => void this.outbox?.flush({ now: true })),
      listenSafely(context.window, 'pagehide', () => this.leavePage()),
    ];
    if (context.visitor.outboxWaiting) void this.openedOutbox();
  }

  private openedOutbox(): Promise<void> {
    this.outboxReady ??= this.openOutbox();
    return this.outboxReady;
  }

  /**
   * The record tells the next page to send again what may still be unsent, and that goes with the browser's beacon
   * meanwhile. Marked at once: a read of the store started now may never finish while the page goes.
   */
  private leavePage(): void {
    const outbox = this.outbox;
    if (!outbox) return;
    if (outbox.mayHoldEntries && !this.context.storesNothing) this.context.visitor.markOutboxWaiting();
    outbox.flushOnUnload();
  }

  stop(): void {
    this.cleanups.splice(0).forEach((cleanup) => guard('cleanup', cleanup));
    this.outbox?.dispose();
  }

  private async openOutbox(): Promise<void> {
    const memoryOnly = this.context.storesNothing;
    const store = await (this.options.openStore ?? ((memory) => openOutboxStore(globalThis, { memoryOnly: memory })))(
      memoryOnly,
    );
    // On consent, what the page's memory outbox still holds moves to the stored one.
    const before = this.outbox;
    before?.dispose();
    for (const entry of (await before?.pending()) ?? []) await store.put(entry);
    this.outbox = new Outbox({
      store,
      // What the outbox's requests carry is stored at once, before the wait.
      fetchImpl: fetchAfterNextPaint(this.options.fetchImpl),
      now: () => this.context.now(),
      onDelivered: (sent, answer) => this.onDelivered(sent, answer),
      onReadEmpty: () => this.context.visitor.clearOutboxWaiting(),
      prove: (poptinId) => this.leads.prove(poptinId),
      locate: (poptinId) => this.leads.locate(poptinId),
    });
    // Leads left by an earlier page (server down, tab closed) go out now.
    void this.outbox.flush({ now: true });
  }

  /** Consent mode: on consent the outbox moves to the browser's storage and what waited is sent; on refusal it is dropped. */
  consentAnswered(given: boolean): void {
    const held = this.heldReports.splice(0);
    if (!given) return;
    // An outbox not opened yet opens as a stored one at the first report.
    if (this.outboxReady) this.outboxReady = this.outboxReady.then(() => this.openOutbox());
    for (const { url, fields, kind, toCome } of held)
      void this.sendReliably(url, fields, kind, toCome).catch((error: unknown) => log.warn('report not sent', error));
  }

  /**
   * A showing the visitor sees, recorded in the visitor's history already (reports-link.ts); `onRecorded` hears the
   * server's id of its view.
   */
  reportView(config: PopupConfig, trigger: string, onRecorded: (viewId: string) => void): void {
    // Held in memory before consent: at once, so that a refusal drops it.
    if (this.context.storesNothing) return this.sendView(config, trigger, onRecorded);
    // The record's cookie write, and the key (the page's first crypto.randomUUID()), the outbox's opening and its
    // write below, together made one long task at 4× CPU slowdown right after the frame that showed the pop-up: the
    // page gets the thread back between them.
    this.viewSent = yieldToPage().then(() => this.sendView(config, trigger, onRecorded));
  }

  /** The last view on its way to the outbox: a close that follows it goes after it. */
  private viewSent: Promise<void> = Promise.resolve();

  private sendView(config: PopupConfig, trigger: string, onRecorded: (viewId: string) => void): void {
    const { context } = this;
    const id = config.id;
    const key = newIdempotencyKey();
    this.viewsInFlight.set(key, onRecorded);
    const view: ViewedRequest = {
      viewer_id: config.viewerId,
      trigger,
      client_id: context.clientId,
      type: config.type,
      url: context.page.url,
      converted_email: context.visitor.convertedEmail(),
      idempotency_key: key,
      ...this.options.store.identity(),
    };
    this.options.store.reportActivity(id, 'viewed');
    void this.sendReliably(context.api.viewedUrl(id), { ...view }, 'view');
  }

  /** A close, recorded in the visitor's history already (reports-link.ts). */
  reportClose(config: PopupConfig): void {
    const { context } = this;
    const close: ClosedRequest = {
      client_id: context.clientId,
      url: context.page.url,
      converted_email: context.visitor.convertedEmail(),
      idempotency_key: newIdempotencyKey(),
      ...this.options.store.identity(),
    };
    this.options.store.reportActivity(config.id, 'closed');
    void this.viewSent
      .then(() => this.sendReliably(context.api.closedUrl(config.id), { ...close }, 'close'))
      .catch((error: unknown) => log.warn('close not recorded', error));
  }

  /** Kept in the outbox, then sent; resolves once kept, with how the first attempt goes (not awaited here). */
  private async sendReliably(
    url: string,
    fields: Record<string, string>,
    kind: OutboxKind,
    toCome?: LeadToCome,
  ): Promise<{ key?: string; firstAttempt: Promise<DeliveryOutcome> }> {
    if (
      this.context.storesNothing &&
      (kind !== 'lead' || this.context.host.getAttribute('lead-before-consent') === 'hold')
    ) {
      // Held in memory until consent (consent mode): on its way, as far as the form can tell.
      this.heldReports.push({ url, fields, kind, toCome });
      return { firstAttempt: Promise.resolve('kept') };
    }
    await this.openedOutbox();
    if (!this.outbox) throw new Error('outbox unavailable');
    // A lead is kept until the server has it, even if this page goes before it is written or sent: the record tells
    // the next pages to look in the outbox until one finds it empty. Marked in the same step as the addition, so that
    // no read of the store made before it takes the mark off.
    if (kind === 'lead' && !this.context.storesNothing) this.context.visitor.markOutboxWaiting();
    return this.outbox.addAndTry(url, fields, kind, toCome);
  }

  private onDelivered(sent: OutboxEntry, answer: unknown): void {
    if (sent.kind === 'close') return;
    if (sent.kind !== 'view') return this.leads.onConversionDelivered(answer as ConversionAnswer, sent.key);
    const onRecorded = this.viewsInFlight.get(sent.key);
    this.viewsInFlight.delete(sent.key);
    const viewId = (answer as ViewedAnswer | null)?.poptin_view_id;
    if (onRecorded && viewId !== undefined) onRecorded(String(viewId));
  }

  /** A pop-up's leads the server refused, kept in the outbox's dead-letter list on this device. */
  async refusedLeads(id: string): Promise<RefusedLead[]> {
    await this.openedOutbox().catch(() => undefined);
    const dead = (await this.outbox?.deadLetters().catch(() => [])) ?? [];
    return dead
      .filter((entry) => entry.refused && entry.fields.poptin_id === id)
      .map((entry): RefusedLead => ({ key: entry.key, ...entry.refused! }));
  }
}
