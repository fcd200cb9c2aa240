import { expect } from '@open-wc/testing';
import { field, formTemplate, inShadow, mountPopup, removePopups, until } from '../../../test/browser-support/popup.ts';

// Countdowns, coupons, games, add-to-cart buttons, the date picker and the phone country list are chunks of their
// own (src/components/template/template-parts.ts). The controller loads those a template needs before it builds
// the pop-up; a pop-up built without them, as here, binds each once its chunk arrives. This file imports none of
// them, so the chunks are loaded here for the first time.
describe('<poptin-popup> parts of the template loaded after the first render', () => {
  afterEach(() => removePopups());

  it('binds its coupon, countdown, game, date picker and phone country list once their chunks arrive', async () => {
    const template = formTemplate(
      '<p>Code: <span data-poptin-coupon>SPRING10</span></p><poptin-countdown minutes="5"></poptin-countdown>' +
        '<input name="Date" aria-label="Date"><input name="phone" aria-label="Phone" data-validation="international" data-phone-country="GB">' +
        '<div data-poptin-screen="play"><poptin-scratch-card></poptin-scratch-card></div><div data-poptin-screen="win"><p>You won</p></div>',
    );
    const element = await mountPopup(template, { lazyParts: true });
    expect(inShadow(element, '[data-poptin-screen="win"]').hidden, 'the win screen waits for a result').to.equal(true);
    await until(
      () => inShadow(element, '[data-poptin-coupon]').getAttribute('role') === 'button',
      'the coupon to be a button',
    );
    expect(inShadow(element, '[data-poptin-coupon]').getAttribute('aria-label')).to.equal(
      'Coupon code, click to copy: SPRING10',
    );
    await until(
      () =>
        customElements.get('poptin-countdown') !== undefined &&
        inShadow(element, 'poptin-countdown').shadowRoot !== null,
      'the countdown to be defined',
    );
    await until(() => customElements.get('poptin-scratch-card') !== undefined, 'the scratch card to be defined');
    await until(() => element.shadowRoot!.querySelector('.poptin-date-button') !== null, 'the date picker');
    await until(() => element.shadowRoot!.querySelector('.poptin-country-button') !== null, 'the country list');
    expect(field(element, 'Date').readOnly).to.equal(true);
    expect(
      getComputedStyle(inShadow(element, '.poptin-country-button')).paddingInlineStart,
      'the field styles came with it',
    ).to.equal('10px');
  });
});
