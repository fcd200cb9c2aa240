// A submitted form asks whoever sends its lead (the controller, or the page) how the sending went, the way an
// add-to-cart button asks for its outcome: the thank-you screen shows only for a lead that is on its way.

import { type Language, translate } from '../../core/i18n/strings.ts';
import { log } from '../../core/safety.ts';

/**
 * `sent`: the server stored it. `kept`: in the outbox, retried until the server has it (offline, server down).
 * `refused`: the server will not take it; it stays in the outbox's dead-letter list, and the visitor is told.
 * `nowhere`: a pop-up placed by hand with no pop-up id to store it under; the console says what is missing.
 */
export type LeadOutcome =
  /** `couponCode`: the visitor's own code the server gave with the lead, '' when it had none left (coupon-answer.ts). */
  { status: 'sent' | 'kept' | 'nowhere'; couponCode?: string } | { status: 'refused'; reason: string };

export interface LeadResponder {
  /** The listener that sends the lead hands over how it went; the first call counts. Nothing means `nowhere`. */
  respondWith(outcome: Promise<LeadOutcome | undefined>): void;
}

/** Builds the responder of one `poptin-submit`; `outcome()` is null when no listener took the lead. */
export function leadResponder(): LeadResponder & { outcome(): Promise<LeadOutcome> | null } {
  let outcome: Promise<LeadOutcome> | null = null;
  return {
    respondWith(promise) {
      outcome ??= Promise.resolve(promise).then(
        (result): LeadOutcome => result ?? { status: 'nowhere' },
        (error: unknown): LeadOutcome => (
          log.error('lead not sent', error), { status: 'refused', reason: String(error) }
        ),
      );
    },
    outcome: () => outcome,
  };
}

const SEND_ERROR_ATTRIBUTE = 'data-poptin-send-error';

/** The form says, in the visitor's language, that its lead could not be sent; the message goes when it is sent again. */
export function showSendError(form: HTMLFormElement, language: Language): HTMLElement {
  let message = form.querySelector<HTMLElement>(`[${SEND_ERROR_ATTRIBUTE}]`);
  if (!message) {
    message = form.ownerDocument.createElement('p');
    message.setAttribute(SEND_ERROR_ATTRIBUTE, '');
    message.setAttribute('role', 'alert');
    message.className = 'poptin-error';
    const button = form.querySelector('[type=submit]');
    if (button) button.before(message);
    else form.append(message);
  }
  message.textContent = translate(language, 'leadNotSent');
  return message;
}

export function clearSendError(form: HTMLFormElement): void {
  form.querySelector(`[${SEND_ERROR_ATTRIBUTE}]`)?.remove();
}
