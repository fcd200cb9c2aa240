import { birthdayRule } from './birthday.ts';
import { checkboxRule, consentRule } from './choices.ts';
import { dateRule } from './date.ts';
import { fieldKindOf, phoneValidationMode } from './field-kind.ts';
import { checkForm, type FormValidationOptions, type FormValidationResult, type KindRules } from './form-check.ts';
import type { FormField } from './form-field.ts';
import { nameRule } from './name.ts';
import { numberRule } from './number-input.ts';
import { phoneRule } from './phone.ts';

export type {
  BlockReason,
  FieldError,
  FieldSuggestion,
  FormValidationOptions,
  FormValidationResult,
  KindRule,
  KindRules,
} from './form-check.ts';

/** The rules of every kind of field. A pop-up loads only those of the fields it holds (field-kinds.ts). */
export const EVERY_KIND_RULE: KindRules = {
  name: nameRule,
  'first-name': nameRule,
  'last-name': nameRule,
  phone: phoneRule,
  birthday: birthdayRule,
  date: dateRule,
  number: numberRule,
  checkbox: checkboxRule,
  consent: consentRule,
};

/** Checks a whole form before it is posted (widget §4 submission, §5 rules). */
export function validateForm(fields: readonly FormField[], options: FormValidationOptions = {}): FormValidationResult {
  return checkForm(fields, EVERY_KIND_RULE, options);
}

/** True when some field is international, so the view should `await loadPhoneLibrary()` before validateForm. */
export function needsPhoneLibrary(fields: readonly FormField[]): boolean {
  return fields.some(
    (field) =>
      fieldKindOf(field.name, field.type) === 'phone' && phoneValidationMode(field.validation) === 'international',
  );
}
