import type { KindRule } from './form-check.ts';
import { checkInputMaxLength } from './text-length.ts';
import { type FieldVerdict, invalid, type RuleOptions, VALID } from './verdict.ts';

/** Widget §9: a name takes up to 40 characters. */
export const NAME_MAX_LENGTH = 40;
export const NAME_MIN_LENGTH = 1;

// Digits are never part of a name; < and > would let a lead smuggle markup into owners' mail and CRMs.
const FORBIDDEN_IN_NAME = /[0-9<>]/;

/** Name, first name and last name (widget §5): 1 to 40 characters, no digits, no < or >. */
export function validateName(value: string, { required = false, language = 'en' }: RuleOptions = {}): FieldVerdict {
  const length = checkInputMaxLength(value, language);
  if (!length.valid) return length;
  const name = value.trim();
  if (name === '') return required ? invalid(language, 'required', 'nameHint') : VALID;
  const fits = name.length >= NAME_MIN_LENGTH && name.length <= NAME_MAX_LENGTH;
  return fits && !FORBIDDEN_IN_NAME.test(name) ? VALID : invalid(language, 'nameInvalid', 'nameHint');
}

export const nameRule: KindRule = (group, rule) => validateName(group.fields[0].value, rule);
