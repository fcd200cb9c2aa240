import { createHash } from 'node:crypto';
import type { Erasure, PersonData } from '../../src/core/api/insights-contract.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import type { ErasureHashes } from '../db/tombstones.ts';

// One person's data on a site (PersonData), found by their e-mail address whatever its case: their leads, the views
// shown to them (the view each lead came from, and views that carried their address), the closes that carried it,
// and the store activity (browse abandonment, orders) recorded under it. The right of access reads it; the right
// to erasure deletes it, logs an Erasure, and keeps the hashes of its leads' idempotency keys for a while
// (db/tombstones.ts), so that a late retry of an erased lead is not stored again. The roll-ups (stats_daily,
// stats_daily_pages, stats_hourly) hold counts only, no one's data, and keep their counts.
/** At most this many rows of each kind in an export; a person with more gets the newest and `truncated`. */
export const PERSON_EXPORT_ROWS = 10_000;

// $1 client, $2 e-mail. The leads of the person, and their views: those that carried the address and those
// the person's leads name as theirs.
const LEADS = 'FROM conversions WHERE client_id = $1 AND lower(email) = lower($2)';
const VIEWS = `FROM views WHERE client_id = $1 AND (
  (converted_email IS NOT NULL AND lower(converted_email) = lower($2))
  OR id IN (SELECT poptin_view_id FROM conversions WHERE client_id = $1 AND lower(email) = lower($2) AND poptin_view_id IS NOT NULL))`;
const CLOSES =
  'FROM closes WHERE client_id = $1 AND converted_email IS NOT NULL AND lower(converted_email) = lower($2)';
const STORE_ACTIVITY = 'FROM store_activity WHERE client_id = $1 AND email IS NOT NULL AND lower(email) = lower($2)';

export async function exportPerson(db: SqlRunner, clientId: string, email: string): Promise<PersonData> {
  const params = [clientId, email, PERSON_EXPORT_ROWS + 1];
  const [leads, views, closes, storeActivity] = await Promise.all([
    db.query(
      `SELECT id, created_at, poptin_id, email, phone, name, url, poptin_view_id, visitor_id, device, spam_reason, fields, consent, opt_in, confirmed_at ${LEADS} ORDER BY created_at DESC LIMIT $3`,
      params,
    ),
    db.query(
      `SELECT id, created_at, poptin_id, trigger, type, url, device, converted_email, store_integration_customer_id ${VIEWS} ORDER BY created_at DESC LIMIT $3`,
      params,
    ),
    db.query(
      `SELECT id, created_at, poptin_id, url, device, converted_email, store_integration_customer_id ${CLOSES} ORDER BY created_at DESC LIMIT $3`,
      params,
    ),
    db.query(
      `SELECT id, created_at, kind, customer_id, email, poptin_id, payload ${STORE_ACTIVITY} ORDER BY id DESC LIMIT $3`,
      params,
    ),
  ]);
  const lists = [leads, views, closes, storeActivity];
  const truncated = lists.some((list) => list.length > PERSON_EXPORT_ROWS);
  const [leadRows, viewRows, closeRows, activityRows] = lists.map((list) =>
    list.slice(0, PERSON_EXPORT_ROWS).map(withNumberIds),
  );
  return { email, leads: leadRows!, views: viewRows!, closes: closeRows!, store_activity: activityRows!, truncated };
}

// pg answers BIGINT as text, PGlite as a number: every id goes out as a number.
function withNumberIds(row: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...row };
  for (const key of ['id', 'poptin_view_id'])
    if (copy[key] !== null && copy[key] !== undefined) copy[key] = Number(copy[key]);
  return copy;
}

/**
 * Deletes one person's data (see PersonData) in one transaction (their leads' pending deliveries with them), logs who
 * did it, when, and how many rows, and keeps the hashes of the erased leads' idempotency keys.
 */
export async function erasePerson(
  db: Database,
  hashes: ErasureHashes,
  clientId: string,
  email: string,
  erasedBy: string,
): Promise<Erasure> {
  const emailHash = await hashes.ofEmail(clientId, email);
  return db.transaction(async (tx) => {
    const params = [clientId, email];
    // The views first: some are found through the leads.
    const [views] = await tx.query<{ count: number }>(
      `WITH gone AS (DELETE ${VIEWS} RETURNING 1) SELECT count(*)::int AS count FROM gone`,
      params,
    );
    const leadKeys = await tx.query<{ idempotency_key: string }>(`DELETE ${LEADS} RETURNING idempotency_key`, params);
    const [closes] = await tx.query<{ count: number }>(
      `WITH gone AS (DELETE ${CLOSES} RETURNING 1) SELECT count(*)::int AS count FROM gone`,
      params,
    );
    const [activity] = await tx.query<{ count: number }>(
      `WITH gone AS (DELETE ${STORE_ACTIVITY} RETURNING 1) SELECT count(*)::int AS count FROM gone`,
      params,
    );
    const counts = {
      leads: leadKeys.length,
      views: views!.count,
      closes: closes!.count,
      store_activity: activity!.count,
    };
    const [logged] = await tx.query<{ id: unknown; created_at: unknown }>(
      `INSERT INTO erasures (client_id, email_hmac, erased_by, leads, views, closes, store_activity) VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id, created_at`,
      [clientId, emailHash, erasedBy, counts.leads, counts.views, counts.closes, counts.store_activity],
    );
    if (leadKeys.length > 0) {
      await tx.query(
        'INSERT INTO erased_lead_keys (key_hmac, erasure_id) SELECT unnest($1::text[]), $2 ON CONFLICT (key_hmac) DO NOTHING',
        [await hashes.ofLeadKeys(leadKeys.map((lead) => lead.idempotency_key)), logged!.id],
      );
    }
    return {
      id: Number(logged!.id),
      erased_by: erasedBy,
      created_at: new Date(
        String(logged!.created_at instanceof Date ? logged!.created_at.toISOString() : logged!.created_at),
      ).toISOString(),
      ...counts,
    };
  });
}

/**
 * The site's erasure log, newest first; with an address, the erasures of that address only. The log keeps the
 * address's keyed hash (db/tombstones.ts), an erasure logged before migration 053 its plain SHA-256.
 */
export async function listErasures(
  db: SqlRunner,
  hashes: ErasureHashes,
  clientId: string,
  email?: string,
): Promise<Erasure[]> {
  const address = email === undefined ? null : [await hashes.ofEmail(clientId, email), sha256(email.toLowerCase())];
  const rows = await db.query<Record<string, unknown>>(
    `SELECT id, erased_by, created_at, leads, views, closes, store_activity FROM erasures
     WHERE client_id = $1 AND ($2::text IS NULL OR email_hmac = $2 OR email_sha256 = $3) ORDER BY id DESC LIMIT 500`,
    [clientId, address?.[0] ?? null, address?.[1] ?? null],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    erased_by: row.erased_by as string,
    created_at: new Date(
      row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
    ).toISOString(),
    leads: Number(row.leads),
    views: Number(row.views),
    closes: Number(row.closes),
    store_activity: Number(row.store_activity),
  }));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
