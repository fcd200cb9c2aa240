// Only the type is imported here: the library itself (about 80 KB) is fetched by loadPhoneLibrary the
// first time an international phone field needs it, so it stays out of the main bundle (design §4).
export type PhoneLibrary = typeof import('libphonenumber-js/min');
export type { CountryCode } from 'libphonenumber-js/min';

let loading: Promise<PhoneLibrary> | null = null;

/** Loads libphonenumber-js once; a failed load is retried on the next call. */
export function loadPhoneLibrary(): Promise<PhoneLibrary> {
  loading ??= import('libphonenumber-js/min').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
