import { describe, it } from 'node:test';
import { expect } from 'chai';
import { parseDomainList } from './business-email.ts';
import { needsPhoneLibrary, validateForm } from './form.ts';
import type { FormField } from './form-field.ts';
import { loadPhoneLibrary } from './phone-library.ts';

const text = (name: string, value: string, extra: Partial<FormField> = {}): FormField => ({
  name,
  type: 'text',
  value,
  ...extra,
});
const box = (name: string, value: string, checked: boolean, extra: Partial<FormField> = {}): FormField => ({
  name,
  type: 'checkbox',
  value,
  checked,
  ...extra,
});
const NOW = new Date(2024, 2, 15, 12);

describe('validateForm: blocking (widget §4: a required field is empty or no field is filled)', () => {
  const table: Array<[string, FormField[], string | null, number[]]> = [
    ['required email empty', [text('Email', '', { required: true }), text('Name', 'Dan')], 'required-empty', [0]],
    ['required email blank', [text('Name', 'Dan'), text('Email', '   ', { required: true })], 'required-empty', [1]],
    ['nothing filled', [text('Email', ''), text('Name', '')], 'nothing-filled', [0]],
    ['one optional field filled', [text('Email', ''), text('Name', 'Dan')], null, []],
    ['required filled', [text('Email', 'dan@example.com', { required: true })], null, []],
    [
      'required checkbox group empty',
      [text('Name', 'Dan'), box('Checkbox', 'a', false, { required: true }), box('Checkbox', 'b', false)],
      'required-empty',
      [1, 2],
    ],
    [
      'required checkbox group ticked',
      [text('Name', 'Dan'), box('Checkbox', 'a', false, { required: true }), box('Checkbox', 'b', true)],
      null,
      [],
    ],
    ['only a ticked checkbox', [box('Checkbox', 'a', true)], null, []],
    ['only a consent ticked', [text('Email', ''), box('consent', 'yes', true)], 'nothing-filled', [0]],
    [
      'required consent unticked',
      [text('Email', 'dan@example.com'), box('consent', 'yes', false, { required: true })],
      'required-empty',
      [1],
    ],
    ['only hidden fields', [{ name: 'utm_source', type: 'hidden', value: '' }], null, []],
    [
      'hidden values do not count as filled',
      [text('Email', ''), { name: 'utm_source', type: 'hidden', value: 'ads' }],
      'nothing-filled',
      [0],
    ],
    ['no fields at all', [], null, []],
  ];
  for (const [label, fields, reason, highlight] of table) {
    it(`${label}: ${reason ?? 'not blocked'}`, () => {
      const result = validateForm(fields);
      expect(result.blockReason).to.equal(reason);
      expect(result.blocked).to.equal(reason !== null);
      expect(result.highlight).to.deep.equal(highlight);
      if (reason) expect(result.valid).to.equal(false);
    });
  }
});

describe('validateForm: per-field errors with message and hint', () => {
  it('reports every invalid field in form order, in English', () => {
    const result = validateForm(
      [
        text('Email', 'dan@example'),
        text('Name', 'Dan2'),
        { name: 'Phone', type: 'tel', value: '123' },
        text('birthday', '16/03/2024'),
      ],
      { now: NOW },
    );
    expect(result.valid).to.equal(false);
    expect(result.blocked).to.equal(false);
    expect(result.errors).to.deep.equal([
      { name: 'Email', index: 0, message: 'There are typos in the email', hint: null },
      {
        name: 'Name',
        index: 1,
        message: 'Please enter a valid name',
        hint: 'Please enter at least 2 or more characters.',
      },
      {
        name: 'Phone',
        index: 2,
        message: 'Please enter a valid phone number',
        hint: 'Please enter 7 to 15 digits and avoid using letters or symbols',
      },
      { name: 'birthday', index: 3, message: 'Please enter a valid birthday.', hint: null },
    ]);
    expect(result.firstInvalid).to.deep.equal(result.errors[0]);
  });

  it('in Hebrew', () => {
    const result = validateForm(
      [text('Email', 'dan@example'), { name: 'Phone', type: 'tel', value: '050', validation: 'advanced' }],
      { language: 'he' },
    );
    expect(result.errors.map((error) => error.message)).to.deep.equal([
      'יש שגיאות הקלדה בכתובת האימייל',
      'מספר הטלפון שגוי',
    ]);
  });

  const table: Array<[string, FormField, string | null]> = [
    [
      'required empty phone',
      { name: 'Phone', type: 'tel', value: '', required: true },
      'Please enter a valid phone number',
    ],
    ['basic phone of 7', { name: 'Phone', type: 'tel', value: '1234567' }, null],
    ['advanced phone', { name: 'Phone', type: 'tel', value: '0561234567', validation: 'advanced' }, 'מספר הטלפון שגוי'],
    ['advanced phone valid', { name: 'Phone', type: 'tel', value: '050-1234567', validation: 'advanced' }, null],
    [
      'international without the library yet',
      { name: 'Phone', type: 'tel', value: '12', validation: 'international' },
      'Invalid number - please try again',
    ],
    ['no-validation email', text('Email', 'anything', { validation: 'no-validation' }), null],
    [
      'business email',
      text('Email', 'dan@gmail.com', { validation: 'business-email' }),
      'Only business emails are allowed',
    ],
    [
      'typos-business email',
      text('Email', 'dan@yahoo.com', { validation: 'typos-business' }),
      'Only business emails are allowed',
    ],
    ['first name of 41', text('FirstName', 'a'.repeat(41)), 'Please enter a valid name'],
    ['last name of 40', text('LastName', 'a'.repeat(40)), null],
    ['impossible date', text('Date', '31/02/2024'), 'Please enter a valid date (dd/mm/yyyy)'],
    ['number', { name: 'number1', type: 'number', value: 'abc' }, 'Please enter a number'],
    ['number fine', { name: 'number1', type: 'number', value: '-3.456' }, null],
    ['required website empty', { name: 'Website', type: 'url', value: '', required: true }, 'This field is required'],
    ['required custom text empty', text('text1', '', { required: true }), 'This field is required'],
    ['hidden field', { name: 'prize_code', type: 'hidden', value: '', required: true }, null],
  ];
  for (const [label, field, message] of table) {
    it(`${label}: ${message ?? 'valid'}`, () => {
      const result = validateForm([text('Name', 'Dan'), field], {
        freeMailDomains: parseDomainList('gmail.com\nyahoo.com'),
      });
      expect(result.errors.map((error) => error.message)).to.deep.equal(message ? [message] : []);
    });
  }

  it('a required radio group with nothing chosen is required; with its default it passes', () => {
    const radios = (checked: boolean): FormField[] => [
      { name: 'size', type: 'radio', value: 'small', required: true, checked },
      { name: 'size', type: 'radio', value: 'large', required: true, checked: false },
    ];
    expect(validateForm([text('Name', 'Dan'), ...radios(false)]).errors).to.deep.equal([
      { name: 'size', index: 1, message: 'This field is required', hint: null },
    ]);
    expect(validateForm([text('Name', 'Dan'), ...radios(true)]).valid).to.equal(true);
  });

  it('a form of good values is valid', () => {
    const result = validateForm(
      [
        text('Email', 'dan@example.com', { required: true }),
        text('Name', 'Dan Levi', { required: true }),
        { name: 'Phone', type: 'tel', value: '+1 (555) 12-34', required: true },
        box('Checkbox', 'news', true, { required: true }),
        box('consent', 'yes', true, { required: true }),
        text('birthday', '01/01/1990'),
      ],
      { now: NOW },
    );
    expect(result).to.deep.equal({
      valid: true,
      blocked: false,
      blockReason: null,
      errors: [],
      firstInvalid: null,
      highlight: [],
      suggestions: [],
    });
  });
});

describe('validateForm: international phones with the library loaded', () => {
  const table: Array<[string, string, boolean]> = [
    ['IL', '050-123-4567', true],
    ['US', '(201) 555-0123', true],
    ['GB', '07911 12345', false],
    ['DE', '030', false],
  ];
  for (const [country, value, valid] of table) {
    it(`${country} ${value}: ${valid ? 'valid' : 'invalid'}`, async () => {
      const phoneLibrary = await loadPhoneLibrary();
      const fields: FormField[] = [
        { name: 'Phone', type: 'tel', value, validation: 'international', phoneCountry: country, required: true },
      ];
      expect(needsPhoneLibrary(fields)).to.equal(true);
      expect(validateForm(fields, { phoneLibrary }).valid).to.equal(valid);
    });
  }
  it('is not needed without international phones', () => {
    expect(
      needsPhoneLibrary([{ name: 'Phone', type: 'tel', value: '', validation: 'basic' }, text('Email', '')]),
    ).to.equal(false);
  });
});

describe('validateForm: email suggestions', () => {
  it('lists a suggestion without blocking', () => {
    const result = validateForm([text('Email', 'dan@gmial.com')]);
    expect(result.valid).to.equal(true);
    expect(result.suggestions).to.deep.equal([
      { name: 'Email', index: 0, address: 'dan@gmail.com', message: 'Did you mean dan@gmail.com?' },
    ]);
  });
});
