// The pop-up's e-mail to the visitor after their lead, as the editor shows it, read from and written to the
// configuration's `visitor_email` (server/visitor-email/settings.ts checks it).
import { recordOf, textOf } from './values.ts';

export interface VisitorEmailForm {
  enabled: boolean;
  subject: string;
  body: string;
  /** '' : the site's language. */
  language: '' | 'en' | 'he';
  doubleOptIn: boolean;
  confirmUrl: string;
  confirmDays: number;
}

export const DEFAULT_CONFIRM_DAYS = 7;

export function visitorEmailFormOf(raw: unknown): VisitorEmailForm {
  const email = recordOf(raw);
  const language = email.language === 'en' || email.language === 'he' ? email.language : '';
  const days = Number(email.confirm_days);
  return {
    enabled: email.enabled === true,
    subject: textOf(email.subject),
    body: textOf(email.body),
    language,
    doubleOptIn: email.double_opt_in === true,
    confirmUrl: textOf(email.confirm_url),
    confirmDays: Number.isInteger(days) && days > 0 ? days : DEFAULT_CONFIRM_DAYS,
  };
}

/** The configuration's `visitor_email`; undefined when it was never turned on and holds nothing. */
export function visitorEmailWire(form: VisitorEmailForm): Record<string, unknown> | undefined {
  if (!form.enabled && !form.subject && !form.body) return undefined;
  return {
    enabled: form.enabled,
    subject: form.subject,
    body: form.body,
    ...(form.language ? { language: form.language } : {}),
    double_opt_in: form.enabled && form.doubleOptIn,
    ...(form.confirmUrl.trim() ? { confirm_url: form.confirmUrl.trim() } : {}),
    confirm_days: form.confirmDays,
  };
}
