// Phone fields (widget §5): basic, advanced (Israeli numbers) and international, whose flag list and
// libphonenumber-js come later still, when the visitor needs them; a chunk of their own (field-kinds.ts).

import { phoneValidationMode } from '../../core/forms/field-kind.ts';
import { phoneRule } from '../../core/forms/phone.ts';
import { sanitizePhoneWhileTyping } from '../../core/forms/phone-basic.ts';
import { flagEmoji } from '../../core/forms/phone-countries.ts';
import { formatPhoneForCountry, isValidInternationalPhone, toE164 } from '../../core/forms/phone-international.ts';
import { loadPhoneLibrary, type PhoneLibrary } from '../../core/forms/phone-library.ts';
import { log } from '../../core/safety.ts';
import type { FieldControl } from './field-dom.ts';
import { addonKey, type EnhanceOptions, type FieldAddon, setType, slotIn, wrap } from './field-enhance.ts';
import type { FieldKindModule, KindBinding } from './field-kind-module.ts';

let library: PhoneLibrary | null = null;
const ensureLibrary = () =>
  loadPhoneLibrary().then(
    (loaded) => (library = loaded),
    (error: unknown) => log.warn('phone library unavailable; international phones get the basic check', error),
  );

const modeOf = (control: FieldControl) => phoneValidationMode(control.getAttribute('data-validation'));
const isInternational = (control: FieldControl): control is HTMLInputElement =>
  control instanceof HTMLInputElement && modeOf(control) === 'international';

function phoneCountry(input: HTMLInputElement, options: EnhanceOptions): FieldAddon {
  const given = (input.dataset.phoneCountry ?? input.dataset.country ?? options.countryCode).trim().toUpperCase();
  // Checked against the library's list once it loads; until then any two letters make a flag.
  input.dataset.phoneCountry = flagEmoji(given) ? given : options.language === 'he' ? 'IL' : 'US';
  setType(input, 'tel');
  input.autocomplete ||= 'tel';
  const wrapper = wrap(input, 'poptin-phone');
  return { key: addonKey(), kind: 'phone-country', input, slot: slotIn(wrapper, 'start'), bounds: {} };
}

/** Widget §5: a basic phone keeps digits, + - ( ) and spaces while typing, 15 at most. */
function keepPhoneCharacters(input: HTMLInputElement): void {
  const kept = sanitizePhoneWhileTyping(input.value);
  if (kept === input.value) return;
  const caret = Math.max(0, (input.selectionStart ?? kept.length) - (input.value.length - kept.length));
  input.value = kept;
  if (input.type === 'tel' || input.type === 'text') input.setSelectionRange(caret, caret);
}

/** An international phone valid for its flag's country is laid out the way that country writes it. */
function reformat(control: FieldControl): void {
  if (!isInternational(control)) return;
  const country = control.dataset.phoneCountry;
  if (library && isValidInternationalPhone(library, control.value, country))
    control.value = formatPhoneForCountry(library, control.value, country);
}

const binding: KindBinding = {
  // The international rule needs the library: a submit waits for it (a failed load leaves the basic check).
  wait: (controls) => (!library && controls.some(isInternational) ? ensureLibrary() : null),
  options: () => ({ phoneLibrary: library }),
};

export const phoneKind: FieldKindModule = {
  rules: { phone: phoneRule },
  enhance(controls, options) {
    return controls.flatMap((input) => {
      if (!(input instanceof HTMLInputElement)) return [];
      input.inputMode = 'tel';
      if (isInternational(input)) return [phoneCountry(input, options)];
      // What was typed before this module arrived keeps only what a phone may hold, as if typed now.
      if (modeOf(input) === 'basic') keepPhoneCharacters(input);
      return [];
    });
  },
  input(input) {
    if (modeOf(input) === 'basic') keepPhoneCharacters(input);
  },
  focusin(input) {
    if (isInternational(input)) void ensureLibrary();
  },
  focusout: reformat,
  settle: reformat,
  /** International phones go out in E.164 (+972501234567), so the owner gets the country code with the number. */
  submitted(field, control) {
    if (!library || !isInternational(control)) return field;
    return { ...field, value: toE164(library, field.value, field.phoneCountry) ?? field.value };
  },
  bind: () => binding,
};
