import { type FieldVerdict, invalid, type RuleOptions, VALID } from './verdict.ts';

/** Widget §9: a phone number has 7 to 15 characters. */
export const PHONE_MIN_LENGTH = 7;
export const PHONE_MAX_LENGTH = 15;

const NOT_PHONE_CHARACTER = /[^0-9+\-() ]/g;
const PHONE_CHARACTERS_ONLY = /^[0-9+\-() ]+$/;

/** What a basic phone input keeps of each keystroke or paste: digits, + - ( ) and spaces, 15 at most. */
export function sanitizePhoneWhileTyping(value: string): string {
  return value.replace(NOT_PHONE_CHARACTER, '').slice(0, PHONE_MAX_LENGTH);
}

/**
 * Basic phone rule of widget §5: 7 to 15 characters, all of them digits, + - ( ) or spaces, and at least
 * one digit. A required empty phone gets the same "valid number" message as a wrong one.
 */
export function validateBasicPhone(
  value: string,
  { required = false, language = 'en' }: RuleOptions = {},
): FieldVerdict {
  const phone = value.trim();
  if (phone === '' && !required) return VALID;
  const fits = phone.length >= PHONE_MIN_LENGTH && phone.length <= PHONE_MAX_LENGTH;
  return fits && PHONE_CHARACTERS_ONLY.test(phone) && /\d/.test(phone)
    ? VALID
    : invalid(language, 'phoneInvalid', 'phoneHint');
}
