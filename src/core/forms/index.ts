export { INPUT_MAX_LENGTH, checkInputMaxLength, exceedsInputMaxLength } from './text-length.ts';
export {
  BASE_FIELD_NAMES, VALIDATION_MODES, emailValidationMode, fieldKindOf, inputTypeFor, maxLengthFor, phoneValidationMode,
  type EmailValidationMode, type FieldKind, type PhoneValidationMode, type ValidationMode,
} from './field-kind.ts';
export { VALID, type FieldVerdict, type RuleOptions } from './verdict.ts';
export { NAME_MAX_LENGTH, NAME_MIN_LENGTH, validateName } from './name.ts';
export { isEmailShape, validateEmail, type EmailRuleOptions, type EmailSuggestion, type EmailVerdict } from './email.ts';
export { COMMON_EMAIL_DOMAINS, SUGGESTION_CLEAR_MS, autocompleteEmailDomain, suggestEmailCorrection } from './email-suggestions.ts';
export { isFreeMailAddress, parseDomainList } from './business-email.ts';
export { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, sanitizePhoneWhileTyping, validateBasicPhone } from './phone-basic.ts';
export { ISRAELI_LANDLINE_PREFIXES, ISRAELI_MOBILE_PREFIXES, isValidIsraeliPhone, stripPhoneDashes, validateIsraeliPhone } from './phone-advanced.ts';
export { loadPhoneLibrary, type CountryCode, type PhoneLibrary } from './phone-library.ts';
export { formatPhoneForCountry, isValidInternationalPhone, toE164, validateInternationalPhone } from './phone-international.ts';
export { defaultPhoneCountry, flagEmoji, listPhoneCountries, type PhoneCountry } from './phone-countries.ts';
export { validateBirthday, type BirthdayRuleOptions } from './birthday.ts';
export { isAllowedNumberKey, normalizeNumberOnBlur, type KeyModifiers } from './number-input.ts';
export {
  calendarDateOf, compareDates, daysInMonth, formatDayMonthYear, formatIsoDate, isLeapYear, parseDayMonthYear,
  parseFieldDate, parseIsoDate, validateDateField, type CalendarDate,
} from './date.ts';
export {
  addDays, addMonths, buildMonthGrid, clampDate, dayLabel, endOfWeek, isSameDate, isWithinBounds, monthTitle,
  moveCalendarFocus, startOfWeek, weekdayNames, weekdayOf,
  type CalendarCell, type CalendarMonth, type CalendarMoveOptions, type CalendarOptions, type DateBounds, type Weekday,
} from './calendar.ts';
export { consentSettingsFrom, defaultRadioValue, initialConsentChecked, validateCheckboxGroup, validateConsent, type ConsentSettings } from './choices.ts';
export { groupFields, isChoiceKind, isGroupEmpty, isTicked, type FieldGroup, type FormField } from './form-field.ts';
export {
  needsPhoneLibrary, validateForm,
  type BlockReason, type FieldError, type FieldSuggestion, type FormValidationOptions, type FormValidationResult,
} from './form.ts';
export { buildConversionFields, redirectFormData, type ConversionFormFields, type ExtraFieldRecord } from './conversion-payload.ts';
export { appendFormData, mobileRedirectUrl, type RedirectFormData } from './redirect-url.ts';
