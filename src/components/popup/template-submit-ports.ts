import type { Language } from '../../core/i18n/strings.ts';
import { log } from '../../core/safety.ts';
import { emit } from '../shared/emit.ts';
import type { SubmittedField } from '../template/field-dom.ts';
import { honeypotValue } from '../template/honeypot.ts';
import { clearSendError, showSendError } from '../template/lead-delivery.ts';
import { noDestination, showSentMessage } from './popup-template.ts';
import type { PopupSubmitDetail, SubmitPorts } from './submit-flow.ts';
import type { TemplateContent } from './template-content.ts';

/** The submit flow's ports on the template's DOM and the pop-up's element. */
export function templateSubmitPorts(
  host: HTMLElement,
  template: TemplateContent,
  language: Language,
  own: Pick<SubmitPorts<HTMLFormElement>, 'machine' | 'announce'> & { sent(fields: SubmittedField[]): void },
): SubmitPorts<HTMLFormElement> {
  return {
    ...own,
    emitSubmit: (detail) => emit<PopupSubmitDetail>(host, 'poptin-submit', detail),
    honeypotOf: honeypotValue,
    busy: (form, busy) => (busy ? form.setAttribute('aria-busy', 'true') : form.removeAttribute('aria-busy')),
    clearSendError,
    showSendError: (form) => showSendError(form, language).textContent ?? '',
    showSentMessage,
    noDestination: () => noDestination(host),
    // The visitor's own code, when the server gave one with the lead: its chunk loads only then.
    showCoupon: (code) =>
      void import('../template/coupon-answer.ts')
        .then((chunk) => chunk.showCouponAnswer(template.content(), code, language))
        .catch(log.error),
    templateHasThankYou: () => template.content()?.querySelector('[data-poptin-screen="thank-you"]') != null,
  };
}
