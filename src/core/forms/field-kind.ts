import { INPUT_MAX_LENGTH } from './input-limits.ts';

/** Base fields of widget §3, sent under these exact names. */
export const BASE_FIELD_NAMES = [
  'first_name',
  'last_name',
  'gender',
  'country',
  'state',
  'city',
  'address',
  'zip_postal_code',
  'birthday',
  'preferences',
] as const;

/** What a template input is, read from its name (widget §3 naming) and, failing that, its type. */
export type FieldKind =
  | 'email'
  | 'name'
  | 'first-name'
  | 'last-name'
  | 'phone'
  | 'checkbox'
  | 'radio'
  | 'consent'
  | 'website'
  | 'date'
  | 'birthday'
  | 'number'
  | 'message'
  | 'hidden'
  | 'text';

export const VALIDATION_MODES = [
  'business-email',
  'check-typos',
  'typos-business',
  'no-validation',
  'basic',
  'international',
  'advanced',
] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];
export type EmailValidationMode = Extract<
  ValidationMode,
  'business-email' | 'check-typos' | 'typos-business' | 'no-validation'
>;
export type PhoneValidationMode = Extract<ValidationMode, 'basic' | 'international' | 'advanced'>;

const KIND_BY_NAME: Readonly<Record<string, FieldKind>> = {
  email: 'email',
  name: 'name',
  firstname: 'first-name',
  first_name: 'first-name',
  lastname: 'last-name',
  last_name: 'last-name',
  phone: 'phone',
  checkbox: 'checkbox',
  consent: 'consent',
  website: 'website',
  url: 'website',
  date: 'date',
  birthday: 'birthday',
  message: 'message',
};

const KIND_BY_TYPE: Readonly<Record<string, FieldKind>> = {
  email: 'email',
  tel: 'phone',
  checkbox: 'checkbox',
  radio: 'radio',
  url: 'website',
  date: 'date',
  number: 'number',
  textarea: 'message',
  hidden: 'hidden',
};

/** The names (before a running index) and the types that make a field one of these kinds, for finding such fields in a template's HTML. */
export function fieldSpellingsOf(kinds: readonly FieldKind[]): { names: string[]; types: string[] } {
  const keysOf = (table: Readonly<Record<string, FieldKind>>) =>
    Object.keys(table).filter((key) => kinds.includes(table[key]!));
  return { names: keysOf(KIND_BY_NAME), types: keysOf(KIND_BY_TYPE) };
}

/**
 * Widget §3 names fields `Email`, `Phone`…, and further fields of a kind "type plus running index"
 * (`Email2`, `phone1`), so a trailing index is ignored. Hidden and checkbox inputs keep their type's
 * kind whatever their name, because a hidden `Email` is data, not an input to validate.
 */
export function fieldKindOf(name: string, type = 'text'): FieldKind {
  const typeKind = KIND_BY_TYPE[type.trim().toLowerCase()];
  if (typeKind === 'hidden' || typeKind === 'radio') return typeKind;
  const nameKind = KIND_BY_NAME[name.trim().toLowerCase().replace(/\d+$/, '')];
  if (typeKind === 'checkbox') return nameKind === 'consent' ? 'consent' : 'checkbox';
  if (nameKind && nameKind !== 'checkbox' && nameKind !== 'consent') return nameKind;
  return typeKind ?? 'text';
}

function readMode<T extends ValidationMode>(value: string | null | undefined, allowed: readonly T[], fallback: T): T {
  const mode = (value ?? '').trim().toLowerCase();
  return (allowed as readonly string[]).includes(mode) ? (mode as T) : fallback;
}

/** `data-validation` of an email input; check-typos when absent or not an email mode (widget §5 default). */
export function emailValidationMode(value: string | null | undefined): EmailValidationMode {
  return readMode<EmailValidationMode>(
    value,
    ['business-email', 'check-typos', 'typos-business', 'no-validation'],
    'check-typos',
  );
}

/** `data-validation` of a phone input; basic when absent or not a phone mode. */
export function phoneValidationMode(value: string | null | undefined): PhoneValidationMode {
  return readMode<PhoneValidationMode>(value, ['basic', 'international', 'advanced'], 'basic');
}

/**
 * The `type` attribute an input should carry (widget §5): email fields are `email` unless validation is
 * no-validation, website and URL fields are `url`. Null means: leave the template's own type.
 */
export function inputTypeFor(
  fieldName: string,
  validation?: string | null,
  currentType = 'text',
): 'email' | 'url' | 'text' | null {
  const kind = fieldKindOf(fieldName, currentType);
  if (kind === 'email') return emailValidationMode(validation) === 'no-validation' ? 'text' : 'email';
  if (kind === 'website') return 'url';
  return null;
}

/** The `maxlength` for an input, or null when widget §5 sets none. */
export function maxLengthFor(fieldName: string, type = 'text'): number | null {
  const kind = fieldKindOf(fieldName, type);
  return kind === 'email' || kind === 'name' || kind === 'first-name' || kind === 'last-name' ? INPUT_MAX_LENGTH : null;
}
