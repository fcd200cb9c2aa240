import type { Language } from '../i18n/strings.ts';
import { type FieldVerdict, invalid, VALID } from './verdict.ts';

/** Widget §9: email, name, first and last name inputs take at most 254 characters. */
export const INPUT_MAX_LENGTH = 254;

export function exceedsInputMaxLength(value: string): boolean {
  return value.length > INPUT_MAX_LENGTH;
}

export function checkInputMaxLength(value: string, language: Language = 'en'): FieldVerdict {
  return exceedsInputMaxLength(value) ? invalid(language, 'tooLong', null, { max: INPUT_MAX_LENGTH }) : VALID;
}
