import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import {
  closeSources,
  collectSubmits,
  field,
  formTemplate,
  inShadow,
  messagesOf,
  mountPopup,
  nextFrame,
  part,
  popupConfig,
  removePopups,
  submit,
  typeInto,
  until,
} from '../../../test/browser-support/popup.ts';
import { type ConversionContext, conversionFields } from '../../core/api/conversion.ts';
import { SHAKE_MS } from '../../core/popup/timing.ts';

const CONTEXT: ConversionContext = {
  clientId: 'demo',
  visitorId: 'visitor-1',
  url: 'https://shop.example/',
  referrer: '',
  previousUrl: '',
  title: 'Shop',
  isMobile: false,
  browserLanguage: 'en-US',
  operatingSystem: 'Linux',
  lastConvertedEmail: '',
  trigger: 'manual',
  poptinViewId: '7',
  originLandingPage: 'https://shop.example/',
  previousVisitedPages: '',
  previousVisitedPagesWithCurrent: '',
  previousVisitedPagesWithTimestamps: '',
  allVisitedPages: '',
};

const NO_THANK_YOU = { design_properties: { poptin_design_thank_screen: 'no' } };

describe('<poptin-popup> form submission', () => {
  afterEach(async () => {
    removePopups();
    sinon.restore();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  describe('blocked submits (widget §4)', () => {
    it('a form with nothing filled shakes for 1 s and marks its first field', async () => {
      const element = await mountPopup(
        formTemplate('<input name="Email" aria-label="Email"><input name="Name" aria-label="Name">'),
      );
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const submits = collectSubmits(element);
      submit(element);
      const form = inShadow(element, 'form');
      expect(submits).to.deep.equal([]);
      expect(form.classList.contains('poptin-shake')).to.equal(true);
      // The form's own small shake, not the pop-up's entry animation "shake" of the same shadow root (±10 px).
      const [shake] = form.getAnimations();
      const offsets = (shake!.effect as KeyframeEffect).getKeyframes().map((keyframe) => keyframe.transform);
      expect(offsets).to.include('translateX(6px)');
      expect(offsets).not.to.include('translateX(10px)');
      expect(field(element, 'Email').classList.contains('poptin-invalid')).to.equal(true);
      expect(messagesOf(element, field(element, 'Email'))).to.deep.equal(['This field is required']);
      expect(field(element, 'Name').hasAttribute('aria-invalid')).to.equal(false);
      clock.tick(SHAKE_MS - 1);
      expect(form.classList.contains('poptin-shake')).to.equal(true);
      clock.tick(1);
      expect(form.classList.contains('poptin-shake')).to.equal(false);
    });

    it('moves focus to the first invalid field in form order and announces its message', async () => {
      const element = await mountPopup(
        formTemplate(
          '<input name="Name" aria-label="Name"><input name="Email" aria-label="Email" required><input name="Phone" aria-label="Phone">',
        ),
      );
      typeInto(field(element, 'Name'), 'R2D2');
      typeInto(field(element, 'Phone'), '12');
      submit(element);
      expect(element.shadowRoot!.activeElement).to.equal(field(element, 'Name'));
      expect(inShadow(element, '[aria-live=polite]').textContent).to.equal('Please enter a valid name');
      for (const name of ['Name', 'Email', 'Phone'])
        expect(field(element, name).getAttribute('aria-invalid'), name).to.equal('true');
    });

    it('keeps the template’s own aria-describedby after the message', async () => {
      const element = await mountPopup(
        formTemplate(
          '<input name="Email" aria-label="Email" aria-describedby="note" required><p id="note">We never share it</p>',
        ),
      );
      submit(element);
      const ids = field(element, 'Email').getAttribute('aria-describedby')!.split(' ');
      expect(ids).to.have.length(2);
      expect(ids[1]).to.equal('note');
      typeInto(field(element, 'Email'), 'd');
      expect(field(element, 'Email').getAttribute('aria-describedby')).to.equal('note');
    });

    it('without motion (prefers-reduced-motion) the form gets a static outline instead of the shake', async () => {
      await emulateMedia({ reducedMotion: 'reduce' });
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email" required>'));
      submit(element);
      const style = getComputedStyle(inShadow(element, 'form'));
      expect(style.animationName).to.equal('none');
      expect(style.outlineStyle).to.equal('solid');
    });
  });

  describe('double submits', () => {
    it('a second submit while the first is being checked is ignored', async () => {
      const element = await mountPopup(
        formTemplate('<input name="Phone" aria-label="Phone" data-validation="international">'),
      );
      const submits = collectSubmits(element);
      typeInto(field(element, 'Phone'), '+1 201 555 0123');
      submit(element);
      submit(element);
      await until(() => submits.length > 0, 'the submit');
      for (let i = 0; i < 5; i++) await nextFrame();
      expect(submits).to.have.length(1);
    });

    it('a valid submit goes out once, however often the button is pressed', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'));
      const submits = collectSubmits(element);
      const windowSubmits = sinon.spy();
      window.addEventListener('poptinSubmit', windowSubmits);
      typeInto(field(element, 'Email'), 'dan@example.com');
      for (let i = 0; i < 3; i++) submit(element);
      window.removeEventListener('poptinSubmit', windowSubmits);
      expect(submits).to.have.length(1);
      expect(windowSubmits.calledOnce).to.equal(true);
    });
  });

  describe('the submitted fields and the conversion call (widget §3, §7)', () => {
    it("carry the consent box's label as the visitor read it, for the owner's consent record", async () => {
      const element = await mountPopup(
        formTemplate(`
          <input name="Email" aria-label="Email">
          <label><input type="checkbox" name="consent"> אני מסכימה לקבל <a href="/privacy">מבצעים</a>
            במייל</label>`),
      );
      const submits = collectSubmits(element);
      typeInto(field(element, 'Email'), 'maya@example.com');
      inShadow<HTMLInputElement>(element, '[name=consent]').click();
      submit(element);
      await until(() => submits.length === 1, 'the submit');
      const body = conversionFields(popupConfig(), submits[0].fields, CONTEXT);
      expect(body).to.deep.include({
        checkbox_checked: 'yes',
        consent_shown: 'yes',
        consent_text: 'אני מסכימה לקבל מבצעים במייל',
      });
    });

    it('carry raw values and field records for newExtraFields', async () => {
      const element = await mountPopup(
        formTemplate(`
          <input name="Email" aria-label="Email">
          <input name="FirstName" aria-label="First name" placeholder="First name" data-field-id="f1" data-created-as="first_name" data-created-version="2" data-property-name="firstname">
          <input name="Phone" aria-label="Phone" data-validation="international" data-phone-country="IL">
          <textarea name="message" aria-label="Message"></textarea>
          <label><input type="checkbox" name="Checkbox" value="news"> News</label>
          <label><input type="checkbox" name="Checkbox" value="offers"> Offers</label>
          <label><input type="checkbox" name="consent" data-validate> I agree</label>
          <input type="hidden" name="utm_source" value="mail">`),
      );
      const submits = collectSubmits(element);
      typeInto(field(element, 'Email'), 'dan@example.com');
      typeInto(field(element, 'FirstName'), 'Dan');
      typeInto(field(element, 'Phone'), '050-123-4567');
      inShadow<HTMLTextAreaElement>(element, '[name=message]').value = 'Hello';
      inShadow<HTMLInputElement>(element, '[name=Checkbox][value=offers]').click();
      // Consent starts unticked (Planet49): the visitor ticks it.
      inShadow<HTMLInputElement>(element, '[name=consent]').click();
      submit(element);
      await until(() => submits.length === 1, 'the submit');
      const body = conversionFields(popupConfig(), submits[0].fields, CONTEXT);
      expect(body).to.deep.include({
        email: 'dan@example.com',
        phone: '+972501234567',
        message: 'Hello',
        checkbox: 'offers',
        checkbox_checked: 'yes',
        poptin_id: 'a1b2c3d4e5f6g',
        p_target: 'lead',
      });
      expect(JSON.parse(body.newExtraFields)).to.deep.equal([
        {
          id: 'f1',
          type: 'text',
          name: 'FirstName',
          placeholder: 'First name',
          value: 'Dan',
          created_as: 'first_name',
          created_version: '2',
          property_name: 'firstname',
        },
        {
          id: 'utm_source',
          type: 'hidden',
          name: 'utm_source',
          placeholder: '',
          value: 'mail',
          created_as: '',
          created_version: '',
          property_name: 'utm_source',
        },
      ]);
      for (const key of [
        'facebook_messanger_data_ref',
        'store_integration',
        'store_integration_customer_id',
        'leader_request_cookie',
        'extra_button',
        'coupon',
      ])
        expect(body).to.have.property(key);
    });
  });

  describe('after a valid submit', () => {
    it('without auto-close the thank-you screen stays 60 s', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'), {
        config: {
          design_properties: { poptin_design_thank_screen: 'yes', poptin_design_thank_screen_auto_close: 'no' },
        },
      });
      const sources = closeSources(element);
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      typeInto(field(element, 'Email'), 'dan@example.com');
      submit(element);
      await until(() => !inShadow(element, '[data-poptin-screen="thank-you"]').hidden, 'the thank-you screen');
      expect(element.shadowRoot!.activeElement).to.equal(inShadow(element, '[data-poptin-screen="thank-you"]'));
      clock.tick(59_999);
      expect(sources).to.deep.equal([]);
      clock.tick(1);
      expect(sources).to.deep.equal(['auto-close']);
    });

    it('a lead pop-up without a thank-you screen shows the sent message on its button, then closes after 1 s', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">', { thankYou: false }), {
        config: NO_THANK_YOU,
      });
      const sources = closeSources(element);
      const hidden = new Promise<CustomEvent>((resolve) =>
        element.addEventListener('poptin-after-hide', (e) => resolve(e as CustomEvent)),
      );
      const windowClose = sinon.spy();
      window.addEventListener('poptinClose', windowClose);
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      typeInto(field(element, 'Email'), 'dan@example.com');
      submit(element);
      const button = inShadow(element, '[type=submit]');
      expect(button.textContent).to.equal('Sent!');
      expect(inShadow(element, '[aria-live=polite]').textContent).to.equal('Sent!');
      await nextFrame();
      clock.tick(999);
      expect(sources).to.deep.equal([]);
      clock.tick(1);
      expect(sources).to.deep.equal(['submit']);
      expect((await hidden).detail).to.deep.include({ source: 'submit', submitted: true });
      window.removeEventListener('poptinClose', windowClose);
      expect(windowClose.called).to.equal(false);
    });

    it('an <input type=submit> gets the sent message as its value', async () => {
      const element = await mountPopup(
        '<form><input name="Email" aria-label="Email"><input type="submit" value="Go"></form>',
        { config: NO_THANK_YOU },
      );
      typeInto(field(element, 'Email'), 'dan@example.com');
      inShadow<HTMLInputElement>(element, '[type=submit]').click();
      expect(inShadow<HTMLInputElement>(element, '[type=submit]').value).to.equal('Sent!');
    });

    it('a pop-up that is not a lead form closes at once', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">', { thankYou: false }), {
        config: { ...NO_THANK_YOU, poptin_target: 'click' },
      });
      const sources = closeSources(element);
      typeInto(field(element, 'Email'), 'dan@example.com');
      submit(element);
      await until(() => sources.length > 0, 'the close');
      expect(sources).to.deep.equal(['submit']);
    });
  });

  describe('keyboard', () => {
    it('the whole form works with the keyboard: Tab to a field, type, Enter submits', async () => {
      const element = await mountPopup(
        formTemplate('<input name="Name" aria-label="Name" required><input name="Email" aria-label="Email" required>'),
      );
      const submits = collectSubmits(element);
      field(element, 'Name').focus();
      await sendKeys({ press: 'Enter' });
      expect(submits).to.deep.equal([]);
      expect(element.shadowRoot!.activeElement).to.equal(field(element, 'Name'));
      await sendKeys({ type: 'Dana' });
      await sendKeys({ press: 'Tab' });
      expect(element.shadowRoot!.activeElement).to.equal(field(element, 'Email'));
      await sendKeys({ type: 'dana@example.com' });
      await sendKeys({ press: 'Enter' });
      await until(() => submits.length === 1, 'the submit');
      expect(submits[0].fields.map((f) => f.value)).to.deep.equal(['Dana', 'dana@example.com']);
      expect((part(element, 'base') as HTMLDialogElement).open).to.equal(true);
    });
  });

  describe('the spam trap (design §5)', () => {
    it('every form carries a trap a person cannot see, reach or hear, and that is not one of the submitted fields', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'));
      const trap = inShadow(element, 'form [data-poptin-honeypot]') as HTMLInputElement;
      expect(trap.tabIndex).to.equal(-1);
      expect(trap.closest('[aria-hidden="true"]')).to.not.equal(null);
      expect(trap.getBoundingClientRect().right).to.be.below(0);
      expect(trap.hasAttribute('name')).to.equal(false);
      const submits = collectSubmits(element);
      await typeInto(field(element, 'Email'), 'dana@example.com');
      submit(element);
      expect(submits[0].fields.map((f) => f.name)).to.deep.equal(['Email']);
      expect(submits[0].honeypot).to.equal('');
      expect(
        conversionFields(popupConfig(), submits[0].fields, { ...CONTEXT, honeypot: submits[0].honeypot }).poptin_hp,
      ).to.equal('');
    });

    it('what a bot types into the trap goes with the conversion, for the server to mark the lead as spam', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'));
      const submits = collectSubmits(element);
      (inShadow(element, 'form [data-poptin-honeypot]') as HTMLInputElement).value = 'https://spam.example';
      await typeInto(field(element, 'Email'), 'bot@spam.example');
      submit(element);
      expect(submits[0].honeypot).to.equal('https://spam.example');
      expect(
        conversionFields(popupConfig(), submits[0].fields, { ...CONTEXT, honeypot: submits[0].honeypot }).poptin_hp,
      ).to.equal('https://spam.example');
    });
  });
});
