import { describe, it } from 'node:test';
import { expect } from 'chai';
import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, sanitizePhoneWhileTyping, validateBasicPhone } from './phone-basic.ts';

describe('phone basic: 7 to 15 characters at validation (widget §5)', () => {
  const table: Array<[string, string, boolean]> = [
    ['6 digits', '123456', false],
    ['7 digits', '1234567', true],
    ['15 digits', '123456789012345', true],
    ['16 digits', '1234567890123456', false],
    ['7 characters with symbols', '+1 (23)', true],
    ['15 characters with symbols', '+972 50-123-456', true],
    ['16 characters with symbols', '+972 (50) 123-45', false],
    ['a letter', '050123456a', false],
    ['a dot', '050.1234567', false],
    ['a slash', '050/1234567', false],
    ['no digit at all', '+-() -()', false],
    ['spaces around do not count', '  1234567  ', true],
  ];
  for (const [label, value, valid] of table) {
    it(`${label} "${value}": ${valid ? 'valid' : 'invalid'}`, () => {
      expect(validateBasicPhone(value, { required: true }).valid).to.equal(valid);
    });
  }

  it('PHONE_MIN_LENGTH and PHONE_MAX_LENGTH are 7 and 15', () => {
    expect([PHONE_MIN_LENGTH, PHONE_MAX_LENGTH]).to.deep.equal([7, 15]);
  });

  it('a wrong number gets the message and hint in English', () => {
    expect(validateBasicPhone('123456')).to.deep.equal({
      valid: false,
      message: 'Please enter a valid phone number',
      hint: 'Please enter 7 to 15 digits and avoid using letters or symbols',
    });
  });

  it('a wrong number gets the message and hint in Hebrew', () => {
    expect(validateBasicPhone('abc', { language: 'he' })).to.deep.equal({
      valid: false,
      message: 'נא להזין מספר טלפון תקין',
      hint: 'נא להזין 7 עד 15 ספרות, ללא אותיות או סימנים',
    });
  });

  it('a required empty phone gives the valid-number message', () => {
    expect(validateBasicPhone('', { required: true }).message).to.equal('Please enter a valid phone number');
  });

  it('an optional empty phone is fine', () => {
    expect(validateBasicPhone('').valid).to.equal(true);
  });
});

describe('phone basic while typing: other characters stripped, at most 15 (widget §5)', () => {
  const table: Array<[string, string]> = [
    ['050-1234567', '050-1234567'],
    ['+1 (555) 123-4567', '+1 (555) 123-45'],
    ['050abc123', '050123'],
    ['050.123.4567', '0501234567'],
    ['tel:050#123*45', '05012345'],
    ['1234567890123456', '123456789012345'],
    ['12345678901234', '12345678901234'],
    ['', ''],
  ];
  for (const [typed, kept] of table) {
    it(`"${typed}" → "${kept}"`, () => {
      expect(sanitizePhoneWhileTyping(typed)).to.equal(kept);
    });
  }
  it('never returns more than 15 characters', () => {
    expect(sanitizePhoneWhileTyping('9'.repeat(40))).to.have.length(15);
  });
});
