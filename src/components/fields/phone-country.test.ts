import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import {
  allInShadow,
  blur,
  collectSubmits,
  field,
  formTemplate,
  inShadow,
  messagesOf,
  mountPopup,
  nextFrame,
  removePopups,
  submit,
  typeInto,
  until,
} from '../../../test/browser-support/popup.ts';

const PHONE = '<label for="p">Phone</label><input id="p" name="Phone" data-validation="international">';

const countryButton = (element: Element) => inShadow<HTMLButtonElement>(element, '.poptin-country-button');
const search = (element: Element) =>
  element.shadowRoot!.querySelector<HTMLInputElement>('.poptin-country-popup [role=combobox]');
const options = (element: Element) => allInShadow(element, '.poptin-country-popup [role=option]');
const phoneLibraryRequested = () =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes('libphonenumber'));

async function openList(element: Element) {
  countryButton(element).click();
  await until(() => search(element) !== null, 'the country list');
}

function searchFor(element: Element, text: string) {
  const input = search(element)!;
  // React tracks the value it last rendered; the native setter makes it see the change.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('<poptin-popup> international phone', () => {
  afterEach(() => {
    removePopups();
    sinon.restore();
  });

  // First in this file: each test file runs in a page of its own, so nothing has loaded the library yet.
  it('loads libphonenumber-js only when the phone field gets focus', async () => {
    const element = await mountPopup(formTemplate(PHONE));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(phoneLibraryRequested()).to.equal(false);
    field(element, 'Phone').focus();
    // The library's first load goes through the test server's compiler: on a busy machine it takes seconds (the
    // test's own limit is 10 s).
    await until(
      () => countryButton(element).querySelector('.poptin-country-code') !== null,
      'the dialling code',
      9_000,
    );
    expect(phoneLibraryRequested()).to.equal(true);
    expect(countryButton(element).textContent).to.equal('🇺🇸+1');
  });

  describe('the flag selector', () => {
    it('is a button with the flag and dialling code of the visitor’s country', async () => {
      const element = await mountPopup(formTemplate(PHONE), { model: { countryCode: 'GB' } });
      field(element, 'Phone').focus();
      await until(() => countryButton(element).getAttribute('aria-label') === 'United Kingdom +44', 'the button label');
      expect(countryButton(element).getAttribute('aria-haspopup')).to.equal('listbox');
      expect(countryButton(element).getAttribute('aria-expanded')).to.equal('false');
      expect(field(element, 'Phone').type).to.equal('tel');
    });

    it('opens a searchable listbox of countries with flag, name and dialling code', async () => {
      const element = await mountPopup(formTemplate(PHONE));
      await openList(element);
      const combobox = search(element)!;
      expect(element.shadowRoot!.activeElement).to.equal(combobox);
      expect(combobox.placeholder).to.equal('Search...');
      expect(combobox.getAttribute('aria-controls')).to.equal(inShadow(element, '[role=listbox]').id);
      expect(options(element).length).to.be.greaterThan(200);
      searchFor(element, 'israel');
      await nextFrame();
      expect(options(element).map((option) => option.textContent)).to.deep.equal(['🇮🇱 Israel +972']);
      searchFor(element, '+44');
      await nextFrame();
      expect(options(element).map((option) => option.dataset.country)).to.include('GB');
      searchFor(element, 'zzzz');
      await nextFrame();
      expect(options(element)).to.have.length(0);
      expect(inShadow(element, '.poptin-country-empty').textContent).to.equal('No results found');
    });

    it('works by keyboard: arrows move the active option, Enter picks it without submitting the form', async () => {
      const element = await mountPopup(formTemplate(PHONE));
      const submits = collectSubmits(element);
      await openList(element);
      await sendKeys({ type: 'united' });
      await nextFrame();
      const combobox = search(element)!;
      expect(combobox.getAttribute('aria-activedescendant')).to.equal(options(element)[0].id);
      await sendKeys({ press: 'ArrowDown' });
      await nextFrame();
      const active = options(element)[1];
      expect(combobox.getAttribute('aria-activedescendant')).to.equal(active.id);
      expect(active.classList.contains('is-active')).to.equal(true);
      await sendKeys({ press: 'Enter' });
      await until(() => search(element) === null, 'the list to close');
      expect(countryButton(element).dataset.country).to.equal(active.dataset.country);
      expect(field(element, 'Phone').dataset.phoneCountry).to.equal(active.dataset.country);
      expect(element.shadowRoot!.activeElement).to.equal(field(element, 'Phone'));
      expect(submits).to.deep.equal([]);
    });

    it('Escape closes the list and gives focus back to the button', async () => {
      const element = await mountPopup(formTemplate(PHONE));
      await openList(element);
      await sendKeys({ press: 'Escape' });
      await until(() => search(element) === null, 'the list to close');
      expect(element.shadowRoot!.activeElement).to.equal(countryButton(element));
    });
  });

  describe('the number', () => {
    it('is reformatted for the selected country, checked at submit, and sent in E.164', async () => {
      const element = await mountPopup(formTemplate(PHONE));
      const submits = collectSubmits(element);
      await openList(element);
      searchFor(element, 'Israel');
      await nextFrame();
      options(element)[0].click();
      await nextFrame();
      const input = field(element, 'Phone');
      typeInto(input, '12345');
      submit(element);
      await until(() => input.getAttribute('aria-invalid') === 'true', 'the error');
      expect(messagesOf(element, input)).to.deep.equal(['Invalid number - please try again']);
      typeInto(input, '0501234567');
      blur(input);
      expect(input.value).to.equal('050-123-4567');
      submit(element);
      await until(() => submits.length === 1, 'the submit');
      expect(submits[0].fields[0]).to.deep.include({ name: 'Phone', value: '+972501234567', phoneCountry: 'IL' });
    });
  });
});
