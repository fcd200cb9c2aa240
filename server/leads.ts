import { readString } from '../src/core/config/values.ts';
import { toCsv } from './csv.ts';
import type { ConversionInput, LeadRecord, PopupRecord } from './db/store.ts';
import type { ConversionBody } from './schemas.ts';

export class LeadInputError extends Error {}

type FieldRecord = Record<string, unknown>;

/** newExtraFields: a list of field records (widget §3), as a JSON string or, in JSON bodies, a list. */
export function parseExtraFields(value: unknown): FieldRecord[] {
  if (value === undefined || value === '') return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      throw new LeadInputError('newExtraFields must be a JSON list of field records');
    }
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))) {
    throw new LeadInputError('newExtraFields must be a JSON list of field records');
  }
  return list as FieldRecord[];
}

function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    const text = readString(value).trim();
    if (text) return text;
  }
  return null;
}

function extraFieldValue(fields: FieldRecord[], names: string[], types: string[]): unknown {
  const match = fields.find((field) => names.includes(readString(field.name)) || types.includes(readString(field.type)));
  return match?.value;
}

/** The row of a conversion: typed columns for what owners search by, and the whole body in `fields`. */
export function leadFromConversion(popup: PopupRecord, body: ConversionBody): ConversionInput {
  const extra = parseExtraFields(body.newExtraFields);
  const fullName = [readString(body.FirstName).trim(), readString(body.LastName).trim()].filter(Boolean).join(' ');
  return {
    idempotency_key: body.idempotency_key,
    poptin_id: popup.poptin_id,
    client_id: popup.client_id,
    viewer_id: popup.viewer_id,
    email: firstText(body.email, body.Email, extraFieldValue(extra, ['Email', 'email'], ['email'])),
    phone: firstText(body.phone, body.Phone, extraFieldValue(extra, ['Phone', 'phone'], ['phone', 'tel'])),
    name: firstText(body.name, body.Name, fullName, extraFieldValue(extra, ['Name', 'name'], [])),
    url: firstText(body.url),
    poptin_view_id: body.poptin_view_id ? Number(body.poptin_view_id) : null,
    fields: { ...body },
  };
}

const LEAD_COLUMNS = [
  'conversion_id', 'created_at', 'poptin_id', 'client_id', 'viewer_id', 'email', 'phone', 'name', 'url', 'poptin_view_id',
  'idempotency_key',
] as const;

/** Leads as CSV: the typed columns, then every submitted field that any lead carries, sorted by name. */
export function leadsToCsv(leads: readonly LeadRecord[]): string {
  const fieldNames = [...new Set(leads.flatMap((lead) => Object.keys(lead.fields)))].sort();
  const rows = leads.map((lead) => [
    ...LEAD_COLUMNS.map((column) => lead[column]),
    ...fieldNames.map((name) => lead.fields[name]),
  ]);
  return toCsv([...LEAD_COLUMNS, ...fieldNames.map((name) => `field:${name}`)], rows);
}
