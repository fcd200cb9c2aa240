import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  allInShadow,
  blur,
  collectSubmits,
  field,
  formTemplate,
  inShadow,
  keydown,
  messagesOf,
  mountPopup,
  removePopups,
  submit,
  typeInto,
  until,
} from '../../../test/browser-support/popup.ts';
import { VALIDATION_EMAILS_PATH } from '../../core/api/contract.ts';
import { addDays } from '../../core/forms/calendar.ts';
import { calendarDateOf, formatDayMonthYear } from '../../core/forms/date.ts';

const FREE_MAIL = '# free mail\ngmail.com\nyahoo.com\n';

/** Answers the free-mail list from a fake server; other requests go out as usual. */
function stubFreeMailList() {
  const realFetch = window.fetch.bind(window);
  return sinon
    .stub(window, 'fetch')
    .callsFake((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith(VALIDATION_EMAILS_PATH)
        ? Promise.resolve(new Response(FREE_MAIL, { status: 200 }))
        : realFetch(input, init),
    );
}

let apiCounter = 0;
/** Each test gets its own server origin, so the once-per-page list cache starts empty. */
const freshApiBase = () => `https://api-${++apiCounter}.example`;

describe('<poptin-popup> form validation', () => {
  afterEach(() => {
    removePopups();
    sinon.restore();
  });

  describe('fields prepared from the template (widget §5)', () => {
    it('caps email, name, first and last name at 254 characters', async () => {
      const element = await mountPopup(
        formTemplate(
          '<input name="Email"><input name="Name"><input name="FirstName"><input name="LastName"><input name="message1">',
        ),
      );
      for (const name of ['Email', 'Name', 'FirstName', 'LastName'])
        expect(field(element, name).maxLength, name).to.equal(254);
      expect(field(element, 'message1').maxLength).to.equal(-1);
    });

    it('makes email fields type email unless no-validation, and Website fields type url', async () => {
      const element = await mountPopup(
        formTemplate(
          '<input name="Email"><input name="Email2" type="email" data-validation="no-validation"><input name="Website">',
        ),
      );
      expect(field(element, 'Email').type).to.equal('email');
      expect(field(element, 'Email2').type).to.equal('text');
      expect(field(element, 'Website').type).to.equal('url');
    });

    it('gives an unlabelled input its placeholder, or else its name, as accessible name', async () => {
      const element = await mountPopup(
        formTemplate(
          '<label for="e">Email</label><input id="e" name="Email"><input name="Phone" placeholder="Your phone"><input name="city">',
        ),
      );
      expect(field(element, 'Email').hasAttribute('aria-label')).to.equal(false);
      expect(field(element, 'Phone').getAttribute('aria-label')).to.equal('Your phone');
      expect(field(element, 'city').getAttribute('aria-label')).to.equal('city');
    });
  });

  describe('email: check-typos (the default)', () => {
    it('rejects an address with typos with the spec message', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'));
      typeInto(field(element, 'Email'), 'dan@example');
      submit(element);
      expect(messagesOf(element, field(element, 'Email'))).to.deep.equal(['There are typos in the email']);
    });

    it('suggests "Did you mean …?" for a misspelt common domain; a click fills the field in', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'));
      const input = field(element, 'Email');
      typeInto(input, 'dan@gmial.com');
      blur(input);
      await until(() => element.shadowRoot!.querySelector('.poptin-suggestion') !== null, 'the suggestion');
      const suggestion = inShadow(element, '.poptin-suggestion');
      expect(suggestion.textContent).to.equal('Did you mean dan@gmail.com?');
      expect(suggestion.getAttribute('role')).to.equal('status');
      inShadow<HTMLButtonElement>(element, '.poptin-suggestion-address').click();
      expect(input.value).to.equal('dan@gmail.com');
      expect(element.shadowRoot!.querySelector('.poptin-suggestion')).to.equal(null);
      expect(element.shadowRoot!.activeElement).to.equal(input);
    });

    it('offers the full common domain while the visitor types it (auto-fill)', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'));
      const input = field(element, 'Email');
      typeInto(input, 'dan@gm');
      expect(inShadow(element, '.poptin-suggestion-address').textContent).to.equal('dan@gmail.com');
      typeInto(input, 'dan@g', 'deleteContentBackward');
      expect(element.shadowRoot!.querySelector('.poptin-suggestion')).to.equal(null);
    });

    it('clears the suggestion 3 s after it shows', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'));
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      typeInto(field(element, 'Email'), 'dan@hotmial.com');
      blur(field(element, 'Email'));
      // It shows once the frame after the blur is painted (frames are not faked).
      await until(() => element.shadowRoot!.querySelector('.poptin-suggestion') !== null, 'the suggestion');
      clock.tick(2_999);
      expect(element.shadowRoot!.querySelector('.poptin-suggestion')).to.not.equal(null);
      clock.tick(1);
      expect(element.shadowRoot!.querySelector('.poptin-suggestion')).to.equal(null);
    });

    it('a suggestion never blocks the submit', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'));
      const submits = collectSubmits(element);
      typeInto(field(element, 'Email'), 'dan@gmial.com');
      submit(element);
      expect(submits).to.have.length(1);
    });
  });

  describe('email: business modes with the free-mail list', () => {
    it('business-email rejects a free-mail address with "Only business emails are allowed"; the list is fetched once', async () => {
      const fetch = stubFreeMailList();
      const apiBase = freshApiBase();
      const element = await mountPopup(
        formTemplate('<input name="Email" aria-label="Email" data-validation="business-email">'),
        { model: { apiBase } },
      );
      await mountPopup(formTemplate('<input name="Email" aria-label="Email" data-validation="business-email">'), {
        model: { apiBase },
      });
      const input = field(element, 'Email');
      typeInto(input, 'dan@gmail.com');
      submit(element);
      await until(() => input.getAttribute('aria-invalid') === 'true', 'the business-only message');
      expect(messagesOf(element, input)).to.deep.equal(['Only business emails are allowed']);
      expect(fetch.getCalls().map((call) => String(call.args[0]))).to.deep.equal([
        `${apiBase}${VALIDATION_EMAILS_PATH}`,
      ]);

      const submits = collectSubmits(element);
      typeInto(input, 'dan@acme-industries.com');
      submit(element);
      expect(submits).to.have.length(1);
    });

    it('is not fetched when no business field exists', async () => {
      const fetch = stubFreeMailList();
      await mountPopup(formTemplate('<input name="Email" aria-label="Email">'), { model: { apiBase: freshApiBase() } });
      expect(fetch.called).to.equal(false);
    });

    it('uses this page’s origin when the model has no api base', async () => {
      const fetch = stubFreeMailList();
      await mountPopup(formTemplate('<input name="Email" aria-label="Email" data-validation="business-email">'));
      expect(String(fetch.firstCall.args[0])).to.equal(`${location.origin}${VALIDATION_EMAILS_PATH}`);
    });

    it('typos-business checks typos first, then the free-mail list', async () => {
      stubFreeMailList();
      const element = await mountPopup(
        formTemplate('<input name="Email" aria-label="Email" data-validation="typos-business">'),
        { model: { apiBase: freshApiBase() } },
      );
      const input = field(element, 'Email');
      typeInto(input, 'dan@acme');
      submit(element);
      await until(() => input.getAttribute('aria-invalid') === 'true', 'the typos message');
      expect(messagesOf(element, input)).to.deep.equal(['There are typos in the email']);
      typeInto(input, 'dan@yahoo.com');
      submit(element);
      await until(() => input.getAttribute('aria-invalid') === 'true', 'the business-only message');
      expect(messagesOf(element, input)).to.deep.equal(['Only business emails are allowed']);
    });

    it('accepts every domain when the list cannot be fetched', async () => {
      sinon.stub(window, 'fetch').rejects(new TypeError('offline'));
      const warn = sinon.stub(console, 'warn');
      const element = await mountPopup(
        formTemplate('<input name="Email" aria-label="Email" data-validation="business-email">'),
        { model: { apiBase: freshApiBase() } },
      );
      const submits = collectSubmits(element);
      typeInto(field(element, 'Email'), 'dan@gmail.com');
      submit(element);
      await until(() => submits.length === 1, 'the submit');
      expect(String(warn.firstCall.args[1])).to.match(/free-mail list unavailable/);
    });
  });

  describe('email: no-validation', () => {
    it('accepts anything typed, and only asks for a required field to be filled', async () => {
      const element = await mountPopup(
        formTemplate('<input name="Email" aria-label="Email" data-validation="no-validation" required>'),
      );
      const submits = collectSubmits(element);
      submit(element);
      expect(messagesOf(element, field(element, 'Email'))).to.deep.equal(['This field is required']);
      typeInto(field(element, 'Email'), 'not an address');
      submit(element);
      expect(submits.map((detail) => detail.fields[0].value)).to.deep.equal(['not an address']);
    });
  });

  describe('phone: basic (the default)', () => {
    it('keeps digits, + - ( ) and spaces while typing, 15 at most', async () => {
      const element = await mountPopup(formTemplate('<input name="Phone" aria-label="Phone">'));
      const input = field(element, 'Phone');
      typeInto(input, '+972 (50) abc-123');
      expect(input.value).to.equal('+972 (50) -123');
      typeInto(input, '1234567890123456789');
      expect(input.value).to.equal('123456789012345');
    });

    it('asks for 7 to 15 characters at submit, with the message and the hint', async () => {
      const element = await mountPopup(formTemplate('<input name="Phone" aria-label="Phone">'));
      const input = field(element, 'Phone');
      typeInto(input, '12345');
      submit(element);
      expect(messagesOf(element, input)).to.deep.equal([
        'Please enter a valid phone number',
        'Please enter 7 to 15 digits and avoid using letters or symbols',
      ]);
      const submits = collectSubmits(element);
      typeInto(input, '050 123 4567');
      submit(element);
      expect(submits).to.have.length(1);
    });

    it('a required empty phone gets the valid-number message', async () => {
      const element = await mountPopup(
        formTemplate('<input name="Email" aria-label="Email"><input name="Phone" aria-label="Phone" required>'),
      );
      typeInto(field(element, 'Email'), 'dan@example.com');
      submit(element);
      expect(messagesOf(element, field(element, 'Phone'))[0]).to.equal('Please enter a valid phone number');
    });
  });

  describe('phone: advanced (Israeli numbers)', () => {
    it('rejects a wrong number with the Hebrew message, even on an English page', async () => {
      const element = await mountPopup(
        formTemplate('<input name="Phone" aria-label="Phone" data-validation="advanced">'),
      );
      const input = field(element, 'Phone');
      typeInto(input, '050--1234567');
      submit(element);
      expect(messagesOf(element, input)).to.deep.equal(['מספר הטלפון שגוי']);
      const submits = collectSubmits(element);
      typeInto(input, '050-1234567');
      submit(element);
      expect(submits).to.have.length(1);
    });
  });

  describe('birthday', () => {
    it('must be before today', async () => {
      const element = await mountPopup(formTemplate('<input name="birthday" aria-label="Birthday">'));
      const input = field(element, 'birthday');
      const today = calendarDateOf(new Date());
      typeInto(input, formatDayMonthYear(today));
      submit(element);
      expect(messagesOf(element, input)).to.deep.equal(['Please enter a valid birthday.']);
      const submits = collectSubmits(element);
      typeInto(input, formatDayMonthYear(addDays(today, -1)));
      submit(element);
      expect(submits).to.have.length(1);
    });
  });

  describe('number inputs', () => {
    it('take digits, minus, dot and navigation keys only', async () => {
      const element = await mountPopup(formTemplate('<input type="number" name="number1" aria-label="Amount">'));
      const input = field(element, 'number1');
      expect(keydown(input, 'a').defaultPrevented).to.equal(true);
      expect(keydown(input, 'e').defaultPrevented).to.equal(true);
      for (const key of ['5', '-', '.', 'Backspace', 'ArrowLeft', 'Tab'])
        expect(keydown(input, key).defaultPrevented, key).to.equal(false);
      expect(keydown(input, 'v', { ctrlKey: true }).defaultPrevented).to.equal(false);
    });

    it('round to 2 decimals on blur; a lone dot becomes 0; an invalid value is cleared', async () => {
      const element = await mountPopup(formTemplate('<input type="number" name="number1" aria-label="Amount">'));
      const input = field(element, 'number1');
      for (const [typed, kept] of [
        ['1.005', '1.01'],
        ['.', '0'],
        ['12.3', '12.3'],
        ['1-2', ''],
        ['-0.004', '0'],
      ]) {
        typeInto(input, typed);
        blur(input);
        expect(input.value, typed).to.equal(kept);
      }
    });
  });

  describe('checkboxes, radios and consent', () => {
    it('a required checkbox group needs one ticked box', async () => {
      const element = await mountPopup(
        formTemplate(
          '<label><input type="checkbox" name="Checkbox" value="news" required> News</label><label><input type="checkbox" name="Checkbox" value="offers"> Offers</label>',
        ),
      );
      const boxes = allInShadow<HTMLInputElement>(element, '[name=Checkbox]');
      submit(element);
      expect(messagesOf(element, boxes[0])).to.deep.equal(['Please tick at least one box']);
      expect(boxes.every((box) => box.getAttribute('aria-invalid') === 'true')).to.equal(true);
      const submits = collectSubmits(element);
      boxes[1].click();
      expect(boxes[0].hasAttribute('aria-invalid')).to.equal(false);
      submit(element);
      expect(submits).to.have.length(1);
    });

    it('a required radio group starts on its first option', async () => {
      const element = await mountPopup(
        formTemplate(
          '<label><input type="radio" name="size" value="s" required> S</label><label><input type="radio" name="size" value="m"> M</label>',
        ),
      );
      expect(allInShadow<HTMLInputElement>(element, '[name=size]').map((radio) => radio.checked)).to.deep.equal([
        true,
        false,
      ]);
    });

    it('a required consent box starts unticked, even marked validate and default_marked, and left so it blocks the submit', async () => {
      const element = await mountPopup(
        formTemplate(
          '<input name="Email" aria-label="Email"><label><input type="checkbox" name="consent" data-validate> I agree</label>',
        ),
        { config: { design_properties: { field_checkbox_required: 'yes', field_checkbox_default_marked: 'yes' } } },
      );
      const consent = field(element, 'consent');
      expect(consent.checked).to.equal(false);
      expect(consent.required).to.equal(true);
      const submits = collectSubmits(element);
      typeInto(field(element, 'Email'), 'dan@example.com');
      submit(element);
      expect(messagesOf(element, consent)).to.deep.equal(['Please tick the box to continue']);
      expect(submits).to.have.length(0);
      consent.click();
      submit(element);
      expect(submits).to.have.length(1);
    });
  });

  describe('the red-border state of empty required fields', () => {
    it('marks each empty required field until the visitor types into it', async () => {
      const element = await mountPopup(
        formTemplate('<input name="Name" aria-label="Name" required><input name="Email" aria-label="Email" required>'),
      );
      submit(element);
      const [name, email] = [field(element, 'Name'), field(element, 'Email')];
      for (const input of [name, email]) {
        expect(input.classList.contains('poptin-invalid')).to.equal(true);
        expect(input.getAttribute('aria-invalid')).to.equal('true');
      }
      typeInto(name, 'D');
      expect(name.classList.contains('poptin-invalid')).to.equal(false);
      expect(email.classList.contains('poptin-invalid')).to.equal(true);
      expect(getComputedStyle(email).borderTopColor).to.equal('rgb(198, 40, 40)');
    });

    it('a required name gets the hint too', async () => {
      const element = await mountPopup(formTemplate('<input name="Name" aria-label="Name" required>'));
      submit(element);
      expect(messagesOf(element, field(element, 'Name'))).to.deep.equal([
        'This field is required',
        'Please enter at least 2 or more characters.',
      ]);
    });

    it('a name with digits is rejected', async () => {
      const element = await mountPopup(formTemplate('<input name="Name" aria-label="Name">'));
      typeInto(field(element, 'Name'), 'R2D2');
      submit(element);
      expect(messagesOf(element, field(element, 'Name'))[0]).to.equal('Please enter a valid name');
    });
  });
});
