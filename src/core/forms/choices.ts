import { readSwitch } from '../config/values.ts';
import type { KindRule } from './form-check.ts';
import { isGroupEmpty, isTicked } from './form-field.ts';
import { type FieldVerdict, invalid, type RuleOptions, VALID } from './verdict.ts';

/** Widget §5: a required checkbox group needs at least one ticked box. */
export function validateCheckboxGroup(
  checkedCount: number,
  { required = false, language = 'en' }: RuleOptions = {},
): FieldVerdict {
  return required && checkedCount < 1 ? invalid(language, 'checkboxRequired') : VALID;
}

/**
 * The option a radio group starts with: widget §5 has a required group default to its first option;
 * an option already chosen is kept. Null for an optional group with nothing chosen, or no options.
 */
export function defaultRadioValue(
  options: readonly string[],
  { required = false, current = null }: { required?: boolean; current?: string | null } = {},
): string | null {
  if (current !== null && options.includes(current)) return current;
  return required && options.length > 0 ? options[0] : null;
}

export interface ConsentSettings {
  /** design_properties.field_checkbox_required: the box must be ticked to submit. */
  required: boolean;
  /**
   * design_properties.field_checkbox_default_marked. Read, and never applied to a consent box: a pre-ticked box
   * is not consent under the GDPR (CJEU C-673/17 Planet49, 2019).
   */
  defaultChecked: boolean;
}

/** Consent checkbox settings from design_properties (widget §3). */
export function consentSettingsFrom(designProperties: Readonly<Record<string, unknown>>): ConsentSettings {
  return {
    required: readSwitch(designProperties.field_checkbox_required),
    defaultChecked: readSwitch(designProperties.field_checkbox_default_marked),
  };
}

/**
 * Widget §5 has a consent checkbox marked validate start ticked; we depart from it: a consent box always starts
 * unticked, whatever the template or the settings say, since a pre-ticked box is not consent (CJEU C-673/17
 * Planet49, 2019). Ordinary checkboxes keep what the template says.
 */
export function initialConsentChecked(): false {
  return false;
}

/** Widget §5: a required consent must be ticked. */
export function validateConsent(
  checked: boolean,
  { required = false, language = 'en' }: RuleOptions = {},
): FieldVerdict {
  return required && !checked ? invalid(language, 'consentRequired') : VALID;
}

export const checkboxRule: KindRule = (group, rule) =>
  validateCheckboxGroup(group.fields.filter(isTicked).length, rule);

export const consentRule: KindRule = (group, rule) => validateConsent(!isGroupEmpty(group), rule);
