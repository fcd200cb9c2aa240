import type { KindRule } from './form-check.ts';
import { invalid, VALID } from './verdict.ts';

const NAVIGATION_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

export interface KeyModifiers {
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/** Widget §5: number inputs take digits, navigation keys, minus and dot (and the copy/paste shortcuts). */
export function isAllowedNumberKey(key: string, { ctrlKey = false, metaKey = false }: KeyModifiers = {}): boolean {
  if (ctrlKey || metaKey) return true;
  return /^[0-9.-]$/.test(key) || NAVIGATION_KEYS.has(key);
}

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * The value a number input keeps on blur (widget §5): rounded to 2 decimals, half away from zero on the
 * decimal digits as typed (so "1.005" is 1.01, which binary floating point would make 1); a lone dot is
 * "0"; an empty or invalid value is cleared to "".
 */
export function normalizeNumberOnBlur(value: string): string {
  const text = value.trim();
  if (text === '.') return '0';
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return '';
  const [, sign, whole, fraction = ''] = match;
  const roundUp = (fraction[2] ?? '0') >= '5';
  const hundredths = BigInt((whole || '0') + fraction.slice(0, 2).padEnd(2, '0')) + (roundUp ? 1n : 0n);
  const units = (hundredths / 100n).toString();
  const decimals = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  const magnitude = decimals ? `${units}.${decimals}` : units;
  return sign && hundredths !== 0n ? `-${magnitude}` : magnitude;
}

/** A number field holds a number when filled (widget §5). */
export const numberRule: KindRule = ({ fields: [{ value }] }, { required = false, language = 'en' }) => {
  if (value.trim() === '') return required ? invalid(language, 'required') : VALID;
  return normalizeNumberOnBlur(value) === '' ? invalid(language, 'numberInvalid') : VALID;
};
