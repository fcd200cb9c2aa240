import { describe, it } from 'node:test';
import { expect } from 'chai';
import { validateBirthday } from './birthday.ts';

// 15 March 2024, 10:30 in the visitor's time zone.
const NOW = new Date(2024, 2, 15, 10, 30);

describe('birthday must be before today (widget §5)', () => {
  const table: Array<[string, string, boolean]> = [
    ['yesterday', '14/03/2024', true],
    ['today', '15/03/2024', false],
    ['tomorrow', '16/03/2024', false],
    ['years ago', '01/01/1980', true],
    ['next year', '14/03/2025', false],
    ['yesterday, native input form', '2024-03-14', true],
    ['today, native input form', '2024-03-15', false],
    ['tomorrow, native input form', '2024-03-16', false],
    ['not a day', '30/02/2000', false],
    ['not a date', 'yesterday', false],
  ];
  for (const [label, value, valid] of table) {
    it(`${label} (${value}): ${valid ? 'valid' : 'invalid'}`, () => {
      expect(validateBirthday(value, { now: NOW }).valid).to.equal(valid);
    });
  }

  it('just after midnight, yesterday is still fine and today is not', () => {
    const justAfterMidnight = new Date(2024, 2, 15, 0, 0, 1);
    expect(validateBirthday('14/03/2024', { now: justAfterMidnight }).valid).to.equal(true);
    expect(validateBirthday('15/03/2024', { now: justAfterMidnight }).valid).to.equal(false);
  });

  it('the message in English', () => {
    expect(validateBirthday('16/03/2024', { now: NOW })).to.deep.equal({
      valid: false,
      message: 'Please enter a valid birthday.',
      hint: null,
    });
  });
  it('the message in Hebrew', () => {
    expect(validateBirthday('16/03/2024', { now: NOW, language: 'he' }).message).to.equal('נא להזין תאריך לידה תקין.');
  });
  it('required empty is invalid, optional empty is fine', () => {
    expect(validateBirthday('', { now: NOW, required: true }).valid).to.equal(false);
    expect(validateBirthday('', { now: NOW }).valid).to.equal(true);
  });
});
