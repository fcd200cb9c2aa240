// The leads aggregate: a lead stored once per idempotency key with its deliveries, the owner's listing pages and
// the move in or out of spam.
import type { Database } from '../db/database.ts';
import { ErasureHashes } from '../db/tombstones.ts';
import { type LeadArrivals, NO_LEAD_ARRIVALS, queueDeliveries, resendDeliveries } from '../delivery/queue.ts';
import type { Device } from '../insights/contract.ts';
import { rollupCtes } from '../insights/events-repository.ts';
import type { LeadFilter, LeadRecord } from './contract.ts';
import { CONVERSION_CHANNEL, type ConvertedVisitors, convertedVisitorsOf } from './converted-visitors.ts';
import { LeadBatches } from './lead-batches.ts';
import { IMPOSSIBLE_SUBMIT_MS } from './spam.ts';

/** A lead as it arrives: the listing's record (server/leads/contract.ts) before the database numbers and dates it. */
export interface ConversionInput extends Omit<LeadRecord, 'conversion_id' | 'created_at' | 'partial'> {
  /** SHA-256 (hex) of the body in canonical form: tells a retry from another lead under the same key. */
  payload_sha256: string;
  /** Who sent it: the widget's visitor_id, else the server's visitor cookie. */
  visitor_id: string | null;
  device?: Device;
  /** 'unconfirmed' for a lead of a pop-up with double opt-in, held from the destinations that require it. */
  opt_in?: 'unconfirmed' | null;
  /** What the visitor agreed to, for a form with a consent box (server/visitor-email/consent.ts). */
  consent?: Record<string, unknown> | null;
}

/** A lead sent sooner than this after its view is listed with the suspicion 'fast-after-view', unless the server says otherwise. */
export const DEFAULT_SPAM_MIN_SUBMIT_MS = 2000;

export interface LeadOptions {
  /** Leads sent sooner than this after their view are listed as 'fast-after-view'; 0 turns the check off. */
  spamMinSubmitMs?: number;
  /** Leads sent sooner than this after their page began to load are hidden as 'impossible-timing' (server/leads/spam.ts); 0 turns it off. */
  spamImpossibleSubmitMs?: number;
}

// A parameter of type text holding the SpamFilter.
const spamCondition = (parameter: string) =>
  `(${parameter}::text = 'include' OR (${parameter}::text = 'only') = (spam_reason IS NOT NULL))`;

// Parameters $6 to $11 of a lead page hold the filter (see leadFilterParams); the search is a LIKE pattern, so that the
// trigram index of migration 041 finds the matching leads.
const LEAD_FILTER_CONDITIONS = `${spamCondition('$6')}
  AND ($7::text IS NULL OR poptin_id IN (SELECT poptin_id FROM popups WHERE client_id = $1 AND (poptin_id = $7 OR ab_test_parent_id = $7)))
  AND ($8::text IS NULL OR poptin_id = $8)
  AND ($9::timestamptz IS NULL OR created_at >= $9::timestamptz)
  AND ($10::timestamptz IS NULL OR created_at < $10::timestamptz)
  AND ($11::text IS NULL OR poptin_lead_text(email, name, phone, fields) LIKE lower($11::text))`;

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instants (ms since 1970) a filter's range starts at (included) and ends at (excluded): a day is a UTC day,
 * `to`'s included whole. NaN where the text is no time.
 */
export function leadRangeBounds(filter: Pick<LeadFilter, 'from' | 'to'>): { from: number | null; to: number | null } {
  const instant = (text: string | undefined, dayEnd: boolean) => {
    if (text === undefined) return null;
    if (!DAY_TEXT.test(text)) return Date.parse(text);
    const day = Date.parse(`${text}T00:00:00Z`);
    return dayEnd ? day + 86_400_000 : day;
  };
  return { from: instant(filter.from, false), to: instant(filter.to, true) };
}

function leadFilterParams(filter: LeadFilter) {
  const bounds = leadRangeBounds(filter);
  const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());
  return [
    filter.spam ?? 'exclude',
    filter.popup ?? null,
    filter.variant ?? null,
    iso(bounds.from),
    iso(bounds.to),
    filter.q ? `%${filter.q.replace(/[\\%_]/g, (special) => `\\${special}`)}%` : null,
  ];
}

export type ConversionResult =
  | { outcome: 'stored' | 'duplicate'; conversionId: number }
  /** The idempotency key was already used for a lead of another pop-up. */
  | { outcome: 'key-conflict' }
  /** The idempotency key was already used for a lead of this pop-up with other data. */
  | { outcome: 'payload-conflict' }
  /** The idempotency key was a lead's that its owner erased since (tombstones.ts): nothing was stored. */
  | { outcome: 'erased' };

/**
 * Where a page of leads ended, in their listing order (newest first): the last lead's created_at as
 * PostgreSQL text (exact to the microsecond, unlike a JavaScript Date) and its id.
 */
export interface LeadCursor {
  createdAt: string;
  id: number;
}

/** A page holds at most `rows` leads, and stops after the lead that reaches `bytes` of stored fields. */
export interface LeadPageLimits {
  rows: number;
  bytes: number;
}

export type Paged<Row> = Row & { cursor: LeadCursor };

function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

// pg returns BIGINT as a string, PGlite as a number.
function toIdOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

const LEAD_TABLE_COLUMNS =
  'id, created_at, idempotency_key, poptin_id, client_id, viewer_id, email, phone, name, url, poptin_view_id, spam_reason, spam_suspicion';

function toLeadRecord(row: Record<string, unknown>): LeadRecord {
  return {
    conversion_id: Number(row.id),
    created_at: toIso(row.created_at),
    idempotency_key: row.idempotency_key as string,
    poptin_id: row.poptin_id as string,
    client_id: row.client_id as string,
    viewer_id: row.viewer_id as string,
    email: row.email as string | null,
    phone: row.phone as string | null,
    name: row.name as string | null,
    url: row.url as string | null,
    poptin_view_id: toIdOrNull(row.poptin_view_id),
    spam_reason: (row.spam_reason as string | null) ?? null,
    spam_suspicion: (row.spam_suspicion as string | null) ?? null,
    fields: row.fields as Record<string, unknown>,
    partial: (row.fields as Record<string, unknown> | null)?.partial === 'yes',
  };
}

function toCursor(row: Record<string, unknown>): LeadCursor {
  return { createdAt: row.cursor_created_at as string, id: Number(row.id) };
}

export interface LeadCollaborators {
  arrivals?: LeadArrivals;
  erasureHashes?: ErasureHashes;
}

/** Leads and their deliveries, in SQL that runs unchanged on PGlite and PostgreSQL. */
export class LeadRepository {
  private readonly spamMinSubmitMs: number;
  /** What leads.ts judges a lead's time since page load by (LeadOptions.spamImpossibleSubmitMs). */
  readonly spamImpossibleSubmitMs: number;
  private readonly converted: ConvertedVisitors;
  private readonly arrivals: LeadArrivals;
  /** The hashes an erasure leaves behind, which keep an erased lead's retries out. */
  readonly erasureHashes: ErasureHashes;

  /**
   * `arrivals` is told when leads were stored with their deliveries (delivery/queue.ts). `erasureHashes` is the
   * process's one instance: its key, once read, is hashed with inside a transaction that holds PGlite's connection.
   */
  constructor(
    readonly db: Database,
    options: LeadOptions = {},
    { arrivals = NO_LEAD_ARRIVALS, erasureHashes = new ErasureHashes(db) }: LeadCollaborators = {},
  ) {
    this.arrivals = arrivals;
    this.erasureHashes = erasureHashes;
    this.spamMinSubmitMs = options.spamMinSubmitMs ?? DEFAULT_SPAM_MIN_SUBMIT_MS;
    this.spamImpossibleSubmitMs = options.spamImpossibleSubmitMs ?? IMPOSSIBLE_SUBMIT_MS;
    this.converted = convertedVisitorsOf(db, async (clientId, limit) =>
      (
        await db.query<{ visitor_id: string }>(
          'SELECT DISTINCT visitor_id FROM conversions WHERE client_id = $1 AND visitor_id IS NOT NULL LIMIT $2',
          [clientId, limit],
        )
      ).map((row) => row.visitor_id),
    );
  }

  /**
   * Stores a lead once per idempotency key; a retry (same pop-up, same payload) gets the id of the first row
   * back. A lead stored without a payload hash (before migration 003) takes any payload as a retry.
   *
   * Group commit: leads that arrive while a batch is being written wait for it, then go together in the next
   * statement, and one flush to the disk acknowledges them all (lead-batches.ts).
   */
  recordConversion(lead: ConversionInput): Promise<ConversionResult> {
    return this.leadBatches.add(lead);
  }

  /** Resolves once the leads waiting to be written have been (lead-batches.ts, afterLeads). */
  afterLeadWrites(): Promise<void> {
    return this.leadBatches.afterLeads();
  }

  private readonly leadBatches = new LeadBatches<ConversionInput, ConversionResult>({
    keyOf: (lead) => lead.idempotency_key,
    insert: (leads) => this.insertLeads(leads),
    acknowledge: async (stored) => {
      // A lead is acknowledged only once it is on the disk; a retried one too, in case the first answer never came.
      await this.db.durable();
      this.arrivals.leadStored();
      await this.announceConversions(stored);
    },
    resultOf: (id) => ({ outcome: 'stored', conversionId: id }),
    notInserted: (lead) => this.existingLead(lead),
  });

  /**
   * Inserts the leads in one statement, with their roll-ups and their deliveries to the site's destinations (none
   * for spam); answers the id of each lead stored, null for a lead whose key was already taken or erased.
   */
  private async insertLeads(leads: readonly ConversionInput[]): Promise<(number | null)[]> {
    const column = <Value>(read: (lead: ConversionInput) => Value) => leads.map(read);
    const keyHashes = await this.erasureHashes.ofLeadKeys(column((lead) => lead.idempotency_key));
    const rows = await this.db.query<{ id: unknown; ord: unknown }>(
      `WITH stored AS (
         INSERT INTO conversions
           (idempotency_key, poptin_id, client_id, viewer_id, email, phone, name, url, poptin_view_id, fields, payload_sha256, visitor_id, spam_reason,
            spam_suspicion, device, opt_in, consent)
         SELECT lead.idempotency_key, lead.poptin_id, lead.client_id, lead.viewer_id, lead.email, lead.phone, lead.name, lead.url, lead.poptin_view_id,
           lead.fields::jsonb, lead.payload_sha256, lead.visitor_id, lead.spam_reason, COALESCE(lead.spam_suspicion, CASE WHEN lead.spam_reason IS NULL AND EXISTS (
             SELECT 1 FROM views v WHERE v.id = lead.poptin_view_id AND v.poptin_id = lead.poptin_id AND v.created_at > now() - make_interval(secs => $16::double precision)
           ) THEN 'fast-after-view' END), lead.device, lead.opt_in, lead.consent::jsonb
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[], $10::text[], $11::text[],
           $12::text[], $13::text[], $14::text[], $15::text[], $17::text[], $18::text[], $19::text[]) WITH ORDINALITY
           AS lead (idempotency_key, poptin_id, client_id, viewer_id, email, phone, name, url, poptin_view_id, fields, payload_sha256, visitor_id,
             spam_reason, spam_suspicion, device, key_hmac, opt_in, consent, ord)
         WHERE NOT EXISTS (SELECT 1 FROM erased_lead_keys erased WHERE erased.key_hmac = lead.key_hmac)
         ORDER BY lead.ord
         ON CONFLICT DO NOTHING RETURNING id, idempotency_key, client_id, poptin_id, device, url, created_at, spam_reason, email, opt_in
       ), counted AS (SELECT * FROM stored WHERE spam_reason IS NULL), ${rollupCtes('counted', 'conversions')},
       ${queueDeliveries('counted')}
       SELECT stored.id, lead.ord FROM stored JOIN unnest($1::text[]) WITH ORDINALITY AS lead (idempotency_key, ord) USING (idempotency_key)`,
      [
        column((lead) => lead.idempotency_key),
        column((lead) => lead.poptin_id),
        column((lead) => lead.client_id),
        column((lead) => lead.viewer_id),
        column((lead) => lead.email),
        column((lead) => lead.phone),
        column((lead) => lead.name),
        column((lead) => lead.url),
        column((lead) => lead.poptin_view_id),
        column((lead) => JSON.stringify(lead.fields)),
        column((lead) => lead.payload_sha256),
        column((lead) => lead.visitor_id),
        column((lead) => lead.spam_reason),
        column((lead) => lead.spam_suspicion ?? null),
        column((lead) => lead.device ?? 'unknown'),
        this.spamMinSubmitMs / 1000,
        keyHashes,
        column((lead) => lead.opt_in ?? null),
        column((lead) => (lead.consent ? JSON.stringify(lead.consent) : null)),
      ],
    );
    const ids: (number | null)[] = leads.map(() => null);
    for (const row of rows) ids[Number(row.ord) - 1] = Number(row.id);
    return ids;
  }

  /** Tells the display call of this process, and of the others on the same PostgreSQL, who converted. */
  private async announceConversions(leads: readonly ConversionInput[]): Promise<void> {
    const visitors = leads.filter((lead) => lead.visitor_id);
    for (const lead of visitors) await this.converted.add(lead.client_id, lead.visitor_id!);
    if (this.db.listen && visitors.length > 0) {
      await this.db
        .query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
          CONVERSION_CHANNEL,
          visitors.map((lead) => `${lead.client_id} ${lead.visitor_id}`),
        ])
        .catch(() => undefined);
    }
  }

  /**
   * A lead whose idempotency key was taken (a retry of that lead, a retry of an erased lead, or a conflict), or whose
   * showing of a pop-up in steps has its lead already.
   */
  private async existingLead(lead: ConversionInput): Promise<ConversionResult> {
    const showing = lead.fields.steps_lead;
    if (typeof showing === 'string') {
      const result = await this.leadOfShowing(lead, showing);
      if (result) return result;
    }
    const existing = await this.db.query<{ id: unknown; poptin_id: string; payload_sha256: string | null }>(
      'SELECT id, poptin_id, payload_sha256 FROM conversions WHERE idempotency_key = $1',
      [lead.idempotency_key],
    );
    const first = existing[0];
    if (!first && (await this.wasErased(lead.idempotency_key))) return { outcome: 'erased' };
    if (!first || first.poptin_id !== lead.poptin_id) return { outcome: 'key-conflict' };
    if (first.payload_sha256 !== null && first.payload_sha256 !== lead.payload_sha256)
      return { outcome: 'payload-conflict' };
    await this.db.durable();
    return { outcome: 'duplicate', conversionId: Number(first.id) };
  }

  /**
   * One showing of a pop-up in steps keeps one lead (migration 075): its whole lead makes its partial one whole, in
   * place (the same row, so it is counted once and the deliveries not yet sent carry the whole lead; those sent or
   * being sent go again, delivery/queue.ts resendDeliveries); any other lead
   * of the showing (a retry, a partial lead beaconed late) is answered as that lead. A whole lead taken for spam
   * leaves the partial one as it is. Null when the showing has no lead stored.
   */
  private async leadOfShowing(lead: ConversionInput, showing: string): Promise<ConversionResult | null> {
    const rows = await this.db.query<{ id: unknown; resent: number }>(
      `WITH found AS (
         SELECT id, fields->>'partial' = 'yes' AS partial FROM conversions
         WHERE client_id = $1 AND poptin_id = $2 AND (fields->>'steps_lead') = $3
       ), whole AS (
         UPDATE conversions c SET idempotency_key = $4, email = $5, phone = $6, name = $7, url = $8, poptin_view_id = $9,
           fields = $10::jsonb, payload_sha256 = $11, opt_in = $12
         FROM found WHERE c.id = found.id AND found.partial AND $13::boolean
         RETURNING c.id
       ), ${resendDeliveries('whole')}
       SELECT id, (SELECT count(*) FROM resent)::int AS resent FROM found`,
      [
        lead.client_id,
        lead.poptin_id,
        showing,
        lead.idempotency_key,
        lead.email,
        lead.phone,
        lead.name,
        lead.url,
        lead.poptin_view_id,
        JSON.stringify(lead.fields),
        lead.payload_sha256,
        lead.opt_in ?? null,
        lead.fields.partial !== 'yes' && lead.spam_reason === null,
      ],
    );
    if (!rows[0]) return null;
    await this.db.durable();
    if (rows[0].resent > 0) this.arrivals.leadStored();
    return { outcome: 'duplicate', conversionId: Number(rows[0].id) };
  }

  private async wasErased(idempotencyKey: string): Promise<boolean> {
    const [keyHash] = await this.erasureHashes.ofLeadKeys([idempotencyKey]);
    const rows = await this.db.query('SELECT 1 FROM erased_lead_keys WHERE key_hmac = $1', [keyHash]);
    return rows.length > 0;
  }

  /**
   * Other processes on the same PostgreSQL tell this one which visitors converted (announceConversions); returns the
   * stop. Nothing to do on PGlite, which one process owns.
   */
  async watchConversions(): Promise<() => Promise<void>> {
    if (!this.db.listen) return async () => undefined;
    return this.db.listen(
      CONVERSION_CHANNEL,
      (payload) => {
        const [clientId, visitorId] = payload.split(' ');
        if (clientId && visitorId) void this.converted.add(clientId, visitorId);
      },
      () => this.converted.forget(),
    );
  }

  /** When this visitor last converted on each pop-up of the client they converted on, in epoch milliseconds. */
  async lastConversionsOfVisitor(clientId: string, visitorId: string): Promise<Map<string, number>> {
    // Most visitors never converted: for them the database is not asked.
    if (!(await this.converted.mayHaveConverted(clientId, visitorId))) return new Map();
    const rows = await this.db.query<{ poptin_id: string; converted_at: unknown }>(
      'SELECT poptin_id, MAX(created_at) AS converted_at FROM conversions WHERE client_id = $1 AND visitor_id = $2 GROUP BY poptin_id',
      [clientId, visitorId],
    );
    return new Map(rows.map((row) => [row.poptin_id, Date.parse(toIso(row.converted_at))]));
  }

  /**
   * A page of a client's leads whole, every field (see leadPage), and whether more may follow: the page held
   * `limits.rows` leads and there is another, or it stopped at `limits.bytes`.
   */
  async leadsListPage(
    clientId: string,
    after: LeadCursor | null,
    limits: LeadPageLimits,
    filter: LeadFilter = {},
  ): Promise<{ leads: Paged<LeadRecord>[]; more: boolean }> {
    const rows = await this.leadPage(
      `${LEAD_TABLE_COLUMNS}, fields, cut.bytes_before + pg_column_size(page.fields) AS bytes_through`,
      clientId,
      after,
      { rows: limits.rows + 1, bytes: limits.bytes },
      filter,
    );
    const leads = rows.slice(0, limits.rows).map((row) => ({ ...toLeadRecord(row), cursor: toCursor(row) }));
    const last = rows[leads.length - 1];
    return {
      leads,
      more: rows.length > limits.rows || (last !== undefined && Number(last.bytes_through) >= limits.bytes),
    };
  }

  /**
   * Moves a lead of the client in or out of spam, as its owner says: into spam with the reason 'owner' (a lead
   * already taken for spam keeps its reason). Out of spam, the lead's deliveries to the site's destinations are
   * queued, unless it had them already. Null when the client has no such lead.
   */
  async setLeadSpam(clientId: string, leadId: number, spam: boolean): Promise<LeadRecord | null> {
    // The roll-ups count leads not taken for spam: a move in or out changes them by one, in the same statement.
    const rows = await this.db.query<Record<string, unknown>>(
      `WITH before AS (
         SELECT id, spam_reason IS NOT NULL AS was_spam FROM conversions WHERE id = $1::bigint AND client_id = $2 FOR UPDATE
       ), changed AS (
         UPDATE conversions c SET spam_reason = CASE WHEN $3::boolean THEN COALESCE(c.spam_reason, 'owner') END
         FROM before WHERE c.id = before.id
         RETURNING c.*, before.was_spam
       ), moved AS (
         SELECT client_id, poptin_id, device, url, created_at, CASE WHEN was_spam THEN 1 ELSE -1 END AS change
         FROM changed WHERE was_spam <> (spam_reason IS NOT NULL)
       ), ${rollupCtes('moved', 'conversions', 'change')},
       ${queueDeliveries('changed', { only: 'changed.was_spam AND changed.spam_reason IS NULL', again: true })}
       SELECT ${LEAD_TABLE_COLUMNS}, fields, (SELECT count(*)::int FROM queued) AS queued FROM changed`,
      [leadId, clientId, spam],
    );
    // A lead moved out of spam is delivered as it would have been, once: its deliveries are queued with the move.
    if (Number(rows[0]?.queued ?? 0) > 0) this.arrivals.leadStored();
    return rows[0] ? toLeadRecord(rows[0]) : null;
  }

  /**
   * One page of a client's leads, newest first, after `after`. `select` reads the page's rows (columns of
   * the table, from `page`); a page stops after the lead that reaches `limits.bytes` of stored fields, so a
   * page of huge leads is short. `pg_column_size` reads the stored size without decompressing the value, and
   * the page is cut before its rows' fields are read, so the leads past the cut are never loaded.
   */
  private async leadPage(
    select: string,
    clientId: string,
    after: LeadCursor | null,
    limits: LeadPageLimits,
    filter: LeadFilter,
    params: unknown[] = [],
  ) {
    return this.db.query<Record<string, unknown>>(
      `SELECT ${select}, cut.cursor_created_at, cut.bytes_before FROM (
         SELECT id AS cut_id, created_at AS cut_created_at, created_at::text AS cursor_created_at,
           sum(pg_column_size(fields)) OVER (ORDER BY created_at DESC, id DESC) - pg_column_size(fields) AS bytes_before
         FROM conversions
         WHERE client_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::bigint))
           AND ${LEAD_FILTER_CONDITIONS}
         ORDER BY created_at DESC, id DESC LIMIT $4
       ) cut
       JOIN conversions page ON page.id = cut.cut_id
       WHERE cut.bytes_before < $5
       ORDER BY cut.cut_created_at DESC, cut.cut_id DESC`,
      [
        clientId,
        after?.createdAt ?? null,
        after?.id ?? null,
        limits.rows,
        limits.bytes,
        ...leadFilterParams(filter),
        ...params,
      ],
    );
  }

  /** The field names of each lead of a page (see leadPage). */
  async leadFieldNamesPage(
    clientId: string,
    after: LeadCursor | null,
    limits: LeadPageLimits,
    filter: LeadFilter = {},
  ): Promise<Paged<{ names: string[] }>[]> {
    const rows = await this.leadPage(
      'id, ARRAY(SELECT jsonb_object_keys(page.fields)) AS names',
      clientId,
      after,
      limits,
      filter,
    );
    return rows.map((row) => ({ names: row.names as string[], cursor: toCursor(row) }));
  }

  /** A page of leads (see leadPage) whose `fields` hold only the fields named in `fieldNames`. */
  async leadsPage(
    clientId: string,
    after: LeadCursor | null,
    limits: LeadPageLimits,
    fieldNames: readonly string[],
    filter: LeadFilter = {},
  ): Promise<Paged<LeadRecord>[]> {
    const rows = await this.leadPage(
      `${LEAD_TABLE_COLUMNS},
       (SELECT COALESCE(jsonb_object_agg(field.key, field.value), '{}'::jsonb) FROM jsonb_each(page.fields) AS field
        WHERE field.key = ANY($12::text[])) AS fields`,
      clientId,
      after,
      limits,
      filter,
      [fieldNames],
    );
    return rows.map((row) => ({ ...toLeadRecord(row), cursor: toCursor(row) }));
  }

  /** One lead of a client with its pop-up's name and A/B parent and the view it came from; undefined when none. */
  async leadWithViewRow(clientId: string, leadId: number): Promise<Record<string, unknown> | undefined> {
    const [row] = await this.db.query<Record<string, unknown>>(
      `SELECT l.id, l.created_at, l.idempotency_key, l.poptin_id, l.client_id, l.viewer_id, l.email, l.phone, l.name, l.url, l.poptin_view_id,
         l.spam_reason, l.fields, l.device, l.opt_in, l.confirmed_at, l.consent, COALESCE(p.config->>'poptin_name', '') AS poptin_name, p.ab_test_parent_id,
         v.id AS view_id, v.created_at AS view_created_at, v.trigger AS view_trigger, v.type AS view_type, v.url AS view_url, v.device AS view_device
       FROM conversions l
       JOIN popups p ON p.poptin_id = l.poptin_id
       LEFT JOIN views v ON v.id = l.poptin_view_id AND v.client_id = l.client_id AND v.poptin_id = l.poptin_id
       WHERE l.id = $1::bigint AND l.client_id = $2`,
      [leadId, clientId],
    );
    return row;
  }
}
