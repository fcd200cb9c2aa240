import { describe, it } from 'node:test';
import { expect } from 'chai';
import { isEmailShape, validateEmail } from './email.ts';

describe('email shape (widget §5: letters, digits, a few symbols, standard address shape)', () => {
  const table: Array<[string, boolean]> = [
    ['dan@example.com', true],
    ['Dan.Levi@Example.co.il', true],
    ['dan+news@example.com', true],
    ['dan_levi-1@mail.example.org', true],
    ["o'neil@example.ie", true],
    ['  dan@example.com  ', true],
    ['dan@example', false],
    ['dan@example.c', false],
    ['dan@example.c0m', false],
    ['danexample.com', false],
    ['dan@@example.com', false],
    ['dan@exa mple.com', false],
    ['dan levi@example.com', false],
    ['.dan@example.com', false],
    ['dan.@example.com', false],
    ['da..n@example.com', false],
    ['dan@-example.com', false],
    ['dan@example-.com', false],
    ['dan@example..com', false],
    ['dan<b>@example.com', false],
    ['dan@exam_ple.com', false],
    ['דן@example.com', false],
    ['@example.com', false],
    ['dan@', false],
  ];
  for (const [value, valid] of table) {
    it(`"${value}" is ${valid ? '' : 'not '}an address`, () => {
      expect(isEmailShape(value)).to.equal(valid);
    });
  }
});

describe('email check-typos mode (default)', () => {
  it('a malformed address gets the typos message in English', () => {
    const verdict = validateEmail('dan@example', { required: true });
    expect(verdict.valid).to.equal(false);
    expect(verdict.message).to.equal('There are typos in the email');
  });
  it('a malformed address gets the typos message in Hebrew', () => {
    expect(validateEmail('dan@@example.com', { language: 'he' }).message).to.equal('יש שגיאות הקלדה בכתובת האימייל');
  });
  it('a well-formed address passes with no suggestion', () => {
    expect(validateEmail('dan@example.com')).to.deep.equal({
      valid: true,
      message: null,
      hint: null,
      suggestion: null,
    });
  });
  it('a near miss of a common domain passes with a suggestion', () => {
    expect(validateEmail('dan@gmial.com')).to.deep.equal({
      valid: true,
      message: null,
      hint: null,
      suggestion: { address: 'dan@gmail.com', message: 'Did you mean dan@gmail.com?' },
    });
  });
  it('the suggestion is in Hebrew on Hebrew pages', () => {
    expect(validateEmail('dan@gmail.con', { language: 'he' }).suggestion?.message).to.equal(
      'האם התכוונת ל-dan@gmail.com?',
    );
  });

  const requiredTable: Array<[string, boolean, boolean, string | null]> = [
    ['', true, false, 'This field is required'],
    ['   ', true, false, 'This field is required'],
    ['', false, true, null],
  ];
  for (const [value, required, valid, message] of requiredTable) {
    it(`"${value}" ${required ? 'required' : 'optional'}: ${valid ? 'valid' : message}`, () => {
      const verdict = validateEmail(value, { required });
      expect([verdict.valid, verdict.message]).to.deep.equal([valid, message]);
    });
  }
});

describe('email no-validation mode', () => {
  const table: Array<[string, boolean]> = [
    ['not an email', true],
    ['dan@', true],
    ['<b>', true],
    ['x'.repeat(254), true],
    ['x'.repeat(255), false],
  ];
  for (const [value, valid] of table) {
    it(`"${value.length > 20 ? `${value.length} characters` : value}" is ${valid ? 'accepted' : 'refused'}`, () => {
      expect(validateEmail(value, { validation: 'no-validation' }).valid).to.equal(valid);
    });
  }
  it('still needs a value when required', () => {
    expect(validateEmail('', { validation: 'no-validation', required: true }).message).to.equal(
      'This field is required',
    );
  });
});
