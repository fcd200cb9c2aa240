// A pop-up's e-mail to the visitor after their lead, as its configuration holds it (`visitor_email`), read and
// checked. It stays on the server: the display answer leaves it out.
import type { FieldError } from '../owner/fields.ts';

export const VISITOR_EMAIL_LIMITS = { subject: 200, body: 20_000, confirmUrl: 2000, confirmDays: { min: 1, max: 30 } };
export const DEFAULT_CONFIRM_DAYS = 7;

export interface VisitorEmailSettings {
  enabled: boolean;
  subject: string;
  /** Plain text with `{{tag|fallback}}`; blank lines part paragraphs. */
  body: string;
  /** The e-mail's language; null: the site's. */
  language: 'en' | 'he' | null;
  /** The lead is held unconfirmed until the visitor clicks the link of the e-mail. */
  doubleOptIn: boolean;
  /** Where the confirmation link lands once it has confirmed; null: a page of ours. */
  confirmUrl: string | null;
  /** An unconfirmed lead is deleted after this many days, and its link stops working. */
  confirmDays: number;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function visitorEmailOf(config: Record<string, unknown>): VisitorEmailSettings {
  const raw = record(config.visitor_email);
  const language = raw.language === 'he' || raw.language === 'en' ? raw.language : null;
  const days = Number(raw.confirm_days);
  return {
    enabled: raw.enabled === true,
    subject: text(raw.subject),
    body: text(raw.body),
    language,
    doubleOptIn: raw.enabled === true && raw.double_opt_in === true,
    confirmUrl: text(raw.confirm_url) || null,
    confirmDays: Number.isInteger(days) ? days : DEFAULT_CONFIRM_DAYS,
  };
}

const isHttpsAddress = (value: string) => {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The problems of a configuration's `visitor_email`, each named by its field. */
export function visitorEmailProblems(config: Record<string, unknown>): FieldError[] {
  const raw = config.visitor_email;
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw))
    return [{ field: 'visitor_email', message: 'must be an object (the e-mail sent to the visitor)' }];
  const value = raw as Record<string, unknown>;
  const errors: FieldError[] = [];
  const field = (name: string) => `visitor_email.${name}`;
  for (const name of ['enabled', 'double_opt_in'])
    if (value[name] !== undefined && typeof value[name] !== 'boolean')
      errors.push({ field: field(name), message: 'must be true or false' });
  for (const [name, max] of [
    ['subject', VISITOR_EMAIL_LIMITS.subject],
    ['body', VISITOR_EMAIL_LIMITS.body],
    ['confirm_url', VISITOR_EMAIL_LIMITS.confirmUrl],
  ] as const) {
    const given = value[name];
    if (given === undefined || given === null) continue;
    if (typeof given !== 'string') errors.push({ field: field(name), message: 'must be text' });
    else if (given.length > max) errors.push({ field: field(name), message: `must be at most ${max} characters` });
  }
  if (value.language !== undefined && value.language !== null && value.language !== 'en' && value.language !== 'he')
    errors.push({ field: field('language'), message: 'must be "en" or "he"' });
  const confirmUrl = value.confirm_url;
  if (typeof confirmUrl === 'string' && confirmUrl !== '' && !isHttpsAddress(confirmUrl))
    errors.push({ field: field('confirm_url'), message: 'must be an http:// or https:// address' });
  const days = value.confirm_days;
  const { min, max } = VISITOR_EMAIL_LIMITS.confirmDays;
  if (
    days !== undefined &&
    days !== null &&
    !(Number.isInteger(days) && (days as number) >= min && (days as number) <= max)
  )
    errors.push({ field: field('confirm_days'), message: `must be a whole number of days from ${min} to ${max}` });
  if (value.enabled === true && errors.length === 0) {
    if (text(value.subject).trim() === '')
      errors.push({ field: field('subject'), message: 'is required: the e-mail needs a subject' });
    if (text(value.body).trim() === '')
      errors.push({ field: field('body'), message: 'is required: the e-mail needs a text' });
  }
  if (value.double_opt_in === true && value.enabled !== true)
    errors.push({ field: field('double_opt_in'), message: 'needs the e-mail on: the confirmation link is in it' });
  return errors;
}
