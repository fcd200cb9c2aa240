// Leads kept only as long as their site allows (docs/privacy.md): once a day a job deletes the leads older than the
// site's months, with their deliveries and delivery logs (ON DELETE CASCADE), empties the personal fields of the
// site's views and closes of that age, logs each site's deletion as an erasure (erased_by "lead retention") and keeps
// the deleted leads' key hashes (db/tombstones.ts), so that a late retry from a visitor's outbox is not stored again.
// Every process looks whether the job is due; the one that moves its next run on runs it, once per deployment.
import type { LeadRetentionMonths } from '../../src/core/api/coupon-contract.ts';
import type { Database } from '../db/database.ts';
import type { ErasureHashes } from '../db/tombstones.ts';
import { repeatEvery } from '../platform/repeat.ts';

const JOB = 'lead-retention';
/** Each process looks this often whether the day's run is due. */
export const DEFAULT_RETENTION_CHECK_MS = 10 * 60_000;
/** The daily run's hour, in UTC: a quiet hour for most sites. */
export const RETENTION_HOUR_UTC = 3;
/** Leads deleted by one statement: a site with many old leads is worked through in short transactions. */
const DELETE_BATCH = 2_000;

/** The first run time after `now`: the next 03:00 UTC. */
export function nextRunAfter(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RETENTION_HOUR_UTC));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export interface RetentionRun {
  /** Per site that lost anything: its leads, and the views and closes whose personal fields were emptied. */
  sites: { clientId: string; leads: number; views: number; closes: number }[];
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export class LeadRetention {
  constructor(
    private readonly db: Database,
    private readonly hashes: ErasureHashes,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Looks every `checkMs` (and soon after the start) whether the job is due, and runs it when this process claims it. */
  start(checkMs: number): () => Promise<void> {
    return repeatEvery(checkMs, () => this.runIfDue(), this.onError, Math.min(checkMs, 5_000));
  }

  /** When the job runs next; the first asking sets it. */
  async nextRunAt(now = new Date()): Promise<Date> {
    await this.db.query(
      'INSERT INTO scheduled_jobs (name, next_run_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [JOB, nextRunAfter(now).toISOString()],
    );
    const [row] = await this.db.query<{ next_run_at: unknown }>(
      'SELECT next_run_at FROM scheduled_jobs WHERE name = $1',
      [JOB],
    );
    return new Date(iso(row!.next_run_at));
  }

  /**
   * Runs the job when it is due and this process is the one that moves its next run on (one UPDATE of one row: of
   * processes that look at once, one changes it, the others then find it not due). Null when not due here.
   */
  async runIfDue(now = new Date()): Promise<RetentionRun | null> {
    await this.nextRunAt(now);
    const claimed = await this.db.query(
      `UPDATE scheduled_jobs SET next_run_at = $2, last_run_at = $3 WHERE name = $1 AND next_run_at <= $3 RETURNING name`,
      [JOB, nextRunAfter(now).toISOString(), now.toISOString()],
    );
    if (claimed.length === 0) return null;
    const run = await this.deleteExpired(now);
    await this.db.query('UPDATE scheduled_jobs SET last_result = $2::jsonb WHERE name = $1', [
      JOB,
      JSON.stringify(run),
    ]);
    return run;
  }

  /** Deletes, on every site that keeps leads for a while, what is older than that at `now`. */
  async deleteExpired(now: Date): Promise<RetentionRun> {
    const sites = await this.db.query<{ client_id: string; lead_retention_months: number }>(
      'SELECT client_id, lead_retention_months FROM clients WHERE lead_retention_months IS NOT NULL ORDER BY client_id',
    );
    const run: RetentionRun = { sites: [] };
    for (const site of sites) {
      const counts = await this.deleteSite(site.client_id, site.lead_retention_months, now);
      if (counts.leads + counts.views + counts.closes > 0) run.sites.push({ clientId: site.client_id, ...counts });
    }
    return run;
  }

  private async deleteSite(clientId: string, months: number, now: Date) {
    const cutoff = `$2::timestamptz - make_interval(months => $3::int)`;
    const params = [clientId, now.toISOString(), months];
    const counts = { leads: 0, views: 0, closes: 0 };
    for (;;) {
      const deleted = await this.db.transaction(async (tx) => {
        const gone = await tx.query<{ idempotency_key: string }>(
          `DELETE FROM conversions WHERE id IN (
             SELECT id FROM conversions WHERE client_id = $1 AND created_at < ${cutoff} ORDER BY id LIMIT $4
           ) RETURNING idempotency_key`,
          [...params, DELETE_BATCH],
        );
        if (gone.length > 0)
          await this.keepTombstones(
            tx,
            clientId,
            months,
            gone.length,
            gone.map((lead) => lead.idempotency_key),
          );
        return gone.length;
      });
      counts.leads += deleted;
      if (deleted < DELETE_BATCH) break;
    }
    // The views and closes stay counted (their roll-ups hold no one's data); what named a person goes.
    const [views] = await this.db.query<{ count: number }>(
      `WITH emptied AS (
         UPDATE views SET converted_email = NULL, store_integration_customer_id = NULL
         WHERE client_id = $1 AND created_at < ${cutoff} AND (converted_email IS NOT NULL OR store_integration_customer_id IS NOT NULL)
         RETURNING 1
       ) SELECT count(*)::int AS count FROM emptied`,
      params,
    );
    const [closes] = await this.db.query<{ count: number }>(
      `WITH emptied AS (
         UPDATE closes SET converted_email = NULL, store_integration_customer_id = NULL
         WHERE client_id = $1 AND created_at < ${cutoff} AND (converted_email IS NOT NULL OR store_integration_customer_id IS NOT NULL)
         RETURNING 1
       ) SELECT count(*)::int AS count FROM emptied`,
      params,
    );
    counts.views = views!.count;
    counts.closes = closes!.count;
    return counts;
  }

  /** The erasure log's row of this batch (no address: a deletion by age) and the hashes of the deleted leads' keys. */
  private async keepTombstones(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    clientId: string,
    months: number,
    leads: number,
    keys: string[],
  ): Promise<void> {
    const [logged] = await tx.query<{ id: unknown }>(
      `INSERT INTO erasures (client_id, erased_by, leads, views, closes, store_activity) VALUES ($1, $2, $3, 0, 0, 0) RETURNING id`,
      [clientId, `lead retention (${months} months)`, leads],
    );
    await tx.query(
      'INSERT INTO erased_lead_keys (key_hmac, erasure_id) SELECT unnest($1::text[]), $2 ON CONFLICT (key_hmac) DO NOTHING',
      [await this.hashes.ofLeadKeys(keys), logged!.id],
    );
  }

  /** A site's setting, when the job runs next and how many leads that run deletes as things stand. */
  async settingsOf(
    clientId: string,
  ): Promise<{ months: LeadRetentionMonths | null; nextRunAt: string; leadsToRemove: number } | null> {
    const nextRunAt = await this.nextRunAt();
    const [row] = await this.db.query<{ months: number | null; leads: number }>(
      `SELECT c.lead_retention_months AS months,
         CASE WHEN c.lead_retention_months IS NULL THEN 0 ELSE (
           SELECT count(*)::int FROM conversions l
           WHERE l.client_id = c.client_id AND l.created_at < $2::timestamptz - make_interval(months => c.lead_retention_months)
         ) END AS leads
       FROM clients c WHERE c.client_id = $1`,
      [clientId, nextRunAt.toISOString()],
    );
    if (!row) return null;
    return {
      months: (row.months as LeadRetentionMonths | null) ?? null,
      nextRunAt: nextRunAt.toISOString(),
      leadsToRemove: Number(row.leads),
    };
  }

  /** Sets how many months a site keeps its leads (null: for ever); false when there is no such site. */
  async setMonths(clientId: string, months: LeadRetentionMonths | null): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE clients SET lead_retention_months = $2, updated_at = now() WHERE client_id = $1 RETURNING client_id',
      [clientId, months],
    );
    return rows.length > 0;
  }
}
