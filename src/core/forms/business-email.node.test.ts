import { describe, it } from 'node:test';
import { expect } from 'chai';
import { isFreeMailAddress, parseDomainList } from './business-email.ts';
import { validateEmail } from './email.ts';

const FREE_MAIL = parseDomainList('gmail.com\r\nyahoo.com\n\n  Hotmail.com  \n# comment\n@mailinator.com\n');

describe('free-mail domain list (GET /api/display/validation-emails)', () => {
  it('reads one domain per line, lower-cased, skipping blanks and comments', () => {
    expect([...FREE_MAIL]).to.deep.equal(['gmail.com', 'yahoo.com', 'hotmail.com', 'mailinator.com']);
  });
  it('an empty answer is an empty list', () => {
    expect(parseDomainList('').size).to.equal(0);
  });

  const table: Array<[string, boolean]> = [
    ['dan@gmail.com', true],
    ['dan@GMAIL.COM', true],
    ['dan@hotmail.com', true],
    ['dan@inbox.mailinator.com', true],
    ['dan@company.com', false],
    ['dan@gmail.company.com', false],
    ['dan@notgmail.com', false],
    ['no-at-sign', false],
  ];
  for (const [address, free] of table) {
    it(`${address} is ${free ? '' : 'not '}free mail`, () => {
      expect(isFreeMailAddress(address, FREE_MAIL)).to.equal(free);
    });
  }
});

describe('business-email and typos-business modes (widget §5 "Only business emails are allowed")', () => {
  const table: Array<[string, string, boolean, string | null]> = [
    ['business-email', 'dan@gmail.com', false, 'Only business emails are allowed'],
    ['business-email', 'dan@yahoo.com', false, 'Only business emails are allowed'],
    ['business-email', 'dan@company.com', true, null],
    ['business-email', 'dan@company', false, 'There are typos in the email'],
    ['typos-business', 'dan@hotmail.com', false, 'Only business emails are allowed'],
    ['typos-business', 'dan@company.co.il', true, null],
    ['typos-business', 'dan@@company.com', false, 'There are typos in the email'],
    ['check-typos', 'dan@gmail.com', true, null],
    ['no-validation', 'dan@gmail.com', true, null],
  ];
  for (const [validation, address, valid, message] of table) {
    it(`${validation}: ${address} → ${message ?? 'valid'}`, () => {
      const verdict = validateEmail(address, { validation, freeMailDomains: FREE_MAIL });
      expect([verdict.valid, verdict.message]).to.deep.equal([valid, message]);
    });
  }

  it('the business message in Hebrew', () => {
    expect(
      validateEmail('dan@gmail.com', { validation: 'business-email', freeMailDomains: FREE_MAIL, language: 'he' })
        .message,
    ).to.equal('ניתן להזין כתובת אימייל עסקית בלבד');
  });
  it('typos-business also suggests corrections', () => {
    expect(
      validateEmail('dan@gmial.com', { validation: 'typos-business', freeMailDomains: FREE_MAIL }).suggestion?.address,
    ).to.equal('dan@gmail.com');
  });
  it('business-email alone does not suggest', () => {
    expect(
      validateEmail('dan@gmial.com', { validation: 'business-email', freeMailDomains: FREE_MAIL }).suggestion,
    ).to.equal(null);
  });
  it('accepts free mail until the list has been loaded', () => {
    expect(validateEmail('dan@gmail.com', { validation: 'business-email' }).valid).to.equal(true);
  });
});
