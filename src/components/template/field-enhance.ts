import type { DateBounds } from '../../core/forms/calendar.ts';
import { emailValidationMode, inputTypeFor, maxLengthFor } from '../../core/forms/field-kind.ts';
import type { Language } from '../../core/i18n/strings.ts';
import { type FieldControl, formControls, isCheckable, kindOf, originalType } from './field-dom.ts';

/** A slot next to a template input where the view renders one of its own controls. */
export interface FieldAddon {
  key: string;
  kind: 'phone-country' | 'date-picker';
  input: HTMLInputElement;
  slot: HTMLElement;
  bounds: DateBounds;
}

export interface EnhanceOptions {
  language: Language;
  designProperties: Record<string, unknown>;
  /** The visitor's country, for the first flag of international phones. */
  countryCode: string;
  /** Today, for birthdays. */
  now(): Date;
}

let addonCounter = 0;

/** A new add-on's key among the view's portals. */
export const addonKey = () => `addon-${++addonCounter}`;

function hasAccessibleName(control: FieldControl): boolean {
  return (
    (control.labels?.length ?? 0) > 0 ||
    control.hasAttribute('aria-label') ||
    control.hasAttribute('aria-labelledby') ||
    control.title !== ''
  );
}

export function setType(input: HTMLInputElement, type: string): void {
  if (input.type === type) return;
  input.dataset.poptinType ??= input.type;
  input.type = type;
}

export function wrap(input: HTMLInputElement, className: string): HTMLElement {
  const wrapper = document.createElement('span');
  wrapper.className = className;
  input.before(wrapper);
  wrapper.append(input);
  return wrapper;
}

export function slotIn(wrapper: HTMLElement, where: 'start' | 'end'): HTMLElement {
  const slot = document.createElement('span');
  slot.className = 'poptin-addon';
  if (where === 'start') wrapper.prepend(slot);
  else wrapper.append(slot);
  return slot;
}

function enhanceControl(control: FieldControl): void {
  if (!hasAccessibleName(control)) {
    const name =
      ('placeholder' in control && control.placeholder) ||
      (isCheckable(control) && control.value !== 'on' ? control.value : '') ||
      control.name;
    control.setAttribute('aria-label', name);
  }
  if (!(control instanceof HTMLInputElement)) return;
  const input = control;
  const validation = input.getAttribute('data-validation');
  const type = inputTypeFor(input.name, validation, originalType(input));
  if (type && !['checkbox', 'radio', 'hidden'].includes(input.type)) setType(input, type);
  const maxLength = maxLengthFor(input.name, originalType(input));
  if (maxLength !== null && (input.maxLength < 0 || input.maxLength > maxLength)) input.maxLength = maxLength;
  if (kindOf(input) === 'email' && emailValidationMode(validation) !== 'no-validation') input.autocomplete ||= 'email';
}

/**
 * Makes a template form follow widget §5 once: types, lengths and labels. Returns its fields not bound before, which
 * the modules of their kinds prepare further (field-kinds.ts).
 */
export function enhanceForm(form: HTMLFormElement): FieldControl[] {
  // Our messages replace the browser's validation bubbles, so the submit event always reaches us.
  form.noValidate = true;
  const controls = formControls(form).filter((control) => control.dataset.poptinBound === undefined);
  for (const control of controls) {
    control.dataset.poptinBound = '';
    enhanceControl(control);
  }
  return controls;
}
