import type { DateBounds } from '../../core/forms/calendar.ts';
import { consentSettingsFrom, defaultRadioValue, initialConsentChecked } from '../../core/forms/choices.ts';
import { addDays, type CalendarDate, formatDayMonthYear, parseFieldDate } from '../../core/forms/date.ts';
import { emailValidationMode, inputTypeFor, maxLengthFor, phoneValidationMode } from '../../core/forms/field-kind.ts';
import { flagEmoji } from '../../core/forms/phone-countries.ts';
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
  today: CalendarDate;
}

export const DATE_PLACEHOLDER = 'dd/mm/yyyy';

let addonCounter = 0;

function hasAccessibleName(control: FieldControl): boolean {
  return (
    (control.labels?.length ?? 0) > 0 ||
    control.hasAttribute('aria-label') ||
    control.hasAttribute('aria-labelledby') ||
    control.title !== ''
  );
}

function setType(input: HTMLInputElement, type: string): void {
  if (input.type === type) return;
  input.dataset.poptinType ??= input.type;
  input.type = type;
}

function wrap(input: HTMLInputElement, className: string): HTMLElement {
  const wrapper = document.createElement('span');
  wrapper.className = className;
  input.before(wrapper);
  wrapper.append(input);
  return wrapper;
}

function slotIn(wrapper: HTMLElement, where: 'start' | 'end'): HTMLElement {
  const slot = document.createElement('span');
  slot.className = 'poptin-addon';
  if (where === 'start') wrapper.prepend(slot);
  else wrapper.append(slot);
  return slot;
}

function dateBounds(input: HTMLInputElement): DateBounds {
  const read = (value: string | undefined) => (value ? parseFieldDate(value) : null);
  return { min: read(input.dataset.min ?? input.min), max: read(input.dataset.max ?? input.max) };
}

function datePicker(input: HTMLInputElement, bounds: DateBounds, readOnly: boolean): FieldAddon {
  const iso = parseFieldDate(input.value);
  setType(input, 'text');
  if (iso) input.value = formatDayMonthYear(iso);
  input.readOnly = readOnly;
  input.autocomplete = 'off';
  input.placeholder ||= DATE_PLACEHOLDER;
  input.setAttribute('aria-haspopup', 'dialog');
  const wrapper = wrap(input, 'poptin-date');
  return { key: `addon-${++addonCounter}`, kind: 'date-picker', input, slot: slotIn(wrapper, 'end'), bounds };
}

function phoneCountry(input: HTMLInputElement, options: EnhanceOptions): FieldAddon {
  const given = (input.dataset.phoneCountry ?? input.dataset.country ?? options.countryCode).trim().toUpperCase();
  // Checked against the library's list once it loads; until then any two letters make a flag.
  input.dataset.phoneCountry = flagEmoji(given) ? given : options.language === 'he' ? 'IL' : 'US';
  setType(input, 'tel');
  input.autocomplete ||= 'tel';
  const wrapper = wrap(input, 'poptin-phone');
  return { key: `addon-${++addonCounter}`, kind: 'phone-country', input, slot: slotIn(wrapper, 'start'), bounds: {} };
}

function enhanceControl(control: FieldControl, options: EnhanceOptions): FieldAddon | null {
  if (!hasAccessibleName(control)) {
    const name =
      ('placeholder' in control && control.placeholder) ||
      (isCheckable(control) && control.value !== 'on' ? control.value : '') ||
      control.name;
    control.setAttribute('aria-label', name);
  }
  if (!(control instanceof HTMLInputElement)) return null;
  const input = control;
  const validation = input.getAttribute('data-validation');
  const kind = kindOf(input);
  const type = inputTypeFor(input.name, validation, originalType(input));
  if (type && !['checkbox', 'radio', 'hidden'].includes(input.type)) setType(input, type);
  const maxLength = maxLengthFor(input.name, originalType(input));
  if (maxLength !== null && (input.maxLength < 0 || input.maxLength > maxLength)) input.maxLength = maxLength;
  switch (kind) {
    case 'email':
      if (emailValidationMode(validation) !== 'no-validation') input.autocomplete ||= 'email';
      return null;
    case 'phone':
      input.inputMode = 'tel';
      return phoneValidationMode(validation) === 'international' ? phoneCountry(input, options) : null;
    case 'number':
      // As text, so the rules of widget §5 see what was typed: a number input reports "." as empty.
      setType(input, 'text');
      input.inputMode = 'decimal';
      return null;
    case 'date':
      return datePicker(input, dateBounds(input), true);
    case 'birthday': {
      // Typed or picked; a birthday lies before today (widget §5).
      const bounds = dateBounds(input);
      return datePicker(input, { min: bounds.min, max: addDays(options.today, -1) }, false);
    }
    default:
      return null;
  }
}

function checkDefaultRadios(controls: FieldControl[]): void {
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

function prepareConsent(controls: FieldControl[], designProperties: Record<string, unknown>): void {
  const settings = consentSettingsFrom(designProperties);
  for (const control of controls) {
    if (!(control instanceof HTMLInputElement) || kindOf(control) !== 'consent') continue;
    if (settings.required) control.required = true;
    control.checked = initialConsentChecked();
  }
}

/** Makes a template form follow widget §5 once: types, lengths, labels, defaults, and slots for the view's controls. */
export function enhanceForm(form: HTMLFormElement, options: EnhanceOptions): FieldAddon[] {
  // Our messages replace the browser's validation bubbles, so the submit event always reaches us.
  form.noValidate = true;
  const controls = formControls(form).filter((control) => control.dataset.poptinBound === undefined);
  const addons: FieldAddon[] = [];
  for (const control of controls) {
    control.dataset.poptinBound = '';
    const addon = enhanceControl(control, options);
    if (addon) addons.push(addon);
  }
  checkDefaultRadios(controls);
  prepareConsent(controls, options.designProperties);
  return addons;
}
