// A lead as destinations receive it: the JSON of a webhook, and our fields mapped to a destination's own.
import { HONEYPOT_FIELD, SINCE_PAGE_LOAD_FIELD } from '../../src/core/api/contract.ts';
import { buildConversionFields } from '../../src/core/forms/conversion-payload.ts';
import { readExtraFieldRecords } from '../../src/core/forms/extra-field-records.ts';
import { leadFromConversion } from '../leads/leads.ts';
import type { ConversionBody } from '../platform/schemas.ts';
import type { LeadForDelivery } from './delivery-store.ts';

/** The form fields that carry the visitor's consent to be mailed (widget §3: `consent`, else the `Checkbox` field). */
const CONSENT_FIELDS = ['consent', 'Consent', 'Checkbox'];

/** The destination's `settings.consentField`, the form field its owner named as the consent checkbox. */
export const consentFieldOf = (settings: Record<string, unknown>): string | undefined =>
  typeof settings.consentField === 'string' && settings.consentField !== '' ? settings.consentField : undefined;

/**
 * true / false when the form had a consent field, null when it had none. `consentField` names the field the owner
 * chose for a destination; otherwise the usual names are looked for, then the widget's `checkbox_checked`: "yes"
 * is a ticked consent box, "no" an unticked one when the widget also sent `consent_shown` (the form had a box), and
 * nothing otherwise.
 */
export function consentOf(lead: LeadForDelivery, consentField?: string): boolean | null {
  for (const name of consentField ? [consentField] : CONSENT_FIELDS) {
    if (!Object.hasOwn(lead.fields, name)) continue;
    const value = lead.fields[name];
    return value === true || (typeof value === 'string' && /^(on|true|1|yes|checked)$/i.test(value.trim()));
  }
  if (consentField) return null;
  if (lead.fields.checkbox_checked === 'yes') return true;
  if (lead.fields.consent_shown === 'yes' && lead.fields.checkbox_checked === 'no') return false;
  return null;
}

/**
 * The one spelling of a field's name that mappings and payloads use: lower-case snake (`Email`, `EMAIL` -> `email`,
 * `FirstName`, `firstName`, `First name` -> `first_name`), so what a lead stores, a test lead and a mapping written
 * in any of the spellings the widget and older consoles used meet on one name.
 */
export function canonicalFieldName(name: string): string {
  const snake = name
    .trim()
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1_$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  return FIELD_ALIASES[snake] ?? snake;
}

/** Spellings that snake case alone does not bring to their canonical name. */
const FIELD_ALIASES: Readonly<Record<string, string>> = {
  e_mail: 'email',
  firstname: 'first_name',
  lastname: 'last_name',
  createdat: 'created_at',
};

/**
 * Fields a lead stores for the server alone, never sent on: the widget's retry key and the spam trap and timing
 * (server/leads/spam.ts). `newExtraFields` is the list of the form's other fields, sent on one by one under their names.
 */
const INTERNAL_FIELDS = new Set(['idempotency_key', HONEYPOT_FIELD, SINCE_PAGE_LOAD_FIELD]);
const EXTRA_FIELDS = 'newExtraFields';

/** The stored fields less the internal ones: the webhook's `lead.fields`. */
export function sentFields(lead: LeadForDelivery): Record<string, unknown> {
  return Object.fromEntries(Object.entries(lead.fields).filter(([name]) => !INTERNAL_FIELDS.has(name)));
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Every field of the lead under its canonical name (docs/integrations.md, "Field names"): the lead's id and time,
 * its e-mail, name, phone and page as stored, each field of the form and each page fact the widget sent, and
 * `first_name` and `last_name` split from the name when the form did not ask for them. The first value that is
 * not blank wins.
 */
export function leadValues(lead: LeadForDelivery): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const put = (name: string, value: unknown) => {
    const canonical = canonicalFieldName(name);
    if (canonical !== '' && isBlank(values[canonical]) && !isBlank(value)) values[canonical] = value;
  };
  put('id', lead.id);
  put('created_at', lead.createdAt);
  put('email', lead.email);
  put('name', lead.name);
  put('phone', lead.phone);
  put('url', lead.url);
  for (const [name, value] of Object.entries(lead.fields)) {
    if (!INTERNAL_FIELDS.has(name) && name !== EXTRA_FIELDS) put(name, value);
  }
  for (const record of readExtraFieldRecords(lead.fields[EXTRA_FIELDS])) {
    if (typeof record.name === 'string') put(record.name, record.value);
  }
  const { first, last } = splitName(lead.name);
  put('first_name', first);
  put('last_name', last);
  return values;
}

/** A full name as a first name and the rest. */
export function splitName(name: string | null): { first: string; last: string } {
  const [first = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/**
 * The destination's fields from `fieldMap` (ours -> theirs), ours by any spelling of its canonical name; fields
 * without a value are left out.
 */
export function mappedFields(lead: LeadForDelivery, fieldMap: Record<string, string>): Record<string, unknown> {
  const values = leadValues(lead);
  const mapped: Record<string, unknown> = {};
  for (const [ours, theirs] of Object.entries(fieldMap)) {
    const value = values[canonicalFieldName(ours)];
    if (!isBlank(value)) mapped[theirs] = value;
  }
  return mapped;
}

export interface WebhookPayload {
  type: 'lead.created' | 'lead.test';
  lead: {
    id: number;
    created_at: string;
    client_id: string;
    poptin_id: string;
    email: string | null;
    name: string | null;
    phone: string | null;
    url: string | null;
    consent: boolean | null;
    /** The fields as the widget sent them, less the internal ones. */
    fields: Record<string, unknown>;
    /** Every field under its canonical name (leadValues). */
    values: Record<string, unknown>;
    /** The owner's field mapping applied, when the destination has one. */
    mapped?: Record<string, unknown>;
  };
}

export function webhookPayload(
  lead: LeadForDelivery,
  fieldMap: Record<string, string>,
  test = false,
  consentField?: string,
): WebhookPayload {
  const { id, createdAt, clientId, poptinId, email, name, phone, url } = lead;
  return {
    type: test ? 'lead.test' : 'lead.created',
    lead: {
      id,
      created_at: createdAt,
      client_id: clientId,
      poptin_id: poptinId,
      email,
      name,
      phone,
      url,
      consent: consentOf(lead, consentField),
      fields: sentFields(lead),
      values: leadValues(lead),
      ...(Object.keys(fieldMap).length > 0 ? { mapped: mappedFields(lead, fieldMap) } : {}),
    },
  };
}

/**
 * The lead a "send a test lead" carries: a sample form sent as the widget sends it (its conversion builder) and
 * stored as a real lead is (leadFromConversion), so a mapping that works on it works on real leads.
 */
export function testLead(clientId: string): LeadForDelivery {
  const poptinId = 'test';
  const body = {
    url: 'https://example.com/',
    poptin_id: poptinId,
    client_id: clientId,
    idempotency_key: '00000000-0000-4000-8000-000000000000',
    ...buildConversionFields([
      { name: 'Email', type: 'email', value: 'test.lead@example.com' },
      { name: 'Name', type: 'text', value: 'Test Lead' },
      { name: 'consent', type: 'checkbox', value: 'yes', checked: true },
    ]),
  } as ConversionBody;
  const stored = leadFromConversion(
    { poptin_id: poptinId, client_id: clientId, viewer_id: '', ab_test_parent_id: null, config: {} },
    body,
  );
  return {
    id: 0,
    createdAt: new Date().toISOString(),
    clientId: stored.client_id,
    poptinId: stored.poptin_id,
    email: stored.email,
    name: stored.name,
    phone: stored.phone,
    url: stored.url,
    fields: stored.fields,
  };
}
