import { type FieldVerdict, invalid, type RuleOptions, VALID } from './verdict.ts';

/** Israeli landline prefixes: the prefix and 7 more digits, 9 in all. */
export const ISRAELI_LANDLINE_PREFIXES = ['02', '03', '04', '08', '09'] as const;
/** Israeli mobile and VoIP prefixes: the prefix and 7 more digits, 10 in all. */
export const ISRAELI_MOBILE_PREFIXES = [
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
] as const;

const DIGITS_AND_DASHES = /^[0-9-]+$/;
const SUBSCRIBER_DIGITS = 7;

/** The digits of an Israeli number as written with dashes ("050-123-4567" → "0501234567"). */
export function stripPhoneDashes(value: string): string {
  return value.replace(/-/g, '');
}

export function isValidIsraeliPhone(value: string): boolean {
  const written = value.trim();
  if (!DIGITS_AND_DASHES.test(written) || written.includes('--')) return false;
  const digits = stripPhoneDashes(written);
  const hasPrefix = (prefixes: readonly string[]) =>
    prefixes.some((prefix) => digits.startsWith(prefix) && digits.length === prefix.length + SUBSCRIBER_DIGITS);
  return hasPrefix(ISRAELI_LANDLINE_PREFIXES) || hasPrefix(ISRAELI_MOBILE_PREFIXES);
}

/** Advanced (Israeli) phone rule of widget §5; its message is Hebrew on every page. */
export function validateIsraeliPhone(
  value: string,
  { required = false, language = 'en' }: RuleOptions = {},
): FieldVerdict {
  if (value.trim() === '' && !required) return VALID;
  return isValidIsraeliPhone(value) ? VALID : invalid(language, 'phoneAdvancedInvalid');
}
