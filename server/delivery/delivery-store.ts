// Every query of lead delivery, in SQL that runs unchanged on PGlite and PostgreSQL.
import type {
  Delivery,
  DeliveryStatus,
  Destination,
  DestinationFields,
  DestinationKind,
  DestinationSettings,
} from '../../src/core/api/delivery-contract.ts';
import type { ConsentRecord } from '../../src/core/api/insights-contract.ts';
import type { SqlRunner } from '../db/database.ts';
import type { Attempt, Outcome } from './outcome.ts';
import { releaseResentDeliveries } from './queue.ts';

/** A lead as destinations receive it. */
export interface LeadForDelivery {
  id: number;
  createdAt: string;
  clientId: string;
  poptinId: string;
  email: string | null;
  name: string | null;
  phone: string | null;
  url: string | null;
  fields: Record<string, unknown>;
  /** What the visitor agreed to, when the form had a consent box (server/visitor-email/consent.ts). */
  consent?: ConsentRecord | null;
}

/** A daily digest sends the day's leads in one e-mail: this many at most. */
export const DIGEST_RUN_LENGTH = 500;

/**
 * The deliveries one claim takes at most, beyond its first send (a digest, a batch): a claim's statement is short
 * even with batches of 1,000 waiting, so that on PGlite the visitors' lead writes between claims wait little.
 */
export const CLAIM_ROWS = 1_000;

/** A delivery a worker holds the lease of, with what it needs to send it. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  ageMs: number;
  /** The deliveries claimed with one key go in one send: a daily digest's day, a vendor's batch call. */
  sendKey: string;
  destination: {
    id: number;
    clientId: string;
    kind: DestinationKind;
    settings: Record<string, unknown>;
    fieldMap: Record<string, string>;
    sealedSecret: string | null;
  };
  lead: LeadForDelivery;
}

/** One try of a claimed delivery, as the worker recorded it. */
export interface TriedDelivery {
  id: number;
  attempt: Attempt;
  outcome: Outcome;
  durationMs: number;
}

/** Why a try was not delivered, in words (null when it was). */
export function problemOf({ attempt, outcome }: TriedDelivery): string | null {
  if (outcome.kind === 'delivered') return null;
  if (outcome.kind === 'failed') return outcome.reason;
  return attempt.kind === 'answered' ? `answered ${attempt.statusCode}` : 'error' in attempt ? attempt.error : null;
}

const iso = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : new Date(String(value)).toISOString();

const DESTINATION_COLUMNS = `d.id, d.client_id, d.kind, d.name, d.enabled, d.settings, d.field_map, d.sealed_secret IS NOT NULL AS has_secret, d.created_at, d.updated_at,
  d.last_success_at, d.last_failure_at, d.last_error, d.failing_since,
  (SELECT count(*)::int FROM deliveries x WHERE x.destination_id = d.id AND x.status = 'pending') AS pending,
  (SELECT count(*)::int FROM deliveries x WHERE x.destination_id = d.id AND x.status = 'failed') AS failed,
  (SELECT count(*)::int FROM deliveries x WHERE x.destination_id = d.id AND x.status = 'delivered'
     AND x.finished_at >= now() - interval '7 days') AS delivered_this_week`;

function toDestination(row: Record<string, unknown>): Destination {
  return {
    id: Number(row.id),
    clientId: row.client_id as string,
    kind: row.kind as DestinationKind,
    name: row.name as string,
    enabled: row.enabled as boolean,
    settings: row.settings as DestinationSettings,
    fieldMap: row.field_map as Record<string, string>,
    hasSecret: row.has_secret as boolean,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    pending: Number(row.pending),
    failed: Number(row.failed),
    deliveredThisWeek: Number(row.delivered_this_week),
    lastSuccessAt: iso(row.last_success_at),
    lastFailureAt: iso(row.last_failure_at),
    lastError: (row.last_error as string | null) ?? null,
    failingSince: iso(row.failing_since),
  };
}

/** A kind of destination whose backlog goes in its vendor's batch call (adapters/adapter.ts, BatchCall). */
export interface BatchingKind {
  kind: string;
  max: number;
  optIn?: string;
  unlessSet?: readonly string[];
}

/**
 * Whether a delivery may go in a batch: not when its last try was refused, by a 4xx other than 408 and 429 (the
 * lead's own doing, or its batch's): it is tried alone.
 */
const BATCHABLE = (d: string) =>
  `(${d}.last_status_code IS NULL OR ${d}.last_status_code >= 500 OR ${d}.last_status_code IN (408, 429))`;

/** A destination whose leads go out once a day, in one e-mail (`t` is the destination). */
const DIGEST = "(t.kind = 'email' AND t.settings ->> 'digest' = 'daily')";

const DELIVERY_COLUMNS =
  'id, destination_id, conversion_id, status, attempts, next_attempt_at, last_status_code, last_error, last_response, created_at, finished_at';

function toDelivery(row: Record<string, unknown>): Delivery {
  return {
    id: Number(row.id),
    destinationId: Number(row.destination_id),
    leadId: Number(row.conversion_id),
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error as string | null,
    lastResponse: row.last_response as string | null,
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
  };
}

export function toLeadForDelivery(row: Record<string, unknown>): LeadForDelivery {
  return {
    id: Number(row.id),
    createdAt: iso(row.created_at)!,
    clientId: row.client_id as string,
    poptinId: row.poptin_id as string,
    email: row.email as string | null,
    name: row.name as string | null,
    phone: row.phone as string | null,
    url: row.url as string | null,
    fields: row.fields as Record<string, unknown>,
    consent: row.consent
      ? { ...(row.consent as Omit<ConsentRecord, 'confirmed_at'>), confirmed_at: iso(row.confirmed_at) }
      : null,
  };
}

export class DeliveryStore {
  constructor(private readonly db: SqlRunner) {}

  async siteExists(clientId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM clients WHERE client_id = $1', [clientId])).length > 0;
  }

  async listDestinations(clientId: string): Promise<Destination[]> {
    const rows = await this.db.query(
      `SELECT ${DESTINATION_COLUMNS} FROM destinations d WHERE d.client_id = $1 ORDER BY d.id`,
      [clientId],
    );
    return rows.map(toDestination);
  }

  async findDestination(clientId: string, id: number): Promise<Destination | null> {
    const rows = await this.db.query(
      `SELECT ${DESTINATION_COLUMNS} FROM destinations d WHERE d.client_id = $1 AND d.id = $2::bigint`,
      [clientId, id],
    );
    return rows[0] ? toDestination(rows[0]) : null;
  }

  async sealedSecretOf(clientId: string, id: number): Promise<string | null> {
    const rows = await this.db.query<{ sealed_secret: string | null }>(
      'SELECT sealed_secret FROM destinations WHERE client_id = $1 AND id = $2::bigint',
      [clientId, id],
    );
    return rows[0]?.sealed_secret ?? null;
  }

  async createDestination(
    clientId: string,
    input: DestinationFields,
    sealedSecret: string | null,
  ): Promise<Destination> {
    const [row] = await this.db.query<{ id: unknown }>(
      `INSERT INTO destinations (client_id, kind, name, enabled, settings, field_map, sealed_secret) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7) RETURNING id`,
      [
        clientId,
        input.kind,
        input.name,
        input.enabled,
        JSON.stringify(input.settings),
        JSON.stringify(input.fieldMap),
        sealedSecret,
      ],
    );
    return (await this.findDestination(clientId, Number(row!.id)))!;
  }

  async updateDestination(
    clientId: string,
    id: number,
    changes: Partial<Omit<DestinationFields, 'kind'>>,
    sealedSecret?: string,
  ): Promise<Destination | null> {
    const rows = await this.db.query(
      `UPDATE destinations SET name = COALESCE($3, name), enabled = COALESCE($4, enabled), settings = COALESCE($5::jsonb, settings),
         field_map = COALESCE($6::jsonb, field_map), sealed_secret = COALESCE($7, sealed_secret), updated_at = now()
       WHERE client_id = $1 AND id = $2::bigint RETURNING id`,
      [
        clientId,
        id,
        changes.name ?? null,
        changes.enabled ?? null,
        changes.settings ? JSON.stringify(changes.settings) : null,
        changes.fieldMap ? JSON.stringify(changes.fieldMap) : null,
        sealedSecret ?? null,
      ],
    );
    return rows[0] ? this.findDestination(clientId, id) : null;
  }

  /** Keeps credentials the vendor renewed (a rotated refresh token), sealed, without touching anything else. */
  async replaceSealedSecret(id: number, sealedSecret: string): Promise<void> {
    await this.db.query('UPDATE destinations SET sealed_secret = $2 WHERE id = $1::bigint', [id, sealedSecret]);
  }

  async deleteDestination(clientId: string, id: number): Promise<boolean> {
    return (
      (
        await this.db.query('DELETE FROM destinations WHERE client_id = $1 AND id = $2::bigint RETURNING id', [
          clientId,
          id,
        ])
      ).length > 0
    );
  }

  /**
   * Takes up to `sends` due deliveries for `leaseMs`, in one statement, soonest due first, of each enabled
   * destination no more than it has room for: `perDestination` in flight at once, counting the ones other workers
   * hold. A daily digest is one send of its day's deliveries (`digestRunLength` at most), taken only when none of
   * them is in flight. A destination whose kind has a batch call (`batching`) takes its backlog in batches of up to
   * the call's `max`, `perDestination` batches' worth of leads in flight; a lead whose last try was refused (a 4xx,
   * its own or its batch's) goes alone, so that it holds back no batch again. There is no order between a
   * destination's deliveries: each is retried on its own schedule, so one that keeps failing holds back no other.
   * SKIP LOCKED lets workers of several processes claim at once without waiting for each other, and the lease keeps
   * a delivery the worker's while it sends, outside any transaction, for as long as the worker renews it (`renew`).
   * A delivery's first claim starts its window of tries. Each delivery comes with its send's key: the deliveries of
   * one key go in one send. Past the first send, a claim takes no more than `claimRows` deliveries.
   */
  async claim(
    leaseToken: string,
    leaseMs: number,
    sends: number,
    perDestination = 4,
    digestRunLength = DIGEST_RUN_LENGTH,
    batching: readonly BatchingKind[] = [],
    claimRows = CLAIM_ROWS,
  ): Promise<ClaimedDelivery[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `WITH batching AS MATERIALIZED (
         SELECT * FROM unnest($6::text[], $7::int[], $8::text[], $9::text[]) AS b (kind, max, opt_in, unless_set)
       ), candidates AS MATERIALIZED (
         SELECT due.id, due.next_attempt_at, due.batchable, t.id AS destination_id, busy.alone,
           CASE WHEN ${DIGEST} THEN 'd' || t.id
             WHEN due.batchable THEN 'b' || t.id || '.' || ((row_number() OVER (PARTITION BY t.id, due.batchable ORDER BY due.next_attempt_at, due.id) - 1) / size.max)
             ELSE 'l' || due.id END AS send_key,
           row_number() OVER (PARTITION BY t.id, due.batchable ORDER BY due.next_attempt_at, due.id) AS nth
         FROM destinations t
         CROSS JOIN LATERAL (
           SELECT COALESCE(max(b.max), 1) AS max FROM batching b
           WHERE b.kind = t.kind AND (b.opt_in = '' OR t.settings ->> b.opt_in = 'true')
             AND NOT EXISTS (SELECT 1 FROM unnest(string_to_array(b.unless_set, ',')) AS u (name)
               WHERE COALESCE(t.settings ->> u.name, '') NOT IN ('', 'false', '[]'))
         ) size
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS sending, (count(*) FILTER (WHERE NOT (size.max > 1 AND ${BATCHABLE('b')})))::int AS alone FROM deliveries b
           WHERE b.destination_id = t.id AND b.status = 'pending' AND b.lease_token IS NOT NULL AND b.lease_until >= now()
         ) busy
         CROSS JOIN LATERAL (
           SELECT e.id, e.next_attempt_at, size.max > 1 AND ${BATCHABLE('e')} AS batchable FROM deliveries e
           WHERE e.destination_id = t.id AND e.status = 'pending' AND e.next_attempt_at <= now()
             AND (e.lease_until IS NULL OR e.lease_until < now())
           ORDER BY e.next_attempt_at, e.id
           LIMIT CASE WHEN ${DIGEST} THEN CASE WHEN busy.sending = 0 THEN $5::int ELSE 0 END ELSE LEAST(GREATEST($4::int * size.max - busy.sending, 0), $10::int) END
         ) due
         WHERE t.enabled
       ), ranked AS MATERIALIZED (
         SELECT id, send_key, turn, count(*) OVER (ORDER BY turn) AS rows_through
         FROM (
           SELECT id, send_key, dense_rank() OVER (ORDER BY first_due, send_key) AS turn
           FROM (SELECT id, send_key, min(next_attempt_at) OVER (PARTITION BY send_key) AS first_due FROM candidates
                 WHERE batchable OR send_key LIKE 'd%' OR nth <= GREATEST($4::int - alone, 0)) keyed
         ) turns
       ), locked AS MATERIALIZED (
         SELECT d.id FROM deliveries d JOIN ranked r ON r.id = d.id
         WHERE r.turn <= $3 AND (r.turn = 1 OR r.rows_through <= $10) AND d.status = 'pending' AND d.next_attempt_at <= now() AND (d.lease_until IS NULL OR d.lease_until < now())
         FOR UPDATE OF d SKIP LOCKED
       ), claimed AS (
         UPDATE deliveries d SET lease_token = $1, lease_until = now() + make_interval(secs => $2::double precision),
           attempts = d.attempts + 1, window_started_at = COALESCE(d.window_started_at, now())
         FROM locked WHERE d.id = locked.id
         RETURNING d.id, d.attempts, d.window_started_at, d.destination_id, d.conversion_id
       )
       SELECT d.id AS delivery_id, d.attempts, EXTRACT(EPOCH FROM (now() - d.window_started_at)) * 1000 AS age_ms, r.send_key,
         t.id AS destination_id, t.client_id AS destination_client_id, t.kind, t.settings, t.field_map, t.sealed_secret,
         c.id, c.created_at, c.client_id, c.poptin_id, c.email, c.name, c.phone, c.url, c.fields, c.consent, c.confirmed_at
       FROM claimed d JOIN ranked r ON r.id = d.id JOIN destinations t ON t.id = d.destination_id JOIN conversions c ON c.id = d.conversion_id
       ORDER BY d.destination_id, d.id`,
      [
        leaseToken,
        leaseMs / 1000,
        sends,
        perDestination,
        digestRunLength,
        batching.map((entry) => entry.kind),
        batching.map((entry) => entry.max),
        batching.map((entry) => entry.optIn ?? ''),
        batching.map((entry) => (entry.unlessSet ?? []).join(',')),
        claimRows,
      ],
    );
    return rows.map((row) => ({
      id: Number(row.delivery_id),
      attempts: Number(row.attempts),
      ageMs: Number(row.age_ms),
      sendKey: row.send_key as string,
      destination: {
        id: Number(row.destination_id),
        clientId: row.destination_client_id as string,
        kind: row.kind as DestinationKind,
        settings: row.settings as Record<string, unknown>,
        fieldMap: row.field_map as Record<string, string>,
        sealedSecret: row.sealed_secret as string | null,
      },
      lead: toLeadForDelivery(row),
    }));
  }

  /**
   * Keeps the worker's claims for another `leaseMs`: a live worker renews what it is sending, so its lease can be
   * short and a dead worker's deliveries are taken over within seconds. Answers the ids still held.
   */
  async renew(leaseToken: string, leaseMs: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.query<{ id: unknown }>(
      `UPDATE deliveries SET lease_until = now() + make_interval(secs => $2::double precision)
       WHERE id = ANY ($3::bigint[]) AND lease_token = $1 AND status = 'pending' RETURNING id`,
      [leaseToken, leaseMs / 1000, [...ids]],
    );
    return new Set(rows.map((row) => Number(row.id)));
  }

  /**
   * Records a try and its outcome, if the worker still holds the lease (answers false otherwise: the lease ran
   * out and another worker took the delivery over).
   */
  async finish(
    id: number,
    leaseToken: string,
    attempt: Attempt,
    outcome: Outcome,
    durationMs: number,
  ): Promise<boolean> {
    return (await this.record(leaseToken, [{ id, attempt, outcome, durationMs }])).has(id);
  }

  /**
   * Records tries and their outcomes in one statement, for the deliveries whose lease the worker still holds, and
   * logs each try. A delivery sent again while its try was in flight (a partial lead made whole) keeps its new
   * state: the try is logged, and the resend, which waited for it, is due. Answers the ids recorded; a missing one's
   * lease ran out and another worker took it over (or the lead was erased meanwhile).
   */
  async record(leaseToken: string, tried: readonly TriedDelivery[]): Promise<Set<number>> {
    if (tried.length === 0) return new Set();
    const column = <Value>(read: (entry: TriedDelivery) => Value) => tried.map(read);
    const rows = await this.db.query<{ id: unknown }>(
      `WITH tried AS (
         SELECT * FROM unnest($2::bigint[], $3::text[], $4::double precision[], $5::int[], $6::text[], $7::text[], $8::text[], $9::int[], $10::text[])
           AS t (id, status, after_secs, status_code, error, response, outcome, duration_ms, problem)
       ), recorded AS (
         UPDATE deliveries d SET status = t.status, next_attempt_at = now() + make_interval(secs => t.after_secs),
           lease_token = NULL, lease_until = NULL, last_status_code = t.status_code, last_error = t.error, last_response = t.response,
           finished_at = CASE WHEN t.status = 'pending' THEN NULL ELSE now() END
         FROM tried t WHERE d.id = ANY ($2::bigint[]) AND d.id = t.id AND d.lease_token = $1 RETURNING d.id, d.destination_id
       ), ${releaseResentDeliveries('tried')}, answered AS (
         SELECT id, destination_id FROM recorded UNION ALL SELECT id, destination_id FROM released
       ), logged AS (
         INSERT INTO delivery_attempts (delivery_id, outcome, status_code, error, response, duration_ms)
         SELECT t.id, t.outcome, t.status_code, t.error, t.response, t.duration_ms FROM tried t JOIN answered USING (id) ORDER BY t.id
       ), health AS (
         UPDATE destinations t SET
           last_success_at = CASE WHEN h.delivered THEN now() ELSE t.last_success_at END,
           last_failure_at = CASE WHEN h.problem IS NOT NULL THEN now() ELSE t.last_failure_at END,
           last_error = COALESCE(h.problem, t.last_error),
           failing_since = CASE WHEN h.delivered THEN NULL ELSE COALESCE(t.failing_since, now()) END
         FROM (
           SELECT r.destination_id, bool_or(t.outcome = 'delivered') AS delivered, max(t.problem) AS problem
           FROM tried t JOIN answered r USING (id)
           GROUP BY r.destination_id
         ) h
         WHERE t.id = h.destination_id
       )
       SELECT id FROM answered`,
      [
        leaseToken,
        column((entry) => entry.id),
        column(({ outcome }) =>
          outcome.kind === 'delivered' ? 'delivered' : outcome.kind === 'failed' ? 'failed' : 'pending',
        ),
        column(({ outcome }) => (outcome.kind === 'retry' ? outcome.afterMs / 1000 : 0)),
        column(({ attempt }) => (attempt.kind === 'answered' ? attempt.statusCode : null)),
        column(({ attempt, outcome }) =>
          outcome.kind === 'failed' ? outcome.reason : attempt.kind === 'network' ? attempt.error : null,
        ),
        column(({ attempt }) =>
          attempt.kind === 'answered'
            ? attempt.body
            : attempt.kind === 'skipped'
              ? `not sent: ${attempt.reason}`
              : null,
        ),
        column(({ outcome }) => outcome.kind),
        column(({ durationMs }) => Math.round(durationMs)),
        column(problemOf),
      ],
    );
    return new Set(rows.map((row) => Number(row.id)));
  }

  /**
   * Takes the day's alert of a destination that failed a delivery for good (`final`) or whose every try has failed
   * for `failingForMs`: answers its name, since when it fails and the e-mail addresses of the site's owners, or null
   * when it is not failing so, or they were told less than a day ago (by any process).
   */
  async takeFailureAlert(
    destinationId: number,
    final: boolean,
    failingForMs: number,
  ): Promise<{ clientId: string; name: string; failingSince: string | null; owners: string[] } | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `UPDATE destinations t SET alerted_at = now()
       WHERE t.id = $1::bigint AND (t.alerted_at IS NULL OR t.alerted_at < now() - interval '1 day')
         AND ($2::boolean OR t.failing_since <= now() - make_interval(secs => $3::double precision))
       RETURNING t.client_id, t.name, t.failing_since,
         ARRAY(SELECT o.email FROM owner_sites s JOIN owners o ON o.id = s.owner_id WHERE s.client_id = t.client_id ORDER BY o.email) AS owners`,
      [destinationId, final, failingForMs / 1000],
    );
    const row = rows[0];
    return row
      ? {
          clientId: row.client_id as string,
          name: row.name as string,
          failingSince: iso(row.failing_since),
          owners: row.owners as string[],
        }
      : null;
  }

  async deliveriesOfLead(clientId: string, leadId: number): Promise<Delivery[] | null> {
    const lead = await this.db.query('SELECT id FROM conversions WHERE client_id = $1 AND id = $2::bigint', [
      clientId,
      leadId,
    ]);
    if (lead.length === 0) return null;
    const rows = await this.db.query(
      `SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE client_id = $1 AND conversion_id = $2::bigint ORDER BY destination_id`,
      [clientId, leadId],
    );
    return rows.map(toDelivery);
  }

  /** A destination's deliveries, newest first, `limit` at most, older than `beforeId` when given. */
  async deliveryLog(
    clientId: string,
    destinationId: number,
    options: { status?: DeliveryStatus; beforeId?: number; limit: number },
  ): Promise<Delivery[]> {
    const rows = await this.db.query(
      `SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE client_id = $1 AND destination_id = $2::bigint
         AND ($3::text IS NULL OR status = $3::text) AND ($4::bigint IS NULL OR id < $4::bigint)
       ORDER BY id DESC LIMIT $5`,
      [clientId, destinationId, options.status ?? null, options.beforeId ?? null, options.limit],
    );
    return rows.map(toDelivery);
  }

  /** Every try of a delivery, oldest first. */
  async attemptsOf(clientId: string, deliveryId: number) {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT a.attempted_at, a.outcome, a.status_code, a.error, a.response, a.duration_ms FROM delivery_attempts a
       JOIN deliveries d ON d.id = a.delivery_id WHERE d.client_id = $1 AND d.id = $2::bigint ORDER BY a.id`,
      [clientId, deliveryId],
    );
    return rows.map((row) => ({
      attemptedAt: iso(row.attempted_at)!,
      outcome: row.outcome as string,
      statusCode: row.status_code === null ? null : Number(row.status_code),
      error: row.error as string | null,
      response: row.response as string | null,
      durationMs: Number(row.duration_ms),
    }));
  }

  /**
   * Puts failed deliveries back in line, due now, with three more days of tries from their next: one (`deliveryId`) or every
   * failed delivery of the destination. Answers how many.
   */
  async retryFailed(clientId: string, destinationId: number, deliveryId?: number): Promise<number> {
    const rows = await this.db.query(
      `UPDATE deliveries SET status = 'pending', next_attempt_at = now(), window_started_at = NULL, finished_at = NULL, attempts = 0
       WHERE client_id = $1 AND destination_id = $2::bigint AND status = 'failed' AND ($3::bigint IS NULL OR id = $3::bigint) RETURNING id`,
      [clientId, destinationId, deliveryId ?? null],
    );
    return rows.length;
  }

  async findDelivery(clientId: string, deliveryId: number): Promise<Delivery | null> {
    const rows = await this.db.query(
      `SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE client_id = $1 AND id = $2::bigint`,
      [clientId, deliveryId],
    );
    return rows[0] ? toDelivery(rows[0]) : null;
  }
}
