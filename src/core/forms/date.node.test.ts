import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  type CalendarDate,
  calendarDateOf,
  compareDates,
  daysInMonth,
  formatDayMonthYear,
  formatIsoDate,
  isLeapYear,
  parseDayMonthYear,
  parseIsoDate,
  validateDateField,
} from './date.ts';

describe('dd/mm/yyyy dates (widget §5)', () => {
  const table: Array<[string, CalendarDate | null]> = [
    ['29/02/2024', { year: 2024, month: 2, day: 29 }],
    ['29/02/2023', null],
    ['31/02/2024', null],
    ['30/02/2024', null],
    ['28/02/2023', { year: 2023, month: 2, day: 28 }],
    ['29/02/2000', { year: 2000, month: 2, day: 29 }],
    ['29/02/1900', null],
    ['31/04/2024', null],
    ['30/04/2024', { year: 2024, month: 4, day: 30 }],
    ['31/12/2024', { year: 2024, month: 12, day: 31 }],
    ['01/01/2024', { year: 2024, month: 1, day: 1 }],
    ['1/1/2024', { year: 2024, month: 1, day: 1 }],
    ['00/01/2024', null],
    ['01/00/2024', null],
    ['01/13/2024', null],
    ['32/01/2024', null],
    ['2024-01-01', null],
    ['01/01/24', null],
    ['01-01-2024', null],
    ['', null],
  ];
  for (const [text, date] of table) {
    it(`"${text}" → ${date ? formatIsoDate(date) : 'not a date'}`, () => {
      expect(parseDayMonthYear(text)).to.deep.equal(date);
    });
  }

  const validateTable: Array<[string, boolean, boolean]> = [
    ['29/02/2024', false, true],
    ['31/02/2024', false, false],
    ['29/02/2023', false, false],
    ['2024-02-29', false, true],
    ['', false, true],
    ['', true, false],
  ];
  for (const [value, required, valid] of validateTable) {
    it(`date field "${value}" ${required ? 'required' : 'optional'}: ${valid ? 'valid' : 'invalid'}`, () => {
      expect(validateDateField(value, { required }).valid).to.equal(valid);
    });
  }
  it('an impossible date has a message in English and Hebrew', () => {
    expect(validateDateField('31/02/2024').message).to.equal('Please enter a valid date (dd/mm/yyyy)');
    expect(validateDateField('31/02/2024', { language: 'he' }).message).to.equal('נא להזין תאריך תקין (dd/mm/yyyy)');
  });

  const formatTable: Array<[CalendarDate, string, string]> = [
    [{ year: 2024, month: 2, day: 9 }, '09/02/2024', '2024-02-09'],
    [{ year: 2024, month: 12, day: 31 }, '31/12/2024', '2024-12-31'],
  ];
  for (const [date, dayMonthYear, iso] of formatTable) {
    it(`formats ${iso} as ${dayMonthYear}`, () => {
      expect(formatDayMonthYear(date)).to.equal(dayMonthYear);
      expect(formatIsoDate(date)).to.equal(iso);
      expect(parseDayMonthYear(dayMonthYear)).to.deep.equal(date);
      expect(parseIsoDate(iso)).to.deep.equal(date);
    });
  }

  const monthTable: Array<[number, number, number]> = [
    [2024, 2, 29],
    [2023, 2, 28],
    [2100, 2, 28],
    [2000, 2, 29],
    [2024, 4, 30],
    [2024, 1, 31],
  ];
  for (const [year, month, days] of monthTable) {
    it(`${month}/${year} has ${days} days`, () => {
      expect(daysInMonth(year, month)).to.equal(days);
      if (month === 2) expect(isLeapYear(year)).to.equal(days === 29);
    });
  }

  it('orders dates', () => {
    const a = { year: 2024, month: 2, day: 29 };
    expect(compareDates(a, { year: 2024, month: 3, day: 1 })).to.be.lessThan(0);
    expect(compareDates(a, { ...a })).to.equal(0);
    expect(compareDates(a, { year: 2023, month: 12, day: 31 })).to.be.greaterThan(0);
  });
  it('reads the local calendar day of a moment', () => {
    expect(calendarDateOf(new Date(2024, 1, 29, 23, 59))).to.deep.equal({ year: 2024, month: 2, day: 29 });
  });
});
