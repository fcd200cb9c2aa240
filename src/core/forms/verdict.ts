import { type Language, type MessageKey, type MessageParams, translate } from '../i18n/strings.ts';

/** The outcome of one rule on one value: texts are already in the visitor's language. */
export interface FieldVerdict {
  valid: boolean;
  /** What is wrong, shown under the field; null when valid. */
  message: string | null;
  /** How to get it right, where widget §5 gives one; null otherwise. */
  hint: string | null;
}

export interface RuleOptions {
  required?: boolean;
  language?: Language;
}

export const VALID: FieldVerdict = Object.freeze({ valid: true, message: null, hint: null });

export function invalid(
  language: Language,
  message: MessageKey,
  hint: MessageKey | null = null,
  params: MessageParams = {},
): FieldVerdict {
  return {
    valid: false,
    message: translate(language, message, params),
    hint: hint ? translate(language, hint, params) : null,
  };
}
