// What follows a valid submit of the pop-up's form: the lead handed to whoever sends it, then the thank-you screen,
// the sent message or the close, or the send error. Pure over its ports: the view gives the DOM and the events.

import type { PopupConfig } from '../../core/config/types.ts';
import { redirectFormData } from '../../core/forms/conversion-payload.ts';
import { type Language, translate } from '../../core/i18n/strings.ts';
import { hasThankYouScreen, type PopupEvent, type PopupSnapshot } from '../../core/popup/view-machine.ts';
import type { SurfaceEventMap } from '../shared/surface.ts';
import { planAfterSubmit } from '../template/after-submit.ts';
import type { SubmittedField } from '../template/field-dom.ts';
import { type LeadOutcome, leadResponder } from '../template/lead-delivery.ts';

export type PopupSubmitDetail = SurfaceEventMap['poptin-submit'];

export interface SubmitSettings {
  config: PopupConfig;
  design: Record<string, unknown>;
  language: Language;
  /** Preview mode (widget §2): nothing is sent. */
  preview: boolean;
  /** A pop-up placed by hand: a lead no listener took has nowhere to go. */
  declarative: boolean;
}

/** What the flow does to the form and the page; `Form` is the view's handle on a form of the template. */
export interface SubmitPorts<Form> {
  machine: { readonly snapshot: PopupSnapshot<Form>; send(event: PopupEvent<Form>): void };
  /** Emits `poptin-submit`; the listener that sends the lead answers through `respondWith`. */
  emitSubmit(detail: PopupSubmitDetail): void;
  /** Says a message through the pop-up's polite live region. */
  announce(message: string): void;
  /** What a bot typed into the form's trap field. */
  honeypotOf(form: Form): string;
  busy(form: Form, busy: boolean): void;
  clearSendError(form: Form): void;
  /** Shows that the lead could not be sent; returns what it says. */
  showSendError(form: Form): string;
  showSentMessage(form: Form, text: string): void;
  /** The console is told that a pop-up placed by hand had nowhere to send its lead. */
  noDestination(): Promise<void>;
  /** The visitor's own coupon code the server gave with the lead. */
  showCoupon(code: string): void;
  /** The template has a thank-you screen. */
  templateHasThankYou(): boolean;
  /** The lead is on its way: the fields, for the thank-you screen's `{{name}}`, and the poptinSubmit window event. */
  sent(fields: SubmittedField[]): void;
}

export interface SubmitFlow<Form> {
  /** The forms take no other lead while one is on its way or went, until a send fails. */
  canSubmit(): boolean;
  onValidSubmit(form: Form, fields: SubmittedField[]): void;
  /** The lead is on its way (or a page took it itself): the thank-you screen, the sent message, or the close. */
  afterSent(form: Form, fields: SubmittedField[]): void;
}

export function submitFlow<Form>(settings: SubmitSettings | null, ports: SubmitPorts<Form>): SubmitFlow<Form> {
  const { machine } = ports;
  const afterSent = (form: Form, fields: SubmittedField[]) => {
    if (!settings) return;
    const { config, language } = settings;
    ports.sent(fields);
    // A game's lead, sent with its result: the result screen stays, and the game's own delays close it.
    if (form === machine.snapshot.gameLeadForm) return;
    const plan = planAfterSubmit({
      config,
      language,
      thankYou: hasThankYouScreen(settings.design, ports.templateHasThankYou()),
      linkRedirect: machine.snapshot.linkRedirect,
      formData: redirectFormData(fields),
    });
    if (plan.screen === 'sent-message') {
      const sent = translate(language, 'leadSent');
      ports.showSentMessage(form, sent);
      ports.announce(sent);
    }
    machine.send({ type: 'submitted', plan });
  };

  const onValidSubmit = (form: Form, fields: SubmittedField[]) => {
    if (!settings) return;
    if (settings.preview) return ports.announce(translate(settings.language, 'previewNotice'));
    machine.send({ type: 'lead-taken' });
    ports.clearSendError(form);
    const responder = leadResponder();
    ports.emitSubmit({
      poptinId: settings.config.id,
      fields,
      honeypot: ports.honeypotOf(form),
      prize: machine.snapshot.gamePrize,
      respondWith: responder.respondWith,
    });
    const outcome =
      responder.outcome() ?? (settings.declarative ? Promise.resolve<LeadOutcome>({ status: 'nowhere' }) : null);
    if (!outcome) return afterSent(form, fields);
    ports.busy(form, true);
    void outcome.then(async (result) => {
      if (result.status === 'nowhere') await ports.noDestination();
      ports.busy(form, false);
      if (result.status === 'sent' || result.status === 'kept') {
        if (result.couponCode !== undefined) ports.showCoupon(result.couponCode);
        return afterSent(form, fields);
      }
      // Never a thank-you for a lead that did not go: the visitor is told, and may send again.
      machine.send({ type: 'lead-failed' });
      ports.announce(ports.showSendError(form));
    });
  };

  return { canSubmit: () => !machine.snapshot.leadTaken, onValidSubmit, afterSent };
}
