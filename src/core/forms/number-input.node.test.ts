import { describe, it } from 'node:test';
import { expect } from 'chai';
import { isAllowedNumberKey, normalizeNumberOnBlur } from './number-input.ts';

describe('number input keys (widget §5: digits, navigation keys, minus and dot)', () => {
  const table: Array<[string, boolean]> = [
    ['0', true],
    ['5', true],
    ['9', true],
    ['-', true],
    ['.', true],
    ['Backspace', true],
    ['Delete', true],
    ['Tab', true],
    ['Enter', true],
    ['Escape', true],
    ['ArrowLeft', true],
    ['ArrowRight', true],
    ['ArrowUp', true],
    ['ArrowDown', true],
    ['Home', true],
    ['End', true],
    ['e', false],
    ['E', false],
    ['+', false],
    [',', false],
    [' ', false],
    ['a', false],
    ['٣', false],
    ['F5', false],
    ['Dead', false],
  ];
  for (const [key, allowed] of table) {
    it(`"${key}" is ${allowed ? 'allowed' : 'refused'}`, () => {
      expect(isAllowedNumberKey(key)).to.equal(allowed);
    });
  }
  it('copy and paste shortcuts pass', () => {
    expect(isAllowedNumberKey('v', { ctrlKey: true })).to.equal(true);
    expect(isAllowedNumberKey('c', { metaKey: true })).to.equal(true);
  });
});

describe('number input on blur (widget §5: 2 decimals, lone dot is 0, empty or invalid cleared)', () => {
  const table: Array<[string, string]> = [
    ['1.005', '1.01'],
    ['1.004', '1'],
    ['1.0049', '1'],
    ['-3.456', '-3.46'],
    ['-3.455', '-3.46'],
    ['-3.454', '-3.45'],
    ['2.5', '2.5'],
    ['2.50', '2.5'],
    ['0.999', '1'],
    ['99.995', '100'],
    ['42', '42'],
    ['007', '7'],
    ['5.', '5'],
    ['.5', '0.5'],
    ['-.5', '-0.5'],
    ['-0.001', '0'],
    [' 12.3 ', '12.3'],
    ['12345678901234567890.125', '12345678901234567890.13'],
    ['.', '0'],
    ['', ''],
    ['   ', ''],
    ['abc', ''],
    ['-', ''],
    ['-.', ''],
    ['1.2.3', ''],
    ['1-2', ''],
    ['--1', ''],
    ['1e5', ''],
    ['1,5', ''],
  ];
  for (const [typed, kept] of table) {
    it(`"${typed}" → "${kept}"`, () => {
      expect(normalizeNumberOnBlur(typed)).to.equal(kept);
    });
  }
});
