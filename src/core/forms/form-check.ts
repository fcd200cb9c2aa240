import type { Language } from '../i18n/strings.ts';
import { type EmailSuggestion, validateEmail } from './email.ts';
import type { FieldKind } from './field-kind.ts';
import { type FieldGroup, type FormField, groupFields, isGroupEmpty } from './form-field.ts';
import { leadSizeErrors } from './lead-size.ts';
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

/** The rule of one kind of field (widget §5) over its group: one field, or the boxes of a checkbox group. */
export type KindRule = (group: FieldGroup, rule: RuleOptions, options: FormValidationOptions) => FieldVerdict;

/**
 * The rules of the kinds beyond e-mail, each in the module of its kind (name.ts, phone.ts, date.ts, …): a pop-up
 * loads those of the fields it holds (form.ts has them all). A kind without one is only asked to be filled when
 * required.
 */
export type KindRules = Partial<Record<FieldKind, KindRule>>;

function checkGroup(
  group: FieldGroup,
  rules: KindRules,
  options: FormValidationOptions,
): { verdict: FieldVerdict; suggestion: EmailSuggestion | null } {
  const field = group.fields[0];
  const language = options.language ?? 'en';
  const rule: RuleOptions = { required: group.fields.some((box) => box.required === true), language };
  if (group.kind === 'hidden') return { verdict: VALID, suggestion: null };
  if (group.kind === 'email') {
    const { suggestion, ...verdict } = validateEmail(field.value, {
      ...rule,
      validation: field.validation,
      freeMailDomains: options.freeMailDomains,
    });
    return { verdict, suggestion };
  }
  const check = rules[group.kind];
  if (check) return { verdict: check(group, rule, options), suggestion: null };
  return { verdict: rule.required && isGroupEmpty(group) ? invalid(language, 'required') : VALID, suggestion: null };
}

/** Checks a whole form before it is posted (widget §4 submission, §5 rules), by the rules given for its kinds. */
export function checkForm(
  fields: readonly FormField[],
  rules: KindRules,
  options: FormValidationOptions = {},
): FormValidationResult {
  const errors: FieldError[] = [];
  const suggestions: FieldSuggestion[] = [];
  const emptyRequired: number[] = [];
  let firstFillable: number | null = null;
  let anythingFilled = false;

  for (const group of groupFields(fields)) {
    const { name } = group.fields[0];
    const index = group.indexes[0];
    const empty = isGroupEmpty(group);
    const { verdict, suggestion } = checkGroup(group, rules, options);
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
