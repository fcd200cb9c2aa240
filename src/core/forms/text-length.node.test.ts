import { describe, it } from 'node:test';
import { expect } from 'chai';
import { validateEmail } from './email.ts';
import { maxLengthFor } from './field-kind.ts';
import { INPUT_MAX_LENGTH } from './input-limits.ts';
import { validateName } from './name.ts';
import { checkInputMaxLength } from './text-length.ts';

// An address of exactly `length` characters on a common domain, so only its length can fail it.
const emailOfLength = (length: number) => `${'a'.repeat(length - '@gmail.com'.length)}@gmail.com`;

describe('input max length (widget §5 and §9: 254 characters)', () => {
  it('INPUT_MAX_LENGTH is 254', () => {
    expect(INPUT_MAX_LENGTH).to.equal(254);
  });

  const lengthTable: Array<[number, boolean]> = [
    [253, true],
    [254, true],
    [255, false],
  ];
  for (const [length, valid] of lengthTable) {
    it(`${length} characters: ${valid ? 'within' : 'over'} the limit`, () => {
      expect(checkInputMaxLength('x'.repeat(length)).valid).to.equal(valid);
    });
  }

  const emailTable: Array<[string, number, boolean]> = [
    ['check-typos', 254, true],
    ['check-typos', 255, false],
    ['no-validation', 254, true],
    ['no-validation', 255, false],
    ['business-email', 255, false],
  ];
  for (const [validation, length, valid] of emailTable) {
    it(`email (${validation}) of ${length} characters: ${valid ? 'valid' : 'invalid'}`, () => {
      const value = emailOfLength(length);
      expect(value).to.have.length(length);
      expect(validateEmail(value, { validation }).valid).to.equal(valid);
    });
  }

  it('a name over 254 characters is refused for its length', () => {
    expect(validateName('a'.repeat(255)).message).to.equal('Please use at most 254 characters');
    expect(validateName('a'.repeat(255), { language: 'he' }).message).to.equal('נא להזין עד 254 תווים');
  });

  const maxLengthTable: Array<[string, string, number | null]> = [
    ['Email', 'email', 254],
    ['Name', 'text', 254],
    ['FirstName', 'text', 254],
    ['LastName', 'text', 254],
    ['first_name', 'text', 254],
    ['last_name', 'text', 254],
    ['Email2', 'email', 254],
    ['Phone', 'tel', null],
    ['Website', 'url', null],
    ['text1', 'text', null],
  ];
  for (const [name, type, expected] of maxLengthTable) {
    it(`maxlength of ${name} is ${expected}`, () => {
      expect(maxLengthFor(name, type)).to.equal(expected);
    });
  }
});
