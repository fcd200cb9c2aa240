// A pop-up's leads on their way to the server (reporter.ts keeps and sends them through the outbox): the conversion's
// fields, the proof of work of a form typed in, how the first attempt went, and what the server answers with a lead
// (the visitor's own coupon code, the owner's conversion code).

import type { SurfaceEventMap } from '../../src/components/shared/surface.ts';
import type { SubmittedField } from '../../src/components/template/field-dom.ts';
import type { LeadOutcome } from '../../src/components/template/lead-delivery.ts';
import type { ConversionAnswer } from '../../src/core/api/contract.ts';
import { conversionFields } from '../../src/core/api/conversion.ts';
import type { DeliveryOutcome, LeadAddress, LeadToCome } from '../../src/core/api/outbox.ts';
import type { OutboxKind } from '../../src/core/api/outbox-store.ts';
import { browserFacts } from '../../src/core/browser-facts.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import type { PrizeConversion } from '../../src/core/games/prizes.ts';
import { POPTIN_ID } from '../../src/core/poptin-id.ts';
import { log } from '../../src/core/safety.ts';
import type { SessionContext } from './context.ts';
import { appendOwnerCode } from './owner-code.ts';
import type { StoreIdentity } from './store-link.ts';

/**
 * How long the form waits for the server's first answer to a lead before it thanks the visitor anyway: the lead is
 * in the outbox by then and goes on being sent, so only a refusal after this wait goes unsaid (it is still kept).
 */
export const LEAD_ANSWER_WAIT_MS = 4_000;

/** What a submitted form hands to the outbox. */
export interface LeadToSend {
  fields: SubmittedField[];
  honeypot: string;
  prize: PrizeConversion | null;
  trigger: string;
  viewId: string;
  coupon: string;
}

/** What the reporter needs of the store the page is on (store-link.ts). */
export interface StoreReports {
  readonly platform: string | undefined;
  identity(): StoreIdentity;
  reportActivity(id: string, activity: 'viewed' | 'closed'): void;
}

/**
 * The reporter's way to a report's delivery: kept in the outbox (or held until consent), then tried; a lead with its
 * proof of work still to come is kept at once and sent with it.
 */
export type SendReliably = (
  url: string,
  fields: Record<string, string>,
  kind: OutboxKind,
  toCome?: LeadToCome,
) => Promise<{ key?: string; firstAttempt: Promise<DeliveryOutcome> }>;

/** What a lead needs of its pop-up: a pop-up placed by hand gives its kind, its target comes with its address. */
type LeadPopup = Pick<PopupConfig, 'id' | 'target'> & { type: string };

export class LeadReports {
  /** Each typed-in pop-up's proof of work for its next lead (proof-of-work.ts); absent once a lead took it. */
  private readonly proofs: Partial<Record<string, Promise<string>>> = {};
  /** Each pop-up placed by hand, looked up once a page (the click call); absent again after a failed look-up. */
  private readonly addresses: Partial<Record<string, Promise<LeadAddress>>> = {};

  constructor(
    private readonly context: SessionContext,
    private readonly store: StoreReports,
    private readonly send: SendReliably,
    /** The site takes leads only with the widget's proof of work (DisplayAnswer.proof_of_work). */
    private readonly proofOfWork: () => boolean,
  ) {}

  /** A field of the pop-up typed in (or filled by the browser): the proof its next lead will carry starts. */
  startProof(poptinId: string): void {
    this.proofs[poptinId] ??= this.prove(poptinId);
  }

  /** A proof of work for a lead of `poptinId`; rejects when no challenge could be had (the outbox tries again later). */
  prove(poptinId: string): Promise<string> {
    const proof = import('./proof-of-work.ts').then((chunk) => chunk.proveWork(this.context.api, poptinId));
    // Found ahead of a lead that may never come: a failure is the outbox's to hear, and only if a lead takes it.
    proof.catch(() => undefined);
    return proof;
  }

  /**
   * Where the leads of a pop-up placed by hand go: its viewer id, which the click call gives. Looked up as it is first
   * typed in, so that its lead rarely waits for it; rejects as the look-up failed (the outbox hears why).
   */
  locate(poptinId: string): Promise<LeadAddress> {
    const known = this.addresses[poptinId];
    if (known) return known;
    const address = this.context.api.click(poptinId).then(
      (config) => ({ url: this.context.api.conversionUrl(config.viewerId), target: config.target }),
      (error: unknown) => {
        delete this.addresses[poptinId];
        throw error;
      },
    );
    address.catch(() => undefined);
    this.addresses[poptinId] = address;
    return address;
  }

  /**
   * A `<poptin-popup kind trigger poptin-id>` placed by a page builder posts its form through this controller. The
   * lead is kept before its pop-up is looked up: a visitor who leaves meanwhile leaves it in the outbox, and the next
   * page looks the pop-up up and sends it; a pop-up the server does not know refuses it.
   */
  sendDeclarativeLead({ target, detail }: CustomEvent<SurfaceEventMap['poptin-submit']>): Promise<LeadOutcome> {
    const popup = target as HTMLElement;
    const id = popup.getAttribute('poptin-id') ?? '';
    // No pop-up to store it under: the form says what is missing (lead-delivery.ts).
    if (!POPTIN_ID.test(id)) return Promise.resolve({ status: 'nowhere' });
    const lead: LeadToSend = {
      ...detail,
      prize: detail.prize ?? null,
      trigger: popup.getAttribute('trigger') ?? 'immediate',
      viewId: '',
      coupon: '',
    };
    // The kind the visitor saw, for the visitor's history: a missing kind is a lightbox (declarative/attributes.ts).
    const type = popup.getAttribute('kind')?.trim().toLowerCase() || 'lightbox';
    return this.safely(this.deliverLead({ id, type, target: '' }, lead, this.locate(id)));
  }

  /** A submitted form's lead: kept at once, without waiting for the view's id (the visitor may be leaving this instant). */
  sendLead(config: PopupConfig, lead: LeadToSend): Promise<LeadOutcome> {
    return this.safely(this.deliverLead(config, lead, this.context.api.conversionUrl(config.viewerId)));
  }

  private safely(delivery: Promise<LeadOutcome>): Promise<LeadOutcome> {
    return delivery.catch((error: unknown): LeadOutcome => {
      log.error('lead not kept', error);
      return { status: 'refused', reason: String(error) };
    });
  }

  /** `address`: the pop-up's conversion address, or its look-up under way (a pop-up placed by hand). */
  private async deliverLead(
    popup: LeadPopup,
    lead: LeadToSend,
    address: string | Promise<LeadAddress>,
  ): Promise<LeadOutcome> {
    const { context } = this;
    const { fields, honeypot, prize, trigger, viewId } = lead;
    const lastConvertedEmail = context.visitor.convertedEmail();
    const email = fields.find((field) => field.name.toLowerCase() === 'email')?.value.trim();
    const { page, pageFields } = context;
    const body = conversionFields(popup, fields, {
      clientId: context.clientId,
      visitorId: context.visitor.visitorId,
      honeypot,
      sincePageLoadMs: performance.now(),
      url: page.url,
      referrer: pageFields?.referrer ?? page.referrer,
      previousUrl: pageFields?.previous_url ?? '',
      title: page.title,
      isMobile: page.isMobile,
      ...browserFacts(),
      lastConvertedEmail,
      trigger,
      poptinViewId: viewId,
      originLandingPage: pageFields?.origin_landing_page ?? page.url,
      previousVisitedPages: pageFields?.previous_visited_pages ?? '',
      previousVisitedPagesWithCurrent: pageFields?.previous_visited_pages_with_current ?? '',
      previousVisitedPagesWithTimestamps: pageFields?.previous_visited_pages_with_timestamps ?? '',
      allVisitedPages: pageFields?.all_visited_pages ?? '',
      coupon: lead.coupon,
      prize,
      storeIntegration: this.store.platform,
      storeIntegrationCustomerId: this.store.identity().store_integration_customer_id ?? '',
    });
    // On a site that takes leads only with a proof of work, each lead carries its own, started at the form's first
    // keystroke (or now, for a form never typed in). The lead is kept before its proof is found: a visitor who leaves
    // meanwhile leaves it in the outbox, and the next page proves it and sends it.
    const { id } = popup;
    const proof = this.proofs[id] ?? (this.proofOfWork() ? this.prove(id) : undefined);
    delete this.proofs[id];
    const located = typeof address === 'string';
    const outcome = await this.sendLeadReliably(
      located ? address : '',
      body,
      proof || !located ? { poptinId: id, proof, ...(!located && { address }) } : undefined,
    );
    if (outcome.status !== 'refused') context.visitor.recordConversion(id, popup.type, email || undefined);
    return outcome;
  }

  /** Through the outbox; the form hears how the first attempt went, or after LEAD_ANSWER_WAIT_MS that the lead is kept. */
  private async sendLeadReliably(
    url: string,
    fields: Record<string, string>,
    toCome: LeadToCome | undefined,
  ): Promise<LeadOutcome> {
    const { firstAttempt, key } = await this.send(url, fields, 'lead', toCome);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<DeliveryOutcome>(
      (resolve) => (timer = setTimeout(() => resolve('kept'), LEAD_ANSWER_WAIT_MS)),
    );
    const outcome = await Promise.race([firstAttempt, waited]).finally(() => clearTimeout(timer));
    return outcome === 'refused'
      ? { status: 'refused', reason: 'server' }
      : { status: outcome === 'delivered' ? 'sent' : 'kept', ...this.couponCodes[key!] };
  }

  /** The visitor's own code of each lead of this page the server answered with one, by the lead's key (few a page). */
  private readonly couponCodes: Record<string, { couponCode: string }> = {};

  onConversionDelivered(answer: ConversionAnswer, key: string): void {
    if (answer?.coupon_code !== undefined) this.couponCodes[key] = { couponCode: answer.coupon_code };
    const code = answer?.integration?.conversion_code;
    if (code) appendOwnerCode(this.context.window.document, code, this.context.host.nonce ?? '');
  }
}
