import { expect } from '@open-wc/testing';
import { fieldKindOf, fieldSpellingsOf } from '../../core/forms/field-kind.ts';
import { templatePartsIn } from './template-parts.ts';

const EMAIL_FORM =
  '<form><input type="email" name="Email" placeholder="Your email"><button type="submit">Join</button></form>';

describe('templatePartsIn', () => {
  it('finds no part in a form asking for an e-mail, so such a pop-up loads none', () => {
    expect(templatePartsIn(EMAIL_FORM)).to.deep.equal([]);
  });

  it('finds each part a template holds', () => {
    const template = `${EMAIL_FORM}
      <poptin-spin-wheel prizes="[]"></poptin-spin-wheel>
      <button data-poptin-coupon="SAVE10">Copy</button>
      <button data-poptin-add-to-cart="42">Add</button>
      <poptin-countdown to="2030-01-01T00:00:00Z"></poptin-countdown>
      <poptin-product-recommendations></poptin-product-recommendations>
      <input name="Birthday">
      <input type="tel" name="Phone" data-validation="international">
      <p>{{utm_campaign|our sale}}</p>`;
    expect(templatePartsIn(template)).to.deep.equal([
      'game',
      'coupon',
      'add-to-cart',
      'countdown',
      'recommendations',
      'date-picker',
      'phone-country',
      'dynamic-text',
    ]);
  });

  it('finds every field that field-kind reads as a date or a birthday, by any name, index, quoting or type', () => {
    const { names, types } = fieldSpellingsOf(['date', 'birthday']);
    expect(names).to.include.members(['date', 'birthday']);
    const fields = [
      ...names.flatMap((name) => [
        `<input name="${name}">`,
        `<input name='${name.toUpperCase()}2'>`,
        `<input name=${name}>`,
      ]),
      ...types.map((type) => `<input type="${type}" name="when">`),
    ];
    for (const field of fields) {
      const input = new DOMParser().parseFromString(field, 'text/html').querySelector('input')!;
      expect(fieldKindOf(input.name, input.getAttribute('type') ?? 'text'), field).to.be.oneOf(['date', 'birthday']);
      expect(templatePartsIn(field), field).to.deep.equal(['date-picker']);
    }
  });

  it('does not take a word that only begins like a date field for one', () => {
    expect(
      templatePartsIn('<input name="dates_free"><input name="update"><input type="datetime-local" name="at">'),
    ).to.deep.equal([]);
  });
});
