import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { COUPON_FADE_MS, COUPON_TOOLTIP_MS } from '../../src/components/template/coupon.ts';
import {
  closeSources,
  field,
  formTemplate,
  inShadow,
  messagesOf,
  mountPopup,
  part,
  removePopups,
  submit,
  typeInto,
  until,
} from '../../test/browser-support/popup.ts';

describe('<poptin-popup> in Hebrew', () => {
  afterEach(() => {
    removePopups();
    sinon.restore();
    document.documentElement.lang = '';
  });

  describe('direction', () => {
    it('is right-to-left when the display response says Hebrew', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'), { lang: 'he' });
      const base = part(element, 'base');
      expect(base.getAttribute('dir')).to.equal('rtl');
      expect(base.getAttribute('lang')).to.equal('he');
      expect(getComputedStyle(field(element, 'Email')).direction).to.equal('rtl');
      expect(part(element, 'close-button').getAttribute('aria-label')).to.equal('סגירת החלון הקופץ');
    });

    it('is right-to-left when the page is Hebrew', async () => {
      document.documentElement.lang = 'he-IL';
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'), { lang: 'en' });
      expect(part(element, 'base').getAttribute('dir')).to.equal('rtl');
    });

    it('stays left-to-right on English pages', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'));
      expect(part(element, 'base').getAttribute('dir')).to.equal('ltr');
      expect(part(element, 'close-button').getAttribute('aria-label')).to.equal('Close popup');
    });
  });

  describe('messages', () => {
    it('validation messages and hints are Hebrew', async () => {
      const element = await mountPopup(
        formTemplate('<input name="Email" aria-label="Email" required><input name="Phone" aria-label="Phone">'),
        { lang: 'he' },
      );
      typeInto(field(element, 'Phone'), '123');
      submit(element);
      expect(messagesOf(element, field(element, 'Email'))).to.deep.equal(['זהו שדה חובה']);
      expect(messagesOf(element, field(element, 'Phone'))).to.deep.equal([
        'נא להזין מספר טלפון תקין',
        'נא להזין 7 עד 15 ספרות, ללא אותיות או סימנים',
      ]);
      expect(inShadow(element, '[aria-live=polite]').textContent).to.equal('זהו שדה חובה');
    });

    it('a template written in Hebrew speaks Hebrew on an English page: its messages and its close button', async () => {
      const hebrewTemplate = formTemplate('<input name="Email" aria-label="אימייל" required>').replace(
        '<div data-poptin-screen="form">',
        '<div data-poptin-screen="form" dir="rtl" lang="he">',
      );
      const element = await mountPopup(hebrewTemplate, { lang: 'en' });
      submit(element);
      expect(messagesOf(element, field(element, 'Email'))).to.deep.equal(['זהו שדה חובה']);
      expect(part(element, 'close-button').getAttribute('aria-label')).to.equal('סגירת החלון הקופץ');
      expect(part(element, 'base').getAttribute('dir')).to.equal('rtl');
    });

    it('a template written in English on an English page keeps English messages', async () => {
      const englishTemplate = formTemplate('<input name="Email" aria-label="Email" required>').replace(
        '<div data-poptin-screen="form">',
        '<div data-poptin-screen="form" lang="en">',
      );
      const element = await mountPopup(englishTemplate, { lang: 'en' });
      submit(element);
      expect(messagesOf(element, field(element, 'Email'))).to.deep.equal(['This field is required']);
    });

    it('the email suggestion is Hebrew', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">'), { lang: 'he' });
      typeInto(field(element, 'Email'), 'dan@gmial.com');
      field(element, 'Email').dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
      await until(() => element.shadowRoot!.querySelector('.poptin-suggestion') !== null, 'the suggestion');
      expect(inShadow(element, '.poptin-suggestion').textContent).to.equal('האם התכוונת ל-dan@gmail.com?');
    });

    it('the sent message is Hebrew and stays 2 s', async () => {
      const element = await mountPopup(formTemplate('<input name="Email" aria-label="Email">', { thankYou: false }), {
        lang: 'he',
        config: { design_properties: { poptin_design_thank_screen: 'no' } },
      });
      const sources = closeSources(element);
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      typeInto(field(element, 'Email'), 'dan@example.co.il');
      submit(element);
      expect(inShadow(element, '[type=submit]').textContent).to.equal('נשלח!');
      await until(() => element.shadowRoot!.querySelector('[data-state="thank-you"]') !== null, 'the finished state');
      clock.tick(1_999);
      expect(sources).to.deep.equal([]);
      clock.tick(1);
      expect(sources).to.deep.equal(['submit']);
    });
  });

  describe('the skip button of fullpage pop-ups', () => {
    it('says דילוג on Hebrew pages and Skip elsewhere, and closes as "skip-button"', async () => {
      const hebrew = await mountPopup('<p>Sale</p>', { lang: 'he', config: { poptin_type: 'fullpage' } });
      expect(part(hebrew, 'skip-button').textContent).to.equal('דילוג');
      removePopups();
      const english = await mountPopup('<p>Sale</p>', { config: { poptin_type: 'fullpage' } });
      const sources = closeSources(english);
      expect(part(english, 'skip-button').textContent).to.equal('Skip');
      part(english, 'skip-button').click();
      expect(sources).to.deep.equal(['skip-button']);
    });

    it('only fullpage pop-ups have one', async () => {
      const element = await mountPopup('<p>Sale</p>');
      expect(element.shadowRoot!.querySelector('[part~="skip-button"]')).to.equal(null);
    });
  });

  describe('the coupon tooltip', () => {
    it('says הועתק for 0.5 s, fades for 0.3 s, and tells the page with couponCopy', async () => {
      const element = await mountPopup('<p>Your code: <span data-poptin-coupon>SAVE10</span></p>', { lang: 'he' });
      const coupon = inShadow(element, '[data-poptin-coupon]');
      expect(coupon.getAttribute('role')).to.equal('button');
      expect(coupon.tabIndex).to.equal(0);
      expect(coupon.getAttribute('aria-label')).to.equal('קוד קופון, יש ללחוץ כדי להעתיק: SAVE10');
      const writeText = sinon.stub(navigator.clipboard, 'writeText').resolves();
      const copied = sinon.spy();
      window.addEventListener('couponCopy', copied);
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      coupon.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }),
      );
      window.removeEventListener('couponCopy', copied);
      const tooltip = inShadow(element, '.poptin-tooltip');
      expect(tooltip.textContent).to.equal('הועתק');
      expect(writeText.args).to.deep.equal([['SAVE10']]);
      expect(copied.firstCall.args[0].detail).to.deep.equal({
        event_name: 'couponCopy',
        coupon_code: 'SAVE10',
        prize_label: '',
      });
      clock.tick(COUPON_TOOLTIP_MS);
      expect(tooltip.classList.contains('is-fading')).to.equal(true);
      clock.tick(COUPON_FADE_MS);
      expect(tooltip.isConnected).to.equal(false);
    });

    it('says Copied on English pages', async () => {
      sinon.stub(navigator.clipboard, 'writeText').resolves();
      const element = await mountPopup('<span data-poptin-coupon="SAVE10">SAVE10</span>');
      inShadow(element, '[data-poptin-coupon]').click();
      expect(inShadow(element, '.poptin-tooltip').textContent).to.equal('Copied');
    });
  });
});
