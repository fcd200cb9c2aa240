import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  ISRAELI_LANDLINE_PREFIXES,
  ISRAELI_MOBILE_PREFIXES,
  isValidIsraeliPhone,
  stripPhoneDashes,
  validateIsraeliPhone,
} from './phone-advanced.ts';

describe('phone advanced (Israeli): every listed prefix (widget §5)', () => {
  const validTable: Array<[string, string]> = [
    ['02', '021234567'],
    ['03', '031234567'],
    ['04', '041234567'],
    ['08', '081234567'],
    ['09', '091234567'],
    ['050', '0501234567'],
    ['051', '0511234567'],
    ['052', '0521234567'],
    ['053', '0531234567'],
    ['054', '0541234567'],
    ['055', '0551234567'],
    ['058', '0581234567'],
    ['072', '0721234567'],
    ['073', '0731234567'],
    ['074', '0741234567'],
    ['076', '0761234567'],
    ['077', '0771234567'],
    ['079', '0791234567'],
  ];
  for (const [prefix, number] of validTable) {
    it(`${prefix}: ${number} is valid`, () => {
      expect(isValidIsraeliPhone(number)).to.equal(true);
    });
  }

  it('the tables list exactly the spec prefixes', () => {
    expect([...ISRAELI_LANDLINE_PREFIXES]).to.deep.equal(['02', '03', '04', '08', '09']);
    expect([...ISRAELI_MOBILE_PREFIXES]).to.deep.equal([
      '050',
      '051',
      '052',
      '053',
      '054',
      '055',
      '058',
      '072',
      '073',
      '074',
      '076',
      '077',
      '079',
    ]);
  });
});

describe('phone advanced (Israeli): invalid neighbours', () => {
  const invalidTable: Array<[string, string]> = [
    ['prefix 01', '011234567'],
    ['prefix 05 with 9 digits', '051234567'],
    ['prefix 06', '061234567'],
    ['prefix 07 with 9 digits', '071234567'],
    ['prefix 056', '0561234567'],
    ['prefix 057', '0571234567'],
    ['prefix 059', '0591234567'],
    ['prefix 071', '0711234567'],
    ['prefix 075', '0751234567'],
    ['prefix 078', '0781234567'],
    ['prefix 01 with 10 digits', '0121234567'],
    ['landline with 8 digits', '02123456'],
    ['landline with 10 digits', '0212345678'],
    ['mobile with 9 digits', '050123456'],
    ['mobile with 11 digits', '05012345678'],
    ['no leading 0', '5012345678'],
    ['international form', '+972501234567'],
    ['double dash', '050--1234567'],
    ['spaces inside', '050 1234567'],
    ['parentheses', '(050)1234567'],
    ['a letter', '050123456a'],
    ['only dashes', '---'],
  ];
  for (const [label, number] of invalidTable) {
    it(`${label}: ${number} is invalid`, () => {
      expect(isValidIsraeliPhone(number)).to.equal(false);
    });
  }
});

describe('phone advanced (Israeli): dashes', () => {
  const table: Array<[string, boolean]> = [
    ['050-1234567', true],
    ['050-123-4567', true],
    ['02-1234567', true],
    ['0-2-1-2-3-4-5-6-7', true],
    ['050-12-34-567', true],
    ['050--1234567', false],
    ['02--1234567', false],
  ];
  for (const [number, valid] of table) {
    it(`${number} is ${valid ? 'valid' : 'invalid'}`, () => {
      expect(isValidIsraeliPhone(number)).to.equal(valid);
    });
  }
  it('dashes are removed', () => {
    expect(stripPhoneDashes('050-123-4567')).to.equal('0501234567');
  });
});

describe('phone advanced (Israeli): message', () => {
  it('is Hebrew "the phone number is wrong" on English pages', () => {
    expect(validateIsraeliPhone('0561234567', { language: 'en' })).to.deep.equal({
      valid: false,
      message: 'מספר הטלפון שגוי',
      hint: null,
    });
  });
  it('is the same on Hebrew pages', () => {
    expect(validateIsraeliPhone('12', { language: 'he' }).message).to.equal('מספר הטלפון שגוי');
  });
  it('a required empty number is wrong; an optional one is fine', () => {
    expect(validateIsraeliPhone('', { required: true }).message).to.equal('מספר הטלפון שגוי');
    expect(validateIsraeliPhone('').valid).to.equal(true);
  });
});
