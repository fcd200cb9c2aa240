import { describe, it } from 'node:test';
import { expect } from 'chai';
import { NAME_MAX_LENGTH, validateName } from './name.ts';

describe('name rule (widget §5: 1 to 40 characters, no digits, no < or >)', () => {
  const table: Array<[string, string, boolean]> = [
    ['one letter', 'A', true],
    ['two words', 'Dana Levi', true],
    ['Hebrew', 'דנה לוי', true],
    ['apostrophe and hyphen', "O'Neil-Smith", true],
    ['40 characters', 'a'.repeat(40), true],
    ['41 characters', 'a'.repeat(41), false],
    ['40 characters between spaces', ` ${'a'.repeat(40)} `, true],
    ['a digit', 'Dana2', false],
    ['only digits', '12345', false],
    ['<', 'Dana<b', false],
    ['>', 'Dana>', false],
    ['a tag', '<script>', false],
  ];
  for (const [label, value, valid] of table) {
    it(`${label}: ${valid ? 'valid' : 'invalid'}`, () => {
      expect(validateName(value, { required: true }).valid).to.equal(valid);
    });
  }

  it('NAME_MAX_LENGTH is 40', () => {
    expect(NAME_MAX_LENGTH).to.equal(40);
  });

  it('a wrong name carries the spec hint in English', () => {
    expect(validateName('Dana2', { required: true })).to.deep.equal({
      valid: false,
      message: 'Please enter a valid name',
      hint: 'Please enter at least 2 or more characters.',
    });
  });

  it('a wrong name carries the hint in Hebrew', () => {
    expect(validateName('a'.repeat(41), { language: 'he' })).to.deep.equal({
      valid: false,
      message: 'נא להזין שם תקין',
      hint: 'נא להזין לפחות 2 תווים.',
    });
  });

  const emptyTable: Array<[string, boolean, boolean]> = [
    ['', true, false],
    ['   ', true, false],
    ['', false, true],
  ];
  for (const [value, required, valid] of emptyTable) {
    it(`"${value}" ${required ? 'required' : 'optional'}: ${valid ? 'valid' : 'invalid'}`, () => {
      expect(validateName(value, { required }).valid).to.equal(valid);
    });
  }

  it('a required empty name says it is required, with the hint', () => {
    expect(validateName('', { required: true })).to.deep.equal({
      valid: false,
      message: 'This field is required',
      hint: 'Please enter at least 2 or more characters.',
    });
  });
});
