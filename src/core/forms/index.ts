export { type BirthdayRuleOptions, validateBirthday } from './birthday.ts';
export { isFreeMailAddress, parseDomainList } from './business-email.ts';
export {
  addDays,
  addMonths,
  buildMonthGrid,
  type CalendarCell,
  type CalendarMonth,
  type CalendarMoveOptions,
  type CalendarOptions,
  clampDate,
  type DateBounds,
  dayLabel,
  endOfWeek,
  isSameDate,
  isWithinBounds,
  monthTitle,
  moveCalendarFocus,
  startOfWeek,
  type Weekday,
  weekdayNames,
  weekdayOf,
} from './calendar.ts';
export {
  type ConsentSettings,
  consentSettingsFrom,
  defaultRadioValue,
  initialConsentChecked,
  validateCheckboxGroup,
  validateConsent,
} from './choices.ts';
export {
  buildConversionFields,
  type ConversionFormFields,
  type ExtraFieldRecord,
  redirectFormData,
} from './conversion-payload.ts';
export {
  type CalendarDate,
  calendarDateOf,
  compareDates,
  daysInMonth,
  formatDayMonthYear,
  formatIsoDate,
  isLeapYear,
  parseDayMonthYear,
  parseFieldDate,
  parseIsoDate,
  validateDateField,
} from './date.ts';
export {
  type EmailRuleOptions,
  type EmailSuggestion,
  type EmailVerdict,
  isEmailShape,
  validateEmail,
} from './email.ts';
export {
  autocompleteEmailDomain,
  COMMON_EMAIL_DOMAINS,
  SUGGESTION_CLEAR_MS,
  suggestEmailCorrection,
} from './email-suggestions.ts';
export {
  BASE_FIELD_NAMES,
  type EmailValidationMode,
  emailValidationMode,
  type FieldKind,
  fieldKindOf,
  inputTypeFor,
  maxLengthFor,
  type PhoneValidationMode,
  phoneValidationMode,
  VALIDATION_MODES,
  type ValidationMode,
} from './field-kind.ts';
export {
  type BlockReason,
  type FieldError,
  type FieldSuggestion,
  type FormValidationOptions,
  type FormValidationResult,
  needsPhoneLibrary,
  validateForm,
} from './form.ts';
export { type FieldGroup, type FormField, groupFields, isChoiceKind, isGroupEmpty, isTicked } from './form-field.ts';
export { exceedsInputMaxLength, INPUT_MAX_LENGTH } from './input-limits.ts';
export { NAME_MAX_LENGTH, NAME_MIN_LENGTH, validateName } from './name.ts';
export { isAllowedNumberKey, type KeyModifiers, normalizeNumberOnBlur } from './number-input.ts';
export {
  ISRAELI_LANDLINE_PREFIXES,
  ISRAELI_MOBILE_PREFIXES,
  isValidIsraeliPhone,
  stripPhoneDashes,
  validateIsraeliPhone,
} from './phone-advanced.ts';
export { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, sanitizePhoneWhileTyping, validateBasicPhone } from './phone-basic.ts';
export { defaultPhoneCountry, flagEmoji, listPhoneCountries, type PhoneCountry } from './phone-countries.ts';
export {
  formatPhoneForCountry,
  isValidInternationalPhone,
  toE164,
  validateInternationalPhone,
} from './phone-international.ts';
export { type CountryCode, loadPhoneLibrary, type PhoneLibrary } from './phone-library.ts';
export { appendFormData, mobileRedirectUrl, type RedirectFormData } from './redirect-url.ts';
export { checkInputMaxLength } from './text-length.ts';
export { type FieldVerdict, type RuleOptions, VALID } from './verdict.ts';
