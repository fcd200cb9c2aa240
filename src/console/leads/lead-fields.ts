// A lead's stored fields as an owner reads them: the visitor's answers, the facts of the visit, and everything sent.
import {
  HONEYPOT_FIELD,
  PARTIAL_LEAD_FIELD,
  SINCE_PAGE_LOAD_FIELD,
  STEPS_LEAD_FIELD,
} from '../../core/api/contract.ts';
import { readExtraFieldRecords } from '../../core/forms/extra-field-records.ts';

/** The facts of the visit the widget sends with every lead (src/core/api/conversion.ts), in the order shown. */
export const VISIT_FACTS = [
  'origin_landing_page',
  'referrer',
  'previous_url',
  'title',
  SINCE_PAGE_LOAD_FIELD,
  'browser_language',
  'operating_system',
] as const;
export type VisitFact = (typeof VISIT_FACTS)[number];

/**
 * Fields the widget fills itself (src/core/api/conversion.ts): shown with everything sent, never as an answer. The
 * e-mail, name and phone have rows of their own; consent has its record.
 */
const WIDGET_FIELDS: ReadonlySet<string> = new Set([
  ...VISIT_FACTS,
  'url',
  'email',
  'name',
  'phone',
  'p_target',
  'trigger',
  'poptin_id',
  'client_id',
  'visitor',
  'visitor_id',
  'poptin_view_id',
  'idempotency_key',
  'facebook_messanger_data_ref',
  'previous_visited_pages',
  'previous_visited_pages_with_current',
  'previous_visited_pages_with_timestamps',
  'all_visited_pages',
  'store_integration',
  'store_integration_customer_id',
  'last_converted_email',
  'leader_request_cookie',
  'extra_button',
  HONEYPOT_FIELD,
  'coupon',
  'prize_id',
  'is_winner',
  'checkbox_checked',
  'consent_shown',
  'consent_text',
  'newExtraFields',
  'partial',
  'steps_lead',
]);

/** Records of newExtraFields the widget adds for itself (a pop-up in steps), not fields of the form. */
const WIDGET_RECORDS: ReadonlySet<string> = new Set([PARTIAL_LEAD_FIELD, STEPS_LEAD_FIELD]);

export interface LeadSections {
  /** What the visitor typed or ticked beyond the e-mail, name and phone, by the form's own names. */
  answers: [name: string, value: string][];
  visit: [fact: VisitFact, value: string][];
  /** Every field stored with a value, as sent. */
  sent: [name: string, value: string][];
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : JSON.stringify(value);

/** The form's other fields, by name. */
function extraRecords(value: unknown): { name: string; value: string }[] {
  return readExtraFieldRecords(value).flatMap((record) =>
    typeof record.name === 'string' ? [{ name: record.name.trim(), value: textOf(record.value) }] : [],
  );
}

export function leadSections(fields: Readonly<Record<string, unknown>>): LeadSections {
  const filled = Object.entries(fields)
    .map(([name, value]): [string, string] => [name, textOf(value)])
    .filter(([name, value]) => value !== '' && !(name === 'newExtraFields' && value === '[]'));
  const answers = [
    ...filled.filter(([name]) => !WIDGET_FIELDS.has(name)),
    ...extraRecords(fields.newExtraFields)
      .filter(({ name, value }) => name !== '' && value !== '' && !WIDGET_RECORDS.has(name))
      .map(({ name, value }): [string, string] => [name, value]),
  ];
  const visit = VISIT_FACTS.flatMap((fact): [VisitFact, string][] => {
    const value = textOf(fields[fact]);
    return value === '' ? [] : [[fact, value]];
  });
  return { answers, visit, sent: filled };
}
