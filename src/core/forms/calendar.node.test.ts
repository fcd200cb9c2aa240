import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  addDays,
  addMonths,
  buildMonthGrid,
  type CalendarMoveOptions,
  dayLabel,
  endOfWeek,
  monthTitle,
  moveCalendarFocus,
  startOfWeek,
  weekdayNames,
  weekdayOf,
} from './calendar.ts';
import { type CalendarDate, formatIsoDate, parseIsoDate } from './date.ts';

const d = (iso: string): CalendarDate => {
  const date = parseIsoDate(iso);
  if (!date) throw new Error(`bad test date ${iso}`);
  return date;
};

describe('calendar arithmetic', () => {
  const addDaysTable: Array<[string, number, string]> = [
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2024-01-01', -1, '2023-12-31'],
    ['2024-03-31', 7, '2024-04-07'],
    ['2024-03-30', 1, '2024-03-31'],
    ['2024-10-27', 1, '2024-10-28'],
  ];
  for (const [from, days, to] of addDaysTable) {
    it(`${from} ${days >= 0 ? '+' : ''}${days} days = ${to}`, () => {
      expect(formatIsoDate(addDays(d(from), days))).to.equal(to);
    });
  }

  const addMonthsTable: Array<[string, number, string]> = [
    ['2024-01-31', 1, '2024-02-29'],
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2024-12-15', 1, '2025-01-15'],
    ['2024-01-15', -1, '2023-12-15'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', -12, '2023-02-28'],
  ];
  for (const [from, months, to] of addMonthsTable) {
    it(`${from} ${months >= 0 ? '+' : ''}${months} months = ${to}`, () => {
      expect(formatIsoDate(addMonths(d(from), months))).to.equal(to);
    });
  }

  const weekTable: Array<[string, 0 | 1, string, string]> = [
    ['2024-02-29', 0, '2024-02-25', '2024-03-02'],
    ['2024-02-29', 1, '2024-02-26', '2024-03-03'],
    ['2024-02-25', 0, '2024-02-25', '2024-03-02'],
    ['2024-02-25', 1, '2024-02-19', '2024-02-25'],
  ];
  for (const [date, first, start, end] of weekTable) {
    it(`week of ${date} starting on day ${first}: ${start} to ${end}`, () => {
      expect(formatIsoDate(startOfWeek(d(date), first))).to.equal(start);
      expect(formatIsoDate(endOfWeek(d(date), first))).to.equal(end);
    });
  }

  it('knows the weekday', () => {
    expect(weekdayOf(d('2024-02-29'))).to.equal(4);
    expect(weekdayOf(d('2000-01-02'))).to.equal(0);
  });
});

describe('calendar month grid', () => {
  it('February 2024 from Sunday: 5 whole weeks from 28 January to 2 March', () => {
    const grid = buildMonthGrid(2024, 2);
    expect(grid.weeks).to.have.length(5);
    for (const week of grid.weeks) expect(week).to.have.length(7);
    expect(formatIsoDate(grid.weeks[0][0].date)).to.equal('2024-01-28');
    expect(formatIsoDate(grid.weeks[4][6].date)).to.equal('2024-03-02');
    expect(grid.weeks.flat().filter((cell) => cell.inMonth)).to.have.length(29);
  });

  const rowsTable: Array<[number, number, 0 | 1, number]> = [
    [2026, 2, 0, 4],
    [2024, 6, 0, 6],
    [2024, 9, 0, 5],
    [2024, 9, 1, 6],
  ];
  for (const [year, month, first, rows] of rowsTable) {
    it(`${month}/${year} from day ${first} has ${rows} rows`, () => {
      expect(buildMonthGrid(year, month, { firstDayOfWeek: first }).weeks).to.have.length(rows);
    });
  }

  it('marks today, the selected and the focused day, and days outside min/max', () => {
    const grid = buildMonthGrid(2024, 2, {
      today: d('2024-02-15'),
      selected: d('2024-02-10'),
      focused: d('2024-02-12'),
      min: d('2024-02-05'),
      max: d('2024-02-20'),
    });
    const cells = grid.weeks.flat();
    const find = (iso: string) => cells.find((cell) => formatIsoDate(cell.date) === iso);
    expect(cells.filter((cell) => cell.isToday).map((cell) => formatIsoDate(cell.date))).to.deep.equal(['2024-02-15']);
    expect(cells.filter((cell) => cell.isSelected).map((cell) => formatIsoDate(cell.date))).to.deep.equal([
      '2024-02-10',
    ]);
    expect(cells.filter((cell) => cell.isFocused).map((cell) => formatIsoDate(cell.date))).to.deep.equal([
      '2024-02-12',
    ]);
    expect([
      find('2024-02-04')?.isDisabled,
      find('2024-02-05')?.isDisabled,
      find('2024-02-20')?.isDisabled,
      find('2024-02-21')?.isDisabled,
    ]).to.deep.equal([true, false, false, true]);
  });
});

describe('calendar keyboard moves (arrows ±1/±7 days, PageUp/PageDown ±1 month, Home/End week)', () => {
  const table: Array<[string, string, CalendarMoveOptions, string | null]> = [
    ['ArrowRight', '2024-02-29', {}, '2024-03-01'],
    ['ArrowLeft', '2024-03-01', {}, '2024-02-29'],
    ['ArrowDown', '2024-02-26', {}, '2024-03-04'],
    ['ArrowUp', '2024-03-04', {}, '2024-02-26'],
    ['PageDown', '2024-01-31', {}, '2024-02-29'],
    ['PageUp', '2024-03-31', {}, '2024-02-29'],
    ['PageDown', '2024-02-29', { shiftKey: true }, '2025-02-28'],
    ['PageUp', '2024-02-29', { shiftKey: true }, '2023-02-28'],
    ['Home', '2024-02-29', {}, '2024-02-25'],
    ['End', '2024-02-29', {}, '2024-03-02'],
    ['Home', '2024-02-29', { firstDayOfWeek: 1 }, '2024-02-26'],
    ['End', '2024-02-29', { firstDayOfWeek: 1 }, '2024-03-03'],
    ['ArrowRight', '2024-02-29', { rtl: true }, '2024-02-28'],
    ['ArrowLeft', '2024-02-29', { rtl: true }, '2024-03-01'],
    ['ArrowRight', '2024-02-20', { max: d('2024-02-20') }, '2024-02-20'],
    ['ArrowDown', '2024-02-18', { max: d('2024-02-20') }, '2024-02-20'],
    ['PageUp', '2024-02-10', { min: d('2024-02-01') }, '2024-02-01'],
    ['ArrowLeft', '2024-02-05', { min: d('2024-02-05') }, '2024-02-05'],
    ['Enter', '2024-02-29', {}, null],
    ['a', '2024-02-29', {}, null],
  ];
  for (const [key, from, options, to] of table) {
    const extras = Object.keys(options).length ? ` ${JSON.stringify(options)}` : '';
    it(`${key} from ${from}${extras} → ${to}`, () => {
      const next = moveCalendarFocus(d(from), key, options);
      expect(next ? formatIsoDate(next) : null).to.equal(to);
    });
  }
});

describe('calendar labels', () => {
  it('month title in English and Hebrew', () => {
    expect(monthTitle(2024, 2, 'en')).to.equal('February 2024');
    expect(monthTitle(2024, 2, 'he')).to.equal('פברואר 2024');
  });
  it('weekday headings start at the first day of the week', () => {
    expect(weekdayNames('en', 0)).to.deep.equal(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('en', 1, 'long')[0]).to.equal('Monday');
    expect(weekdayNames('he', 0, 'long')[0]).to.equal('יום ראשון');
  });
  it('a day cell has a full accessible name', () => {
    expect(dayLabel(d('2024-02-29'), 'en')).to.equal('Thursday, February 29, 2024');
  });
});
