import type { PhoneCountry } from '../../core/forms/phone-countries.ts';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The countries of the flag list that match what the visitor typed in its search box: a part of the name,
 * the ISO code, or the start of the dialling code ("+97", "972").
 */
export function filterCountries(countries: readonly PhoneCountry[], query: string): PhoneCountry[] {
  const text = fold(query.trim());
  if (text === '') return [...countries];
  const digits = text.replace(/^\+/, '');
  const byCode = /^\d+$/.test(digits);
  return countries.filter((country) =>
    byCode
      ? country.callingCode.startsWith(digits)
      : fold(country.name).includes(text) || country.iso.toLowerCase() === text,
  );
}
