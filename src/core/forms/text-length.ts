import type { Language } from '../i18n/strings.ts';
import { exceedsInputMaxLength, INPUT_MAX_LENGTH } from './input-limits.ts';
import { type FieldVerdict, invalid, VALID } from './verdict.ts';

export function checkInputMaxLength(value: string, language: Language = 'en'): FieldVerdict {
  return exceedsInputMaxLength(value) ? invalid(language, 'tooLong', null, { max: INPUT_MAX_LENGTH }) : VALID;
}
