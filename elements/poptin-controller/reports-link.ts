// The session's way to its reports: what a view or a close records on this page at once (the visitor's history, the
// page's `poptinView` event), and the reporter (reporter.ts: the outbox, the leads and their proof of work), a chunk of
// its own. A page whose pop-ups are all decided not to show never loads it; a pop-up that is armed or opened loads it
// beside its surfaces, and a page that an earlier one left reports for loads it at once.

import type { SurfaceEventMap } from '../../src/components/shared/surface.ts';
import type { LeadOutcome } from '../../src/components/template/lead-delivery.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import { POPTIN_ID } from '../../src/core/poptin-id.ts';
import { listenSafely, log } from '../../src/core/safety.ts';
import type { RefusedLead } from '../../src/stores/explain.ts';
import type { SessionContext } from './context.ts';
import type { LeadToSend, Reporter, ReporterOptions } from './reporter.ts';

export type ReporterCode = Pick<typeof import('./reporter.ts'), 'Reporter'>;

export interface ReportsLinkOptions extends ReporterOptions {
  /** The reporter's chunk; imported on first use by default. */
  loadReporter?: () => Promise<ReporterCode>;
}

/** A lead that could not reach the outbox: the form says so, and the visitor may send it again. */
function notKept(error: unknown): LeadOutcome {
  log.error('lead not kept', error);
  return { status: 'refused', reason: String(error) };
}

export class ReportsLink {
  /** The reporter once asked for; null again after its chunk failed to load, so that the next report tries anew. */
  private reporter: Promise<Reporter> | null = null;
  private proofOfWork = false;
  private stopped = false;
  private readonly stopListening: () => void;

  constructor(
    private readonly context: SessionContext,
    private readonly options: ReportsLinkOptions,
  ) {
    this.stopListening = listenSafely(context.window, 'input', (event) => this.typed(event));
    if (context.visitor.outboxWaiting) this.preload();
  }

  /**
   * A pop-up's field typed in (or filled by the browser): a pop-up placed by hand is looked up ahead of its lead, and
   * on a site that asks for it, the proof its lead will carry starts, the reporter's chunk loaded first if it has not
   * arrived. Typing reaches the page from inside the pop-up's shadow root; a move of the focus there does not.
   */
  private typed(event: Event): void {
    // Every keystroke of the host page's own forms comes here too: a look at the target, and no more on a site that
    // asks for no proof of work. A pop-up placed by hand holds the page's own fields (slotted).
    const placedByHand = (event.target as Element).closest?.('poptin-popup:is([kind],[trigger])');
    const placedId = placedByHand?.getAttribute('poptin-id');
    if (placedId && POPTIN_ID.test(placedId))
      this.withReporter('look-up', (reporter) => void reporter.leads.locate(placedId));
    if (!this.proofOfWork) return;
    const id = (event.composedPath() as Element[])
      .find((node) => node.localName === 'poptin-popup')
      ?.getAttribute('poptin-id');
    if (id) this.withReporter('proof of work', (reporter) => reporter.leads.startProof(id));
  }

  /** A pop-up is about to be built or opened: its reports will follow. */
  preload(): void {
    this.ready().catch((error: unknown) => log.warn('the reporter could not be loaded', error));
  }

  private ready(): Promise<Reporter> {
    this.reporter ??= (this.options.loadReporter ?? (() => import('./reporter.ts')))().then(
      ({ Reporter }) => {
        const reporter = new Reporter(this.context, { ...this.options, proofOfWork: () => this.proofOfWork });
        if (this.stopped) reporter.stop();
        return reporter;
      },
      (error: unknown) => {
        this.reporter = null;
        throw error;
      },
    );
    return this.reporter;
  }

  /** Every report in the order it was made: each waits for the reporter behind the ones before it. */
  private withReporter(what: string, report: (reporter: Reporter) => void): void {
    this.ready().then(report, (error: unknown) => log.warn(`${what}: the reporter could not be loaded`, error));
  }

  /** The site takes leads only with the widget's proof of work (DisplayAnswer.proof_of_work). */
  requireProofOfWork(required: boolean): void {
    this.proofOfWork = required;
  }

  /** A showing the visitor sees: in the visitor's history at once; `onRecorded` hears the server's id of its view. */
  reportView(config: PopupConfig, trigger: string, onRecorded: (viewId: string) => void): void {
    const { context } = this;
    context.visitor.recordView(config.id, config.type);
    context.window.dispatchEvent(new CustomEvent('poptinView', { detail: { poptin_id: config.id } }));
    this.withReporter('view', (reporter) => reporter.reportView(config, trigger, onRecorded));
  }

  reportClose(config: PopupConfig): void {
    this.context.visitor.recordClose(config.id, config.type);
    this.withReporter('close', (reporter) => reporter.reportClose(config));
  }

  sendLead(config: PopupConfig, lead: LeadToSend): Promise<LeadOutcome> {
    return this.ready().then((reporter) => reporter.leads.sendLead(config, lead), notKept);
  }

  /** A lead of a pop-up placed by hand (`<poptin-popup kind trigger poptin-id>`). */
  sendDeclarativeLead(submit: CustomEvent<SurfaceEventMap['poptin-submit']>): Promise<LeadOutcome> {
    return this.ready().then((reporter) => reporter.leads.sendDeclarativeLead(submit), notKept);
  }

  /** Consent mode: what waits is sent, or dropped. A reporter never asked for holds nothing. */
  consentAnswered(given: boolean): void {
    if (this.reporter) this.withReporter('consent', (reporter) => reporter.consentAnswered(given));
  }

  /** A pop-up's leads the server refused, kept in the outbox's dead-letter list on this device. */
  refusedLeads(id: string): Promise<RefusedLead[]> {
    return this.ready().then(
      (reporter) => reporter.refusedLeads(id),
      () => [],
    );
  }

  stop(): void {
    this.stopped = true;
    this.stopListening();
    void this.reporter?.then(
      (reporter) => reporter.stop(),
      () => undefined,
    );
  }
}
