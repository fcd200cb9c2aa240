import type { Language } from '../i18n/strings.ts';
import type { CountryCode, PhoneLibrary } from './phone-library.ts';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, upper case: "IL" */
  iso: CountryCode;
  /** Country name in the visitor's language */
  name: string;
  /** Dialling code without the plus: "972" */
  callingCode: string;
  /** Flag emoji built from the ISO code: "🇮🇱" */
  flag: string;
}

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag emoji of a two-letter country code ("il" → 🇮🇱); empty for anything else. */
export function flagEmoji(iso: string): string {
  const code = iso.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65));
}

function countryNamer(language: Language): (iso: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (iso) => names.of(iso) ?? iso;
  } catch {
    return (iso) => iso;
  }
}

/** Every country the library knows, with name, dialling code and flag, sorted by name in `language`. */
export function listPhoneCountries(library: PhoneLibrary, language: Language = 'en'): PhoneCountry[] {
  const nameOf = countryNamer(language);
  return library
    .getCountries()
    .map((iso) => ({ iso, name: nameOf(iso), callingCode: library.getCountryCallingCode(iso), flag: flagEmoji(iso) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/**
 * The flag selected at first: the visitor's country from the display response when the library knows it,
 * else Israel on Hebrew pages and the United States elsewhere.
 */
export function defaultPhoneCountry(
  library: PhoneLibrary,
  visitorCountryCode: string | null | undefined,
  language: Language = 'en',
): CountryCode {
  const code = (visitorCountryCode ?? '').trim().toUpperCase();
  if (library.isSupportedCountry(code)) return code;
  return language === 'he' ? 'IL' : 'US';
}
