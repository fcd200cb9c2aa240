import type { CountryCode, PhoneLibrary } from './phone-library.ts';
import { type FieldVerdict, invalid, type RuleOptions, VALID } from './verdict.ts';

// What people write in phone numbers; anything else (letters above all) makes the number invalid even
// where the library would pick a number out of the text.
const WRITTEN_PHONE = /^[0-9+\-(). /]+$/;

function countryOrUndefined(library: PhoneLibrary, country: string | null | undefined): CountryCode | undefined {
  const code = (country ?? '').trim().toUpperCase();
  return library.isSupportedCountry(code) ? code : undefined;
}

/** The number laid out the way the selected flag country writes it ("0501234567", IL → "050-123-4567"). */
export function formatPhoneForCountry(
  library: PhoneLibrary,
  value: string,
  country: string | null | undefined,
): string {
  if (value.trim() === '') return '';
  return new library.AsYouType(countryOrUndefined(library, country)).input(value);
}

export function isValidInternationalPhone(
  library: PhoneLibrary,
  value: string,
  country: string | null | undefined,
): boolean {
  const phone = value.trim();
  return WRITTEN_PHONE.test(phone) && library.isValidPhoneNumber(phone, countryOrUndefined(library, country));
}

/** The number in E.164 form (+972501234567), or null when it is not a valid number. */
export function toE164(library: PhoneLibrary, value: string, country: string | null | undefined): string | null {
  if (!isValidInternationalPhone(library, value, country)) return null;
  return library.parsePhoneNumberFromString(value.trim(), countryOrUndefined(library, country))?.number ?? null;
}

/** International phone rule of widget §5: valid for the selected flag country (or with its own +code). */
export function validateInternationalPhone(
  library: PhoneLibrary,
  value: string,
  country: string | null | undefined,
  { required = false, language = 'en' }: RuleOptions = {},
): FieldVerdict {
  if (value.trim() === '' && !required) return VALID;
  return isValidInternationalPhone(library, value, country) ? VALID : invalid(language, 'phoneInternationalInvalid');
}
