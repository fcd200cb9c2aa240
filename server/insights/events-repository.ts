// The events aggregate: views, closes and clicks with their roll-ups, the monthly partitions and what retention
// drops, and the totals read from them.
import type { Database } from '../db/database.ts';
import { ERASED_LEAD_KEY_DAYS } from '../db/tombstones.ts';
import type { Device, PopupStats } from './contract.ts';

export interface ViewInput {
  poptin_id: string;
  client_id: string;
  idempotency_key?: string;
  viewer_id?: string;
  trigger?: string;
  type?: string;
  url?: string;
  store_integration?: string;
  store_integration_customer_id?: string;
  converted_email?: string;
  /** 'desktop', 'mobile', 'tablet' or 'unknown' (see deviceOf). */
  device?: Device;
  /** When it happened (ISO 8601), for events loaded from elsewhere; now when absent. */
  created_at?: string;
}

export interface CloseInput {
  poptin_id: string;
  client_id: string;
  idempotency_key?: string;
  url?: string;
  converted_email?: string;
  store_integration?: string;
  store_integration_customer_id?: string;
  device?: Device;
  /** When it happened (ISO 8601), for events loaded from elsewhere; now when absent. */
  created_at?: string;
}

/** A choice button's answer that ended a showing with no lead to carry it (ChoiceRequest). */
export interface ChoiceInput {
  poptin_id: string;
  client_id: string;
  question: string;
  answer: string;
  idempotency_key: string;
}

/** A pop-up's distinct answers counted a day at most: a page cannot fill the roll-up with made-up ones. */
export const CHOICE_ANSWERS_PER_DAY = 50;

/** A click on a click-to-open link, asked for with the click-display call (widget §7). */
export interface ClickInput {
  poptin_id: string;
  client_id: string;
  url: string | null;
  /** Whether the pop-up's rules let this page view show it. */
  shown: boolean;
}

export interface EventOptions {
  /** Raw views and closes are dropped, a month at a time, once older than this; the daily roll-ups stay. */
  eventRetentionDays?: number;
}

/** How long raw views and closes are kept when the server is not told otherwise. */
export const DEFAULT_EVENT_RETENTION_DAYS = 400;

/** Hourly roll-ups serve the last 48 hours; a fortnight leaves room for a chosen range near now. */
const HOURLY_ROLLUP_DAYS = 14;

const DAY_MS = 86_400_000;

/**
 * Adds the stored leads' counts to the roll-ups (by day and device, by day and page, by hour and device), in the statement that stores
 * them (views and closes are folded in batches instead, see pendingRollupCte): `source` names a CTE with client_id, poptin_id, device, url and created_at of the stored rows (none for a repeat); `count`
 * is what each adds (an expression over the CTE's columns). Rows of one statement that fall on the same roll-up row are summed
 * first (a batch of leads, lead-batches.ts): an upsert may change a row only once.
 *
 * A day is the site's own (its IANA time_zone, UTC when it has none), taken when the event is counted: a report of
 * local days then reads as few rows as one of UTC days did, and a day of 23 or 25 hours, or a zone half an hour off
 * UTC, is whatever the zone's calendar says. The hour roll-up stays in UTC instants, which any zone can show.
 */
export function rollupCtes(source: string, column: 'views' | 'closes' | 'conversions', count = '1'): string {
  const localDay = `(counted.created_at AT TIME ZONE COALESCE((SELECT time_zone FROM clients WHERE clients.client_id = counted.client_id), 'UTC'))::date`;
  return `daily AS (
      INSERT INTO stats_daily (client_id, day, poptin_id, device, ${column})
      SELECT client_id, ${localDay}, poptin_id, device, sum(${count}) FROM ${source} counted GROUP BY 1, 2, 3, 4
      ON CONFLICT (client_id, day, poptin_id, device) DO UPDATE SET ${column} = stats_daily.${column} + EXCLUDED.${column}
    ), daily_pages AS (
      INSERT INTO stats_daily_pages (client_id, day, poptin_id, page, ${column})
      SELECT client_id, ${localDay}, poptin_id, poptin_page(url), sum(${count}) FROM ${source} counted GROUP BY 1, 2, 3, 4
      ON CONFLICT (client_id, day, poptin_id, page) DO UPDATE SET ${column} = stats_daily_pages.${column} + EXCLUDED.${column}
    ), hourly AS (
      INSERT INTO stats_hourly (client_id, hour, poptin_id, device, ${column})
      SELECT client_id, date_trunc('hour', created_at), poptin_id, device, sum(${count}) FROM ${source}
      WHERE created_at > now() - interval '${HOURLY_ROLLUP_DAYS} days' GROUP BY 1, 2, 3, 4
      ON CONFLICT (client_id, hour, poptin_id, device) DO UPDATE SET ${column} = stats_hourly.${column} + EXCLUDED.${column}
    )`;
}

/**
 * Queues the stored views or closes for the roll-ups, in the statement that stores them: `source` names a CTE with
 * client_id, poptin_id, device, url and created_at of the stored rows (none for a repeat). The event's day is the
 * site's (rollupCtes), taken now; EventRepository.foldRollups adds the queued rows to the roll-ups a few seconds later.
 */
function pendingRollupCte(source: string, column: 'views' | 'closes'): string {
  return `pending AS (
      INSERT INTO pending_rollups (client_id, poptin_id, device, page, day, created_at, ${column})
      SELECT client_id, poptin_id, device, poptin_page(url),
        (created_at AT TIME ZONE COALESCE((SELECT time_zone FROM clients WHERE clients.client_id = counted.client_id), 'UTC'))::date,
        created_at, 1
      FROM ${source} counted
    )`;
}

/** Queued events folded by one statement: a backlog is worked through in short transactions. */
const FOLD_BATCH = 20_000;

/**
 * Takes up to $1 of the queued events, oldest first, deletes them and adds their counts to the roll-ups, in one
 * statement: a batch is counted exactly when it is deleted, so a crash before the commit leaves it queued for the
 * next fold. A row whose transaction commits after a fold began is not visible to it and waits for the next one, so
 * no watermark can pass it by. The rows to change are sorted by key, as locks taken in one order do not deadlock.
 */
const FOLD_SQL = `WITH batch AS (
    DELETE FROM pending_rollups WHERE id IN (SELECT id FROM pending_rollups ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
    RETURNING client_id, poptin_id, device, page, day, created_at, views, closes
  ), daily AS (
    INSERT INTO stats_daily (client_id, day, poptin_id, device, views, closes)
    SELECT client_id, day, poptin_id, device, sum(views), sum(closes) FROM batch GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (client_id, day, poptin_id, device) DO UPDATE
      SET views = stats_daily.views + EXCLUDED.views, closes = stats_daily.closes + EXCLUDED.closes
  ), daily_pages AS (
    INSERT INTO stats_daily_pages (client_id, day, poptin_id, page, views, closes)
    SELECT client_id, day, poptin_id, page, sum(views), sum(closes) FROM batch GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (client_id, day, poptin_id, page) DO UPDATE
      SET views = stats_daily_pages.views + EXCLUDED.views, closes = stats_daily_pages.closes + EXCLUDED.closes
  ), hourly AS (
    INSERT INTO stats_hourly (client_id, hour, poptin_id, device, views, closes)
    SELECT client_id, date_trunc('hour', created_at), poptin_id, device, sum(views), sum(closes) FROM batch
    WHERE created_at > now() - interval '${HOURLY_ROLLUP_DAYS} days' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (client_id, hour, poptin_id, device) DO UPDATE
      SET views = stats_hourly.views + EXCLUDED.views, closes = stats_hourly.closes + EXCLUDED.closes
  )
  SELECT count(*)::int AS count FROM batch`;

/** The queued answers of choice steps (pending_choice_rollups, migration 075), folded as the views and closes are. */
const FOLD_CHOICES_SQL = `WITH batch AS (
    DELETE FROM pending_choice_rollups WHERE id IN (SELECT id FROM pending_choice_rollups ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
    RETURNING client_id, poptin_id, day, question, answer
  ), daily AS (
    INSERT INTO stats_daily_choices (client_id, poptin_id, day, question, answer, choices)
    SELECT client_id, poptin_id, day, question, answer, count(*) FROM batch GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (client_id, poptin_id, day, question, answer) DO UPDATE SET choices = stats_daily_choices.choices + EXCLUDED.choices
  )
  SELECT count(*)::int AS count FROM batch`;

/** How often each server process folds the queued views and closes into the roll-ups when not told otherwise. */
export const DEFAULT_ROLLUP_FOLD_MS = 2_000;

// Any constants work; they only have to be the same in every server process sharing one PostgreSQL.
const EVENT_MAINTENANCE_LOCK_KEY = 7_460_392;
export const ROLLUP_FOLD_LOCK_KEY = 7_460_393;

/** Views, closes, clicks and their roll-ups, in SQL that runs unchanged on PGlite and PostgreSQL. */
export class EventRepository {
  private readonly eventRetentionDays: number;

  constructor(
    readonly db: Database,
    options: EventOptions = {},
  ) {
    this.eventRetentionDays = options.eventRetentionDays ?? DEFAULT_EVENT_RETENTION_DAYS;
  }

  /**
   * Every view the client's pop-ups have had, from the daily roll-ups and the views not folded into them yet: the
   * display call asks on each page view of a site with a view limit, and counting millions of raw views there would
   * take seconds. The roll-ups also keep the views that retention has dropped.
   */
  async countClientViews(clientId: string): Promise<number> {
    const rows = await this.db.query<{ views: number }>(
      'SELECT COALESCE(sum(views), 0)::int AS views FROM stats_daily_live WHERE client_id = $1',
      [clientId],
    );
    return rows[0]?.views ?? 0;
  }

  /**
   * Stores a view once per idempotency key (when it has one) and returns its id, the first one's for a repeat.
   * The same statement queues it for the roll-ups (foldRollups), which the stats read together with the queue.
   */
  async recordView(view: ViewInput): Promise<number> {
    await this.maintainEventsDaily();
    const key = view.idempotency_key ?? null;
    const rows = await this.db.query<{ id: unknown }>(
      `WITH key AS (
         INSERT INTO event_keys (kind, idempotency_key, event_id) SELECT 'view', $10::text, nextval('view_ids') WHERE $10::text IS NOT NULL
         ON CONFLICT (kind, idempotency_key) DO NOTHING RETURNING event_id
       ), stored AS (
         INSERT INTO views (id, poptin_id, client_id, viewer_id, trigger, type, url, store_integration, store_integration_customer_id, converted_email, idempotency_key, device, created_at)
         SELECT COALESCE((SELECT event_id FROM key), nextval('view_ids')), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12::timestamptz, now())
         WHERE $10::text IS NULL OR EXISTS (SELECT 1 FROM key)
         RETURNING id, client_id, poptin_id, device, url, created_at
       ), ${pendingRollupCte('stored', 'views')}
       SELECT id FROM stored`,
      [
        view.poptin_id,
        view.client_id,
        view.viewer_id ?? null,
        view.trigger ?? null,
        view.type ?? null,
        view.url ?? null,
        view.store_integration ?? null,
        view.store_integration_customer_id ?? null,
        view.converted_email ?? null,
        key,
        view.device ?? 'unknown',
        view.created_at ?? null,
      ],
    );
    if (rows[0]) return Number(rows[0].id);
    const [first] = await this.db.query<{ event_id: unknown }>(
      "SELECT event_id FROM event_keys WHERE kind = 'view' AND idempotency_key = $1",
      [key],
    );
    return Number(first!.event_id);
  }

  async recordClick(click: ClickInput): Promise<void> {
    await this.db.query('INSERT INTO clicks (poptin_id, client_id, url, shown) VALUES ($1, $2, $3, $4)', [
      click.poptin_id,
      click.client_id,
      click.url,
      click.shown,
    ]);
  }

  async recordClose(close: CloseInput): Promise<void> {
    await this.maintainEventsDaily();
    await this.db.query(
      `WITH key AS (
         INSERT INTO event_keys (kind, idempotency_key, event_id) SELECT 'close', $7::text, nextval('close_ids') WHERE $7::text IS NOT NULL
         ON CONFLICT (kind, idempotency_key) DO NOTHING RETURNING event_id
       ), stored AS (
         INSERT INTO closes (id, poptin_id, client_id, url, converted_email, store_integration, store_integration_customer_id, idempotency_key, device, created_at)
         SELECT COALESCE((SELECT event_id FROM key), nextval('close_ids')), $1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9::timestamptz, now())
         WHERE $7::text IS NULL OR EXISTS (SELECT 1 FROM key)
         RETURNING client_id, poptin_id, device, url, created_at
       ), ${pendingRollupCte('stored', 'closes')}
       SELECT 1`,
      [
        close.poptin_id,
        close.client_id,
        close.url ?? null,
        close.converted_email ?? null,
        close.store_integration ?? null,
        close.store_integration_customer_id ?? null,
        close.idempotency_key ?? null,
        close.device ?? 'unknown',
        close.created_at ?? null,
      ],
    );
  }

  /**
   * Queues a choice's answer for its pop-up's daily roll-up, once per idempotency key (a retried beacon counts once).
   * 'full' when the pop-up has CHOICE_ANSWERS_PER_DAY other answers that day already: nothing is stored.
   */
  async recordChoice(choice: ChoiceInput): Promise<'counted' | 'full'> {
    const rows = await this.db.query<{ full: boolean }>(
      `WITH day AS (
         SELECT (now() AT TIME ZONE COALESCE((SELECT time_zone FROM clients WHERE client_id = $1), 'UTC'))::date AS day
       ), known AS (
         SELECT count(*) FILTER (WHERE question = $3 AND answer = $4) > 0 AS same, count(*) AS answers
         FROM (SELECT DISTINCT question, answer FROM stats_daily_choices_live l, day
               WHERE l.client_id = $1 AND l.poptin_id = $2 AND l.day = day.day) distinct_answers
       ), allowed AS (
         SELECT same OR answers < ${CHOICE_ANSWERS_PER_DAY} AS ok FROM known
       ), key AS (
         INSERT INTO event_keys (kind, idempotency_key, event_id) SELECT 'choice', $5, 0 FROM allowed WHERE ok
         ON CONFLICT (kind, idempotency_key) DO NOTHING RETURNING 1
       ), queued AS (
         INSERT INTO pending_choice_rollups (client_id, poptin_id, day, question, answer)
         SELECT $1, $2, day.day, $3, $4 FROM day WHERE EXISTS (SELECT 1 FROM key)
       )
       SELECT NOT ok AS full FROM allowed`,
      [choice.client_id, choice.poptin_id, choice.question, choice.answer, choice.idempotency_key],
    );
    return rows[0]?.full ? 'full' : 'counted';
  }

  /**
   * Adds the queued views and closes to the roll-ups, a batch per transaction until the queue is empty, and answers
   * how many it added. One process folds at a time (an advisory lock, so that two folds do not wait on each other's
   * roll-up rows): `wait` false returns at once when another is folding, as the timer does; true waits for it, for
   * a caller that needs the roll-ups complete.
   */
  async foldRollups({ wait = true } = {}): Promise<number> {
    let folded = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        if (wait) await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLLUP_FOLD_LOCK_KEY]);
        else {
          const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
            ROLLUP_FOLD_LOCK_KEY,
          ]);
          if (!lock?.locked) return null;
        }
        const [row] = await tx.query<{ count: number }>(FOLD_SQL, [FOLD_BATCH]);
        const [choices] = await tx.query<{ count: number }>(FOLD_CHOICES_SQL, [FOLD_BATCH]);
        return [Number(row?.count ?? 0), Number(choices?.count ?? 0)] as const;
      });
      if (batch === null) return folded;
      // The views and closes are what it answers; the answers of choice steps are folded alongside.
      folded += batch[0];
      if (Math.max(...batch) < FOLD_BATCH) return folded;
    }
  }

  /** Folds the queued events every `everyMs` until the answer is called, which waits for a fold under way. */
  foldRollupsEvery(everyMs: number, onError: (error: unknown) => void): () => Promise<void> {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      running ??= this.foldRollups({ wait: false })
        .catch(onError)
        .finally(() => {
          running = null;
        });
    }, everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  private maintainedDay = -1;
  private maintaining: Promise<void> | null = null;

  /** Once a UTC day per process: the partitions for the coming months exist, and what retention ends is gone. */
  private async maintainEventsDaily(): Promise<void> {
    const today = Math.floor(Date.now() / DAY_MS);
    if (this.maintainedDay === today) return;
    this.maintaining ??= this.maintainEvents().then(
      () => {
        this.maintainedDay = today;
        this.maintaining = null;
      },
      (error: unknown) => {
        this.maintaining = null;
        throw error;
      },
    );
    await this.maintaining;
  }

  /**
   * Creates the monthly partitions of views and closes from this month through two months ahead, drops the
   * months that ended more than the retention ago, and forgets the idempotency keys, erased leads' keys
   * (tombstones.ts) and hourly roll-ups past their use. Answers how many partitions were dropped.
   */
  async maintainEvents(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.eventRetentionDays * DAY_MS);
    return this.db.transaction(async (tx) => {
      // Processes sharing one PostgreSQL would otherwise race to create the same partition.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [EVENT_MAINTENANCE_LOCK_KEY]);
      await tx.query(`SELECT poptin_ensure_event_partitions($1::date, ($1::date + interval '2 months')::date)`, [
        now.toISOString().slice(0, 10),
      ]);
      const [dropped] = await tx.query<{ count: number }>(
        'SELECT poptin_drop_event_partitions($1::timestamptz) AS count',
        [cutoff.toISOString()],
      );
      await tx.query('DELETE FROM event_keys WHERE created_at < $1::timestamptz', [cutoff.toISOString()]);
      await tx.query(
        `DELETE FROM erased_lead_keys WHERE created_at < $1::timestamptz - interval '${ERASED_LEAD_KEY_DAYS} days'`,
        [now.toISOString()],
      );
      await tx.query(`DELETE FROM stats_hourly WHERE hour < $1::timestamptz - interval '${HOURLY_ROLLUP_DAYS} days'`, [
        now.toISOString(),
      ]);
      return Number(dropped?.count ?? 0);
    });
  }

  /**
   * Totals per pop-up since it began: views and closes from the daily roll-ups and the queue, leads (far fewer) from
   * their table.
   */
  async popupStats(clientId: string): Promise<PopupStats[]> {
    const rows = await this.db.query<Omit<PopupStats, 'conversion_rate'>>(
      `SELECT p.poptin_id, COALESCE(p.config->>'poptin_name', '') AS poptin_name, p.ab_test_parent_id,
         (SELECT COALESCE(sum(views), 0)::int FROM stats_daily_live s WHERE s.client_id = $1 AND s.poptin_id = p.poptin_id) AS views,
         (SELECT COALESCE(sum(closes), 0)::int FROM stats_daily_live s WHERE s.client_id = $1 AND s.poptin_id = p.poptin_id) AS closes,
         (SELECT count(*)::int FROM conversions l WHERE l.poptin_id = p.poptin_id AND l.spam_reason IS NULL) AS conversions,
         (SELECT count(*)::int FROM conversions l WHERE l.poptin_id = p.poptin_id AND l.spam_reason IS NOT NULL) AS spam_conversions
       FROM popups p WHERE p.client_id = $1 ORDER BY p.created_at, p.added_order`,
      [clientId],
    );
    return rows.map((row) => ({
      ...row,
      conversion_rate: row.views > 0 ? Math.round((row.conversions / row.views) * 10_000) / 10_000 : 0,
    }));
  }

  async recordLimitLog(clientId: string, status: string | null, upgradeId: string | null): Promise<void> {
    await this.db.query('INSERT INTO limit_logs (client_id, status, upgrade_id) VALUES ($1, $2, $3)', [
      clientId,
      status,
      upgradeId,
    ]);
  }
}
