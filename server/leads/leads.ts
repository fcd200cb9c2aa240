import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  LEAD_EXTRA_FIELDS_MAX,
  LEAD_FIELD_LIMITS,
  LEAD_OTHER_FIELDS_TOTAL,
  PARTIAL_LEAD_FIELD,
  PROOF_OF_WORK_FIELD,
  STEPS_LEAD_FIELD,
} from '../../src/core/api/contract.ts';
import type { ConsentRecord, OptIn } from '../../src/core/api/insights-contract.ts';
import { readString } from '../../src/core/config/values.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import type { Device } from '../insights/contract.ts';
import { checkedJson } from '../platform/body-parsers.ts';
import { BadRequestError } from '../platform/errors.ts';
import { type ConversionBody, conversionSchema, IDEMPOTENCY_KEY_PATTERN, LEAD_PAGE_SIZE } from '../platform/schemas.ts';
import { consentRecordOf } from '../visitor-email/consent.ts';
import { visitorEmailOf } from '../visitor-email/settings.ts';
import type { LeadDetail, LeadFilter, LeadListing } from './contract.ts';
import { csvLine } from './csv.ts';
import type { ConversionInput, LeadCursor, LeadPageLimits, LeadRepository, Paged } from './repository.ts';
import { judgeLead, type SpamRules } from './spam.ts';

export class LeadInputError extends BadRequestError {}

/**
 * What one lead may carry. Fields the conversion call lists (widget §7) keep their own lengths from the
 * schema; `valueLength` bounds the others (a list or object counts as its JSON text).
 */
export const LEAD_LIMITS = {
  fields: 100,
  nameLength: 100,
  valueLength: 5_000,
  extraFields: LEAD_EXTRA_FIELDS_MAX,
} as const;

const LISTED_FIELDS = new Set(Object.keys(conversionSchema.body.properties));

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
    list = checkedJson(list, 'body/newExtraFields', 1);
  }
  if (
    !Array.isArray(list) ||
    !list.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
  ) {
    throw new LeadInputError('newExtraFields must be a JSON list of field records');
  }
  if (list.length > LEAD_LIMITS.extraFields) {
    throw new LeadInputError(
      `newExtraFields may list at most ${LEAD_LIMITS.extraFields} fields (it lists ${list.length})`,
    );
  }
  checkExtraValues(list as FieldRecord[]);
  return list as FieldRecord[];
}

/**
 * The largest conversion body: every field at its limit in the form (LEAD_FIELD_LIMITS), URL-encoded at worst (a
 * UTF-16 code unit of Hebrew text is 6 bytes, %D7%90), with the page fields around it. Other calls keep the
 * server's smaller limit.
 */
export const CONVERSION_BODY_LIMIT = 768 * 1024;

/** The form's limits on the other fields' values (LEAD_FIELD_LIMITS.other each, LEAD_OTHER_FIELDS_TOTAL together). */
function checkExtraValues(records: FieldRecord[]): void {
  let total = 0;
  for (const [index, record] of records.entries()) {
    const value =
      record.value === undefined ? '' : typeof record.value === 'string' ? record.value : JSON.stringify(record.value);
    if (value.length > LEAD_FIELD_LIMITS.other) {
      throw new LeadInputError(
        `newExtraFields/${index}/value may be at most ${LEAD_FIELD_LIMITS.other} characters long (it has ${value.length})`,
      );
    }
    total += value.length;
  }
  if (total > LEAD_OTHER_FIELDS_TOTAL) {
    throw new LeadInputError(
      `the values of newExtraFields may hold at most ${LEAD_OTHER_FIELDS_TOTAL} characters together (they hold ${total})`,
    );
  }
}

/** Every CSV row gets a column per field name, so the number and size of a lead's fields are bounded. */
function checkLeadSize(body: Record<string, unknown>): void {
  const names = Object.keys(body);
  if (names.length > LEAD_LIMITS.fields) {
    throw new LeadInputError(`a lead may carry at most ${LEAD_LIMITS.fields} fields (this one has ${names.length})`);
  }
  for (const name of names) {
    if (name.length > LEAD_LIMITS.nameLength) {
      throw new LeadInputError(
        `field names may be at most ${LEAD_LIMITS.nameLength} characters long (one has ${name.length})`,
      );
    }
    if (LISTED_FIELDS.has(name)) continue;
    const value = body[name];
    const length = typeof value === 'string' ? value.length : JSON.stringify(value).length;
    if (length > LEAD_LIMITS.valueLength) {
      throw new LeadInputError(
        `body/${name} may be at most ${LEAD_LIMITS.valueLength} characters long, the limit of a field the conversion call ` +
          `does not list (it has ${length})`,
      );
    }
  }
}

/**
 * One spelling of a body whatever its encoding: keys sorted at every level, and numbers and booleans as
 * the text a form-encoded body would carry.
 */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(typeof value === 'number' || typeof value === 'boolean' ? String(value) : (value ?? null));
}

export function payloadSha256(fields: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    const text = readString(value).trim();
    if (text) return text;
  }
  return null;
}

function extraFieldValue(fields: FieldRecord[], names: string[], types: string[]): unknown {
  const match = fields.find(
    (field) => names.includes(readString(field.name)) || types.includes(readString(field.type)),
  );
  return match?.value;
}

/** The row of a conversion: typed columns for what owners search by, and the whole body in `fields`. */
export function leadFromConversion(
  popup: PopupRecord,
  body: ConversionBody,
  visitorId: string | null = null,
  spamRules: SpamRules = {},
): ConversionInput {
  checkLeadSize(body);
  const extra = parseExtraFields(body.newExtraFields);
  const fullName = [readString(body.FirstName).trim(), readString(body.LastName).trim()].filter(Boolean).join(' ');
  const { [PROOF_OF_WORK_FIELD]: _proof, steps_lead: _sent, ...rest } = body;
  const fields: Record<string, unknown> = rest;
  // A pop-up in steps closed after its e-mail step (the owner's option): the lead says it is partial.
  if (extra.some((record) => record.name === PARTIAL_LEAD_FIELD && readString(record.value) === 'yes'))
    fields.partial = 'yes';
  // The showing it comes from, when its owner keeps partial leads: one lead per showing (leads/repository.ts).
  const showing = extra.find((record) => record.name === STEPS_LEAD_FIELD);
  if (showing) {
    const name = readString(showing.value);
    if (!new RegExp(IDEMPOTENCY_KEY_PATTERN).test(name))
      throw new LeadInputError(`${STEPS_LEAD_FIELD} must be 8 to 128 printable ASCII characters`);
    fields.steps_lead = name;
  }
  const email = firstText(body.email, body.Email, extraFieldValue(extra, ['Email', 'email'], ['email']));
  const url = firstText(body.url);
  return {
    idempotency_key: body.idempotency_key,
    poptin_id: popup.poptin_id,
    client_id: popup.client_id,
    viewer_id: popup.viewer_id,
    email,
    phone: firstText(body.phone, body.Phone, extraFieldValue(extra, ['Phone', 'phone'], ['phone', 'tel'])),
    name: firstText(body.name, body.Name, fullName, extraFieldValue(extra, ['Name', 'name'], [])),
    url,
    poptin_view_id: body.poptin_view_id ? Number(body.poptin_view_id) : null,
    fields,
    payload_sha256: payloadSha256(fields),
    visitor_id: visitorId,
    ...judgeLead(body, email, spamRules),
    // Held until the visitor confirms by the link of their e-mail; a lead without an address gets no e-mail.
    opt_in: email && visitorEmailOf(popup.config).doubleOptIn ? 'unconfirmed' : null,
    consent: consentRecordOf(body, url),
  };
}

const LEAD_COLUMNS = [
  'conversion_id',
  'created_at',
  'poptin_id',
  'client_id',
  'viewer_id',
  'email',
  'phone',
  'name',
  'url',
  'poptin_view_id',
  'idempotency_key',
  'spam_reason',
  'spam_suspicion',
] as const;

/** leads.csv has a column for at most this many field names: the ones the most leads carry. */
export const CSV_FIELD_COLUMNS = 200;

/** Field names counted while choosing the columns; the less frequent half is forgotten beyond this. */
const COUNTED_FIELD_NAMES = 10 * CSV_FIELD_COLUMNS;

// Short pages keep every query short. Past about 100 rows, on a table never analyzed (no planner statistics),
// PostgreSQL sorted all the remaining leads for each page instead of walking the index.
const PAGE_LIMITS: LeadPageLimits = { rows: 100, bytes: 128 * 1024 };

/**
 * Pages of leads until there are no more. PGlite runs its queries on this thread, so between pages the
 * export waits a turn of the event loop and other requests are answered.
 */
async function* leadPages<Row>(
  readPage: (after: LeadCursor | null) => Promise<Paged<Row>[]>,
): AsyncGenerator<Paged<Row>[]> {
  let after: LeadCursor | null = null;
  for (;;) {
    const page = await readPage(after);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.cursor;
    await nextTurn();
  }
}

/**
 * How many leads carry each field name, in bounded memory: past `capacity` names, the less frequent half
 * is forgotten. Names that many leads share keep counting up and stay; a flood of names that each appear
 * once (spam) forgets itself.
 */
class FieldNameCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  add(name: string): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    if (this.counts.size <= this.capacity) return;
    const ascending = [...this.counts].sort((a, b) => a[1] - b[1]);
    for (const [forgotten] of ascending.slice(0, ascending.length >> 1)) this.counts.delete(forgotten);
  }

  /** The `limit` most counted names, in name order. */
  mostCounted(limit: number): string[] {
    const byCount = [...this.counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return byCount
      .slice(0, limit)
      .map(([name]) => name)
      .sort();
  }
}

/** What the CSV export reads. */
type LeadPages = Pick<LeadRepository, 'leadFieldNamesPage' | 'leadsPage'>;

async function csvFieldNames(leads: LeadPages, clientId: string, filter: LeadFilter): Promise<string[]> {
  const counter = new FieldNameCounter(COUNTED_FIELD_NAMES);
  for await (const page of leadPages((after) => leads.leadFieldNamesPage(clientId, after, PAGE_LIMITS, filter))) {
    for (const lead of page) for (const name of lead.names) counter.add(name);
  }
  return counter.mostCounted(CSV_FIELD_COLUMNS);
}

async function* csvLines(
  leads: LeadPages,
  clientId: string,
  fieldNames: string[],
  filter: LeadFilter,
): AsyncGenerator<string> {
  // The times are ISO 8601 in UTC (the console shows them in the owner's zone); the header says so.
  yield csvLine([
    ...LEAD_COLUMNS.map((column) => (column === 'created_at' ? 'created_at (UTC)' : column)),
    ...fieldNames.map((name) => `field:${name}`),
  ]);
  for await (const page of leadPages((after) => leads.leadsPage(clientId, after, PAGE_LIMITS, fieldNames, filter))) {
    yield page
      .map((lead) =>
        csvLine([
          ...LEAD_COLUMNS.map((column) => lead[column]),
          ...fieldNames.map((name) => (Object.hasOwn(lead.fields, name) ? lead.fields[name] : undefined)),
        ]),
      )
      .join('');
  }
}

/**
 * The leads of a client that `filter` holds (the same as the listing with that filter) as a CSV stream, newest
 * first: the typed columns, then a column per field name (the CSV_FIELD_COLUMNS names the most of them carry,
 * in name order). Read in pages, so memory stays flat and the export never holds the server for long, whatever
 * the leads hold.
 */
export async function leadsCsv(leads: LeadPages, clientId: string, filter: LeadFilter = {}): Promise<Readable> {
  const fieldNames = await csvFieldNames(leads, clientId, filter);
  return Readable.from(csvLines(leads, clientId, fieldNames, filter), { objectMode: false });
}

/** The owner's JSON listing stops a page after the lead that reaches this many bytes of stored fields. */
export const LEAD_LISTING_PAGE_BYTES = 1024 * 1024;

// A cursor as PostgreSQL writes created_at::text ("2026-11-25 19:35:12.123456+00") and a lead id.
const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2})\|([1-9]\d{0,17})$/;

/** Where the next page starts, as the `next` of a listing: opaque to the owner, read back by readLeadCursor. */
export function leadCursorText(cursor: LeadCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

/** A listing's `after`: the `next` of the page before, or null when it is not one. */
export function readLeadCursor(text: string): LeadCursor | null {
  const match = CURSOR_TEXT.exec(Buffer.from(text, 'base64url').toString('utf8'));
  return match ? { createdAt: match[1]!, id: Number(match[2]) } : null;
}

/** One page of a client's leads, newest first, whole; a page is bounded in leads and in bytes. */
export async function leadsListing(
  leads: Pick<LeadRepository, 'leadsListPage'>,
  clientId: string,
  options: { limit?: number; after?: LeadCursor | null; filter?: LeadFilter } = {},
): Promise<LeadListing> {
  const rows = Math.min(options.limit ?? LEAD_PAGE_SIZE.default, LEAD_PAGE_SIZE.max);
  const page = await leads.leadsListPage(
    clientId,
    options.after ?? null,
    { rows, bytes: LEAD_LISTING_PAGE_BYTES },
    options.filter,
  );
  const last = page.leads[page.leads.length - 1];
  return {
    leads: page.leads.map(({ cursor: _cursor, ...lead }) => lead),
    next: page.more && last ? leadCursorText(last.cursor) : null,
  };
}

/** One lead of a client with everything known about it; null when the client has no such lead. */
export async function leadDetail(
  leads: Pick<LeadRepository, 'leadWithViewRow'>,
  clientId: string,
  leadId: number,
): Promise<LeadDetail | null> {
  const row = await leads.leadWithViewRow(clientId, leadId);
  if (!row) return null;
  const fields = row.fields as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    lead: {
      conversion_id: Number(row.id),
      created_at: new Date(row.created_at as string).toISOString(),
      idempotency_key: row.idempotency_key as string,
      poptin_id: row.poptin_id as string,
      client_id: row.client_id as string,
      viewer_id: row.viewer_id as string,
      email: text(row.email),
      phone: text(row.phone),
      name: text(row.name),
      url: text(row.url),
      poptin_view_id: row.poptin_view_id === null ? null : Number(row.poptin_view_id),
      spam_reason: text(row.spam_reason),
      fields,
      partial: fields?.partial === 'yes',
      device: row.device as Device,
      opt_in: (row.opt_in as OptIn) ?? null,
    },
    consent: row.consent
      ? {
          ...(row.consent as Omit<ConsentRecord, 'confirmed_at'>),
          confirmed_at: row.confirmed_at ? new Date(row.confirmed_at as string).toISOString() : null,
        }
      : null,
    popup: {
      poptin_id: row.poptin_id as string,
      poptin_name: row.poptin_name as string,
      ab_test_parent_id: (row.ab_test_parent_id as string | null) ?? null,
    },
    view:
      row.view_id === null || row.view_id === undefined
        ? null
        : {
            id: Number(row.view_id),
            created_at: new Date(row.view_created_at as string).toISOString(),
            trigger: text(row.view_trigger),
            type: text(row.view_type),
            url: text(row.view_url),
            device: row.view_device as string,
          },
    prize: { prize_id: text(fields.prize_id), coupon: text(fields.coupon) },
    deliveries: [],
  };
}
