import { phoneValidationMode } from './field-kind.ts';
import type { KindRule } from './form-check.ts';
import { validateIsraeliPhone } from './phone-advanced.ts';
import { validateBasicPhone } from './phone-basic.ts';
import { validateInternationalPhone } from './phone-international.ts';
import { invalid, VALID } from './verdict.ts';

/** A phone by its `data-validation` mode (widget §5): basic, international (with the library), or advanced. */
export const phoneRule: KindRule = ({ fields: [field] }, rule, { phoneLibrary }) => {
  switch (phoneValidationMode(field.validation)) {
    case 'advanced':
      return validateIsraeliPhone(field.value, rule);
    case 'international':
      if (phoneLibrary) return validateInternationalPhone(phoneLibrary, field.value, field.phoneCountry, rule);
      return validateBasicPhone(field.value, rule).valid
        ? VALID
        : invalid(rule.language ?? 'en', 'phoneInternationalInvalid');
    default:
      return validateBasicPhone(field.value, rule);
  }
};
