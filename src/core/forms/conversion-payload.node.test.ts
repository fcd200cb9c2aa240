import { describe, it } from 'node:test';
import { expect } from 'chai';
import { buildConversionFields, redirectFormData } from './conversion-payload.ts';
import type { FormField } from './form-field.ts';

const FORM: FormField[] = [
  { name: 'Email', type: 'email', value: ' dan@example.com ' },
  { name: 'Name', type: 'text', value: 'Dan Levi' },
  {
    name: 'FirstName',
    type: 'text',
    value: 'Dan',
    placeholder: 'First name',
    id: 'f1',
    createdAs: 'first_name',
    createdVersion: '2',
    propertyName: 'firstname',
  },
  { name: 'Phone', type: 'tel', value: '050-1234567' },
  { name: 'message', type: 'textarea', value: 'Hello' },
  { name: 'Checkbox', type: 'checkbox', value: 'news', checked: true },
  { name: 'Checkbox', type: 'checkbox', value: 'offers', checked: false },
  { name: 'Checkbox', type: 'checkbox', value: 'events', checked: true },
  { name: 'consent', type: 'checkbox', value: 'yes', checked: true },
  { name: 'utm_source', type: 'hidden', value: 'newsletter' },
  { name: 'size', type: 'radio', value: 'small', checked: false },
  { name: 'size', type: 'radio', value: 'large', checked: true },
  { name: 'Email2', type: 'email', value: 'other@example.com' },
];

describe('conversion payload (widget §7 conversion: raw values and newExtraFields)', () => {
  it('sends the raw phone, email, name, message and checkbox values', () => {
    const { newExtraFields, ...raw } = buildConversionFields(FORM);
    expect(raw).to.deep.equal({
      email: 'dan@example.com',
      name: 'Dan Levi',
      phone: '050-1234567',
      message: 'Hello',
      checkbox: 'news, events',
      checkbox_checked: 'yes',
      consent_shown: 'yes',
    });
    expect(typeof newExtraFields).to.equal('string');
  });

  it('sends every other field as a field record', () => {
    expect(JSON.parse(buildConversionFields(FORM).newExtraFields)).to.deep.equal([
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
        value: 'newsletter',
        created_as: '',
        created_version: '',
        property_name: 'utm_source',
      },
      {
        id: 'size',
        type: 'radio',
        name: 'size',
        placeholder: '',
        value: 'large',
        created_as: '',
        created_version: '',
        property_name: 'size',
      },
      {
        id: 'Email2',
        type: 'email',
        name: 'Email2',
        placeholder: '',
        value: 'other@example.com',
        created_as: '',
        created_version: '',
        property_name: 'Email2',
      },
    ]);
  });

  const consentTable: Array<[FormField[], 'yes' | 'no', 'yes' | undefined]> = [
    [[{ name: 'consent', type: 'checkbox', value: 'yes', checked: false }], 'no', 'yes'],
    [[{ name: 'consent', type: 'checkbox', value: 'yes', checked: true }], 'yes', 'yes'],
    [[], 'no', undefined],
  ];
  for (const [fields, checked, shown] of consentTable) {
    it(`checkbox_checked is ${checked} and consent_shown ${shown} for ${JSON.stringify(fields.map((f) => f.checked))}`, () => {
      const body = buildConversionFields(fields);
      expect([body.checkbox_checked, body.consent_shown]).to.deep.equal([checked, shown]);
    });
  }

  it('a form with no fields sends empty values and an empty list', () => {
    expect(buildConversionFields([])).to.deep.equal({
      email: '',
      name: '',
      phone: '',
      message: '',
      checkbox: '',
      checkbox_checked: 'no',
      newExtraFields: '[]',
    });
  });
});

describe('redirect form data', () => {
  it('carries every filled field and each ticked box', () => {
    expect(redirectFormData(FORM)).to.deep.equal([
      ['Email', 'dan@example.com'],
      ['Name', 'Dan Levi'],
      ['FirstName', 'Dan'],
      ['Phone', '050-1234567'],
      ['message', 'Hello'],
      ['Checkbox', 'news'],
      ['Checkbox', 'events'],
      ['consent', 'yes'],
      ['utm_source', 'newsletter'],
      ['size', 'large'],
      ['Email2', 'other@example.com'],
    ]);
  });
});
