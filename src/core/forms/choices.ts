import { readSwitch } from '../config/values.ts';
import { invalid, VALID, type FieldVerdict, type RuleOptions } from './verdict.ts';

/** Widget §5: a required checkbox group needs at least one ticked box. */
export function validateCheckboxGroup(checkedCount: number, { required = false, language = 'en' }: RuleOptions = {}): FieldVerdict {
  return required && checkedCount < 1 ? invalid(language, 'checkboxRequired') : VALID;
}

/**
 * The option a radio group starts with: widget §5 has a required group default to its first option;
 * an option already chosen is kept. Null for an optional group with nothing chosen, or no options.
 */
export function defaultRadioValue(options: readonly string[], { required = false, current = null }: { required?: boolean; current?: string | null } = {}): string | null {
  if (current !== null && options.includes(current)) return current;
  return required && options.length > 0 ? options[0] : null;
}

export interface ConsentSettings {
  /** design_properties.field_checkbox_required: the box must be ticked to submit. */
  required: boolean;
  /** design_properties.field_checkbox_default_marked: the box starts ticked. */
  defaultChecked: boolean;
}

/** Consent checkbox settings from design_properties (widget §3). */
export function consentSettingsFrom(designProperties: Readonly<Record<string, unknown>>): ConsentSettings {
  return {
    required: readSwitch(designProperties.field_checkbox_required),
    defaultChecked: readSwitch(designProperties.field_checkbox_default_marked),
  };
}

/** Widget §5: a consent checkbox marked validate starts ticked. */
export function initialConsentChecked(markedValidate: boolean): boolean {
  return markedValidate;
}

/** Widget §5: a required consent must be ticked. */
export function validateConsent(checked: boolean, { required = false, language = 'en' }: RuleOptions = {}): FieldVerdict {
  return required && !checked ? invalid(language, 'consentRequired') : VALID;
}
