// Checkboxes, radios and consent boxes (widget §5): a chunk of their own (field-kinds.ts).

import {
  checkboxRule,
  consentRule,
  consentSettingsFrom,
  defaultRadioValue,
  initialConsentChecked,
} from '../../core/forms/choices.ts';
import { type FieldControl, kindOf } from './field-dom.ts';
import type { FieldKindModule } from './field-kind-module.ts';

function checkDefaultRadios(controls: readonly FieldControl[]): void {
  const groups = new Map<string, HTMLInputElement[]>();
  for (const control of controls) {
    if (control instanceof HTMLInputElement && control.type === 'radio')
      groups.set(control.name, [...(groups.get(control.name) ?? []), control]);
  }
  for (const radios of groups.values()) {
    const current = radios.find((radio) => radio.checked)?.value ?? null;
    const value = defaultRadioValue(
      radios.map((radio) => radio.value),
      { required: radios.some((radio) => radio.required), current },
    );
    const chosen = radios.find((radio) => radio.value === value);
    if (chosen) chosen.checked = true;
  }
}

function prepareConsent(controls: readonly FieldControl[], designProperties: Record<string, unknown>): void {
  const settings = consentSettingsFrom(designProperties);
  for (const control of controls) {
    if (!(control instanceof HTMLInputElement) || kindOf(control) !== 'consent') continue;
    if (settings.required) control.required = true;
    control.checked = initialConsentChecked();
  }
}

export const choicesKind: FieldKindModule = {
  rules: { checkbox: checkboxRule, consent: consentRule },
  enhance(controls, { designProperties }) {
    checkDefaultRadios(controls);
    prepareConsent(controls, designProperties);
    return [];
  },
};
