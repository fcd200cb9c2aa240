import type { Language } from '../i18n/strings.ts';
import { validateBirthday } from './birthday.ts';
import { validateCheckboxGroup, validateConsent } from './choices.ts';
import { validateDateField } from './date.ts';
import { type EmailSuggestion, validateEmail } from './email.ts';
import { fieldKindOf, phoneValidationMode } from './field-kind.ts';
import { type FieldGroup, type FormField, groupFields, isGroupEmpty, isTicked } from './form-field.ts';
import { leadSizeErrors } from './lead-size.ts';
import { validateName } from './name.ts';
import { normalizeNumberOnBlur } from './number-input.ts';
import { validateIsraeliPhone } from './phone-advanced.ts';
import { validateBasicPhone } from './phone-basic.ts';
import { validateInternationalPhone } from './phone-international.ts';
import type { PhoneLibrary } from './phone-library.ts';
import { type FieldVerdict, invalid, type RuleOptions, VALID } from './verdict.ts';

export interface FormValidationOptions {
  language?: Language;
  /** The parsed `validation-emails` list; business modes accept every domain until it is given. */
  freeMailDomains?: ReadonlySet<string>;
  /**
   * libphonenumber-js from loadPhoneLibrary(), needed to check international phones. Until it has
   * loaded, those are held to the basic 7-to-15 rule, with the international message.
   */
  phoneLibrary?: PhoneLibrary | null;
  /** Today for the birthday rule; injectable for tests. */
  now?: Date;
}

export interface FieldError {
  name: string;
  /** Position in the list given; for a checkbox or radio group, its first box. */
  index: number;
  message: string;
  hint: string | null;
}

export interface FieldSuggestion extends EmailSuggestion {
  name: string;
  index: number;
}

export type BlockReason = 'required-empty' | 'nothing-filled';

export interface FormValidationResult {
  /** True when the form may be submitted. */
  valid: boolean;
  /** Widget §4: a required field is empty or no field is filled, so the form shakes instead of submitting. */
  blocked: boolean;
  blockReason: BlockReason | null;
  /** One per invalid field or group, in form order. */
  errors: FieldError[];
  /** Where focus goes: the first of `errors`. */
  firstInvalid: FieldError | null;
  /**
   * Indexes of the inputs to mark with the red border until the visitor types: the empty required
   * ones, or the first fillable input when nothing at all is filled.
   */
  highlight: number[];
  /** "Did you mean …?" for email fields; never blocks the submit. */
  suggestions: FieldSuggestion[];
}

function checkPhone(field: FormField, rule: RuleOptions, library: PhoneLibrary | null | undefined): FieldVerdict {
  switch (phoneValidationMode(field.validation)) {
    case 'advanced':
      return validateIsraeliPhone(field.value, rule);
    case 'international':
      if (library) return validateInternationalPhone(library, field.value, field.phoneCountry, rule);
      return validateBasicPhone(field.value, rule).valid
        ? VALID
        : invalid(rule.language ?? 'en', 'phoneInternationalInvalid');
    default:
      return validateBasicPhone(field.value, rule);
  }
}

function checkNumber(value: string, { required = false, language = 'en' }: RuleOptions): FieldVerdict {
  if (value.trim() === '') return required ? invalid(language, 'required') : VALID;
  return normalizeNumberOnBlur(value) === '' ? invalid(language, 'numberInvalid') : VALID;
}

function checkGroup(
  group: FieldGroup,
  options: FormValidationOptions,
): { verdict: FieldVerdict; suggestion: EmailSuggestion | null } {
  const field = group.fields[0];
  const language = options.language ?? 'en';
  const rule: RuleOptions = { required: group.fields.some((box) => box.required === true), language };
  const plain = (verdict: FieldVerdict) => ({ verdict, suggestion: null });
  switch (group.kind) {
    case 'hidden':
      return plain(VALID);
    case 'email': {
      const { suggestion, ...verdict } = validateEmail(field.value, {
        ...rule,
        validation: field.validation,
        freeMailDomains: options.freeMailDomains,
      });
      return { verdict, suggestion };
    }
    case 'name':
    case 'first-name':
    case 'last-name':
      return plain(validateName(field.value, rule));
    case 'phone':
      return plain(checkPhone(field, rule, options.phoneLibrary));
    case 'birthday':
      return plain(validateBirthday(field.value, { ...rule, now: options.now }));
    case 'date':
      return plain(validateDateField(field.value, rule));
    case 'number':
      return plain(checkNumber(field.value, rule));
    case 'checkbox':
      return plain(validateCheckboxGroup(group.fields.filter(isTicked).length, rule));
    case 'radio':
      return plain(rule.required && isGroupEmpty(group) ? invalid(language, 'required') : VALID);
    case 'consent':
      return plain(validateConsent(!isGroupEmpty(group), rule));
    default:
      return plain(rule.required && isGroupEmpty(group) ? invalid(language, 'required') : VALID);
  }
}

/** Checks a whole form before it is posted (widget §4 submission, §5 rules). */
export function validateForm(fields: readonly FormField[], options: FormValidationOptions = {}): FormValidationResult {
  const errors: FieldError[] = [];
  const suggestions: FieldSuggestion[] = [];
  const emptyRequired: number[] = [];
  let firstFillable: number | null = null;
  let anythingFilled = false;

  for (const group of groupFields(fields)) {
    const { name } = group.fields[0];
    const index = group.indexes[0];
    const empty = isGroupEmpty(group);
    const { verdict, suggestion } = checkGroup(group, options);
    if (!verdict.valid) errors.push({ name, index, message: verdict.message ?? '', hint: verdict.hint });
    if (suggestion) suggestions.push({ name, index, ...suggestion });
    if (empty && group.fields.some((field) => field.required === true) && group.kind !== 'hidden')
      emptyRequired.push(...group.indexes);
    // Consent and radios are ticked from the start, so they say nothing about whether the visitor filled anything in.
    if (group.kind !== 'hidden' && group.kind !== 'consent' && group.kind !== 'radio') {
      firstFillable ??= index;
      if (!empty) anythingFilled = true;
    }
  }

  // Last, the limits of the conversion call: a field's own rules speak first.
  for (const { group, verdict } of leadSizeErrors(fields, options.language)) {
    const index = group.indexes[0];
    if (!errors.some((error) => error.index === index))
      errors.push({ name: group.fields[0].name, index, message: verdict.message ?? '', hint: verdict.hint });
  }
  errors.sort((a, b) => a.index - b.index);

  const nothingFilled = firstFillable !== null && !anythingFilled;
  const blockReason: BlockReason | null =
    emptyRequired.length > 0 ? 'required-empty' : nothingFilled ? 'nothing-filled' : null;
  const highlight = blockReason === 'nothing-filled' && firstFillable !== null ? [firstFillable] : emptyRequired;
  return {
    valid: errors.length === 0 && blockReason === null,
    blocked: blockReason !== null,
    blockReason,
    errors,
    firstInvalid: errors[0] ?? null,
    highlight,
    suggestions,
  };
}

/** True when some field is international, so the view should `await loadPhoneLibrary()` before validateForm. */
export function needsPhoneLibrary(fields: readonly FormField[]): boolean {
  return fields.some(
    (field) =>
      fieldKindOf(field.name, field.type) === 'phone' && phoneValidationMode(field.validation) === 'international',
  );
}
