import { describe, it } from 'node:test';
import { expect } from 'chai';
import { editDistance } from './edit-distance.ts';
import { autocompleteEmailDomain, SUGGESTION_CLEAR_MS, suggestEmailCorrection } from './email-suggestions.ts';

describe('email typo suggestions (widget §5 "Did you mean <address>?")', () => {
  const table: Array<[string, string | null]> = [
    ['dan@gmial.com', 'dan@gmail.com'],
    ['dan@gmail.con', 'dan@gmail.com'],
    ['dan@gmai.com', 'dan@gmail.com'],
    ['dan@gmaill.com', 'dan@gmail.com'],
    ['dan@gamil.com', 'dan@gmail.com'],
    ['dan@gmail.co', 'dan@gmail.com'],
    ['Dan.Levi@GMIAL.COM', 'Dan.Levi@gmail.com'],
    ['dan@hotmial.com', 'dan@hotmail.com'],
    ['dan@hotmail.co', 'dan@hotmail.com'],
    ['dan@yaho.com', 'dan@yahoo.com'],
    ['dan@yahooo.com', 'dan@yahoo.com'],
    ['dan@outlok.com', 'dan@outlook.com'],
    ['dan@icloud.con', 'dan@icloud.com'],
    ['dan@aol.cmo', 'dan@aol.com'],
    ['dan@wala.co.il', 'dan@walla.co.il'],
    ['dan@walla.co.l', 'dan@walla.co.il'],
    ['dan@company.con', 'dan@company.com'],
    ['dan@company.ogr', 'dan@company.org'],
    ['dan@gmail.com', null],
    ['dan@walla.co.il', null],
    ['dan@company.com', null],
    ['dan@example.co.il', null],
    ['dan@gmx.net', null],
    ['dan@company.cm', null],
    ['dan@', null],
    ['dan', null],
    ['@gmial.com', null],
    ['a@b@gmial.com', null],
  ];
  for (const [typed, suggested] of table) {
    it(`${typed} → ${suggested}`, () => {
      expect(suggestEmailCorrection(typed)).to.equal(suggested);
    });
  }

  it('suggestions clear after 3 s', () => {
    expect(SUGGESTION_CLEAR_MS).to.equal(3000);
  });
});

describe('email domain auto-fill while typing', () => {
  const table: Array<[string, string | null]> = [
    ['dan@gm', 'dan@gmail.com'],
    ['dan@g', 'dan@gmail.com'],
    ['dan@GM', 'dan@gmail.com'],
    ['dan@ya', 'dan@yahoo.com'],
    ['dan@hot', 'dan@hotmail.com'],
    ['dan@hotmail.co.', 'dan@hotmail.co.il'],
    ['dan@wa', 'dan@walla.co.il'],
    ['dan@walla.c', 'dan@walla.co.il'],
    ['dan@ic', 'dan@icloud.com'],
    ['dan@out', 'dan@outlook.com'],
    ['dan@gmail.com', null],
    ['dan@zz', null],
    ['dan@', null],
    ['dan', null],
    ['@gm', null],
  ];
  for (const [typed, filled] of table) {
    it(`${typed} → ${filled}`, () => {
      expect(autocompleteEmailDomain(typed)).to.equal(filled);
    });
  }
});

describe('edit distance', () => {
  const table: Array<[string, string, number]> = [
    ['gmail', 'gmail', 0],
    ['gmial', 'gmail', 1],
    ['gmai', 'gmail', 1],
    ['gmaill', 'gmail', 1],
    ['gnail', 'gmail', 1],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ];
  for (const [a, b, distance] of table) {
    it(`${a} ↔ ${b} = ${distance}`, () => {
      expect(editDistance(a, b)).to.equal(distance);
      expect(editDistance(b, a)).to.equal(distance);
    });
  }
});
