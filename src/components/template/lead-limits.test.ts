import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import sinon from 'sinon';
import {
  collectSubmits,
  field,
  formTemplate,
  inShadow,
  messagesOf,
  mountPopup,
  removePopups,
  until,
} from '../../../test/browser-support/popup.ts';
import { type PopupSubmitDetail, SUBMIT_GUARD_MS } from '../popup/popup-view.tsx';
import type { LeadOutcome } from './lead-delivery.ts';

/** Clicks the middle of an element of the pop-up, as a visitor's mouse does. */
async function clickOn(element: Element): Promise<void> {
  const box = element.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

/** Pastes into the field the visitor clicked: the browser's own editing inserts the text and fires its input event. */
async function pasteInto(input: HTMLElement, text: string): Promise<void> {
  await clickOn(input);
  document.execCommand('insertText', false, text);
}

const FORM = formTemplate(
  '<input name="Email" aria-label="Email"><textarea name="message" aria-label="Message"></textarea><input name="company" aria-label="Company">',
);

const thankYouShown = (element: Element) => !inShadow(element, '[data-poptin-screen="thank-you"]').hidden;

describe('<poptin-popup> lead limits and delivery', () => {
  afterEach(() => {
    removePopups();
    sinon.restore();
  });

  describe('the form keeps what the server takes (LEAD_FIELD_LIMITS)', () => {
    it('a 9,000-character answer pasted into the message box is stopped before the submit, with the limit and its length', async () => {
      const element = await mountPopup(FORM);
      const submits = collectSubmits(element);
      await pasteInto(field(element, 'Email'), 'dana@example.com');
      const message = inShadow<HTMLTextAreaElement>(element, 'textarea[name=message]');
      await pasteInto(message, 'a'.repeat(9_000));
      expect(message.value.length).to.equal(9_000, 'nothing the visitor wrote is cut off');
      await clickOn(inShadow(element, '[type=submit]'));
      expect(messagesOf(element, message)).to.deep.equal(['Please shorten this to 8,192 characters (it has 9,000)']);
      expect(message.getAttribute('aria-invalid')).to.equal('true');
      expect(submits).to.deep.equal([]);
      expect(thankYouShown(element)).to.equal(false);
    });

    it('says so in Hebrew on a Hebrew pop-up', async () => {
      const element = await mountPopup(FORM, { lang: 'he' });
      const message = inShadow<HTMLTextAreaElement>(element, 'textarea[name=message]');
      await pasteInto(field(element, 'Email'), 'dana@example.com');
      await pasteInto(message, 'ש'.repeat(9_000));
      await clickOn(inShadow(element, '[type=submit]'));
      expect(messagesOf(element, message)).to.deep.equal(['נא לקצר עד 8,192 תווים (הוזנו 9,000)']);
    });

    it('40,000 characters in a custom field are stopped too; shortened, the lead goes', async () => {
      const element = await mountPopup(FORM);
      const submits = collectSubmits(element);
      await pasteInto(field(element, 'Email'), 'dana@example.com');
      const company = field(element, 'company');
      await pasteInto(company, 'c'.repeat(40_000));
      await clickOn(inShadow(element, '[type=submit]'));
      expect(messagesOf(element, company)).to.deep.equal(['Please shorten this to 8,192 characters (it has 40,000)']);
      expect(submits).to.deep.equal([]);
      company.select();
      document.execCommand('insertText', false, 'Acme');
      await clickOn(inShadow(element, '[type=submit]'));
      expect(submits.map((detail) => detail.fields.find((one) => one.name === 'company')?.value)).to.deep.equal([
        'Acme',
      ]);
    });
  });

  describe('the thank-you screen waits for the lead to be on its way', () => {
    const respondWith = (element: Element, outcome: LeadOutcome) =>
      element.addEventListener('poptin-submit', (event) =>
        (event as CustomEvent<PopupSubmitDetail>).detail.respondWith?.(Promise.resolve(outcome)),
      );

    it('a lead the server refused is never thanked: the visitor is told it was not sent, and may send again', async () => {
      const element = await mountPopup(FORM);
      respondWith(element, { status: 'refused', reason: 'POST /conversion answered 400' });
      await pasteInto(field(element, 'Email'), 'dana@example.com');
      await clickOn(inShadow(element, '[type=submit]'));
      await until(() => element.shadowRoot!.querySelector('[role=alert]') !== null, 'the message');
      expect(inShadow(element, '[role=alert]').textContent).to.equal(
        'Your details could not be sent. Please try again later.',
      );
      expect(thankYouShown(element)).to.equal(false);
      expect(inShadow(element, 'form').hasAttribute('aria-busy')).to.equal(false);
      const submits = collectSubmits(element);
      // Past the guard against double submits.
      await new Promise((resolve) => setTimeout(resolve, SUBMIT_GUARD_MS));
      await clickOn(inShadow(element, '[type=submit]'));
      expect(submits).to.have.length(1, 'the visitor may try again');
    });

    it('a lead kept for a retry (server down) or stored is thanked', async () => {
      for (const status of ['kept', 'sent'] as const) {
        const element = await mountPopup(FORM);
        respondWith(element, { status });
        await pasteInto(field(element, 'Email'), 'dana@example.com');
        await clickOn(inShadow(element, '[type=submit]'));
        await until(() => thankYouShown(element), `the thank-you screen (${status})`);
        removePopups();
      }
    });
  });
});
