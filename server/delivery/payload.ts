// A lead as destinations receive it: the JSON of a webhook, and our fields mapped to a destination's own.
import type { LeadForDelivery } from './delivery-store.ts';

/** The form fields that carry the visitor's consent to be mailed (widget §3: `consent`, else the `Checkbox` field). */
const CONSENT_FIELDS = ['consent', 'Consent', 'Checkbox'];

/** The destination's `settings.consentField`, the form field its owner named as the consent checkbox. */
export const consentFieldOf = (settings: Record<string, unknown>): string | undefined =>
  typeof settings.consentField === 'string' && settings.consentField !== '' ? settings.consentField : undefined;

/**
 * true / false when the form had a consent field, null when it had none. `consentField` names the field the owner
 * chose for a destination; otherwise the usual names are looked for.
 */
export function consentOf(lead: LeadForDelivery, consentField?: string): boolean | null {
  for (const name of consentField ? [consentField] : CONSENT_FIELDS) {
    if (!Object.hasOwn(lead.fields, name)) continue;
    const value = lead.fields[name];
    return value === true || (typeof value === 'string' && /^(on|true|1|yes|checked)$/i.test(value.trim()));
  }
  return null;
}

/** Our field by its name: a typed column (email, name, phone, url) or a field of the form. */
function ourField(lead: LeadForDelivery, name: string): unknown {
  if (name === 'email' || name === 'name' || name === 'phone' || name === 'url') return lead[name];
  return lead.fields[name];
}

/** The destination's fields from `fieldMap` (ours -> theirs); fields without a value are left out. */
export function mappedFields(lead: LeadForDelivery, fieldMap: Record<string, string>): Record<string, unknown> {
  const mapped: Record<string, unknown> = {};
  for (const [ours, theirs] of Object.entries(fieldMap)) {
    const value = ourField(lead, ours);
    if (value !== undefined && value !== null && value !== '') mapped[theirs] = value;
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
    fields: Record<string, unknown>;
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
  const { id, createdAt, clientId, poptinId, email, name, phone, url, fields } = lead;
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
      fields,
      ...(Object.keys(fieldMap).length > 0 ? { mapped: mappedFields(lead, fieldMap) } : {}),
    },
  };
}

/** The lead a "send a test lead" carries. */
export function testLead(clientId: string): LeadForDelivery {
  return {
    id: 0,
    createdAt: new Date().toISOString(),
    clientId,
    poptinId: 'test',
    email: 'test.lead@example.com',
    name: 'Test Lead',
    phone: null,
    url: 'https://example.com/',
    fields: { Email: 'test.lead@example.com', Name: 'Test Lead', consent: 'on' },
  };
}
