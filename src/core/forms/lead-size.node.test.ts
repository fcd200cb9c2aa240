import { describe, it } from 'node:test';
import { expect } from 'chai';
import { LEAD_FIELD_LIMITS, LEAD_OTHER_FIELDS_TOTAL } from '../api/contract.ts';
import { validateForm } from './form.ts';
import type { FormField } from './form-field.ts';

const text = (name: string, length: number, type = 'text'): FormField => ({ name, type, value: 'x'.repeat(length) });
const errorsOf = (fields: FormField[], language: 'en' | 'he' = 'en') =>
  validateForm(fields, { language }).errors.map((error) => [error.name, error.message]);

describe('lead size: the limits of the conversion call, checked before the submit', () => {
  it('every field at its limit passes', () => {
    const fields = [
      text('message', LEAD_FIELD_LIMITS.message, 'textarea'),
      text('company', LEAD_FIELD_LIMITS.other),
      text('Phone', 0, 'tel'),
    ];
    expect(errorsOf(fields)).to.deep.equal([]);
  });

  it('one character over: the field says its limit and its length', () => {
    expect(errorsOf([text('message', LEAD_FIELD_LIMITS.message + 1, 'textarea')])).to.deep.equal([
      ['message', 'Please shorten this to 8,192 characters (it has 8,193)'],
    ]);
    // A second message box is one of the other fields, with their own limit.
    expect(
      errorsOf([text('message', 10, 'textarea'), text('message2', LEAD_FIELD_LIMITS.other + 1, 'textarea')]),
    ).to.deep.equal([['message2', 'Please shorten this to 8,192 characters (it has 8,193)']]);
  });

  it("the other fields together over their total: the longest of them says so, in the visitor's language", () => {
    const fields = [
      text('a', LEAD_FIELD_LIMITS.other),
      text('b', LEAD_OTHER_FIELDS_TOTAL - LEAD_FIELD_LIMITS.other - 10),
      text('c', 11),
    ];
    expect(errorsOf(fields)).to.deep.equal([
      ['a', 'Your answers are too long: 16,384 characters in all at most (they have 16,385)'],
    ]);
    expect(errorsOf(fields, 'he')).to.deep.equal([
      ['a', 'התשובות ארוכות מדי: עד 16,384 תווים בסך הכול (הוזנו 16,385)'],
    ]);
  });
});
