import { IMPOSSIBLE_SUBMIT_MS } from '../spam.ts';
import {
  ALL_CLIENTS, CONFIG_CHANNEL, CONVERSION_CHANNEL, ConfigCache, convertedVisitorsOf, forgetConfig, registerConfigCache, type ConvertedVisitors,
} from './config-cache.ts';
import type { Database } from './database.ts';

export type PopupConfigJson = Record<string, unknown>;

export interface ClientRecord {
  client_id: string;
  name: string;
  allowed_origins: string[];
  restricted: boolean;
  max_views: number | null;
  is_freemium: boolean;
  lang: string;
  client_restriction_setting: Record<string, unknown>;
  /** The client's online store, when it has one. */
  store?: StoreSettings | null;
}

/** A product of a client's product feed: a recommendation item (widget §3) and the collections it is in. */
export interface StoreProduct {
  product_id: string;
  variant_id?: string;
  title: string;
  price: number;
  compare_at_price?: number | null;
  image?: string;
  desc?: string;
  handle?: string;
  path?: string;
  inventory_quantity?: number | null;
  collections?: string[];
  /** Higher first for the algorithm_* categories (best sellers, trending). */
  rank?: number;
}

export interface StoreSettings {
  platform: 'shopify' | 'wix';
  /** Shopify's shop domain (`x.myshopify.com`); how a storefront without a client id finds its client. */
  shop?: string;
  currency: string;
  products: StoreProduct[];
  /** Discount rules the store offers (`get-price-rules`), as the owner wrote them. */
  price_rules?: unknown[];
}

export type StoreActivityKind = 'browse_abandonment' | 'ordered_products' | 'website_session' | 'conversion_activity';

export interface StoreActivityInput {
  client_id: string;
  kind: StoreActivityKind;
  customer_id?: string | null;
  email?: string | null;
  poptin_id?: string | null;
  payload: Record<string, unknown>;
}

export interface PopupRecord {
  poptin_id: string;
  client_id: string;
  viewer_id: string;
  ab_test_parent_id: string | null;
  config: PopupConfigJson;
}

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
}

export type Device = 'desktop' | 'mobile' | 'tablet' | 'unknown';

export interface CloseInput {
  poptin_id: string;
  client_id: string;
  idempotency_key?: string;
  url?: string;
  converted_email?: string;
  store_integration?: string;
  store_integration_customer_id?: string;
  device?: Device;
}

/** A click on a click-to-open link, asked for with the click-display call (widget §7). */
export interface ClickInput {
  poptin_id: string;
  client_id: string;
  url: string | null;
  /** Whether the pop-up's rules let this page view show it. */
  shown: boolean;
}

export interface ConversionInput {
  idempotency_key: string;
  poptin_id: string;
  client_id: string;
  viewer_id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  url: string | null;
  poptin_view_id: number | null;
  fields: Record<string, unknown>;
  /** SHA-256 (hex) of the body in canonical form: tells a retry from another lead under the same key. */
  payload_sha256: string;
  /** Who sent it: the widget's visitor_id, else the server's visitor cookie. */
  visitor_id: string | null;
  /** Hides the lead from the owner's list: 'honeypot' or 'impossible-timing' (server/spam.ts). */
  spam_reason: string | null;
  /** Listed with the lead, never hiding it; the store adds 'fast-after-view' (see StoreOptions.spamMinSubmitMs). */
  spam_suspicion?: string | null;
  device?: Device;
}

/** A lead sent sooner than this after its view is listed with the suspicion 'fast-after-view', unless the server says otherwise. */
export const DEFAULT_SPAM_MIN_SUBMIT_MS = 2000;

export interface StoreOptions {
  /** Leads sent sooner than this after their view are listed as 'fast-after-view'; 0 turns the check off. */
  spamMinSubmitMs?: number;
  /** Leads sent sooner than this after their page began to load are hidden as 'impossible-timing' (server/spam.ts); 0 turns it off. */
  spamImpossibleSubmitMs?: number;
  /** How long a client's configuration is kept in memory at most (config-cache.ts). */
  configTtlMs?: number;
  /** Raw views and closes are dropped, a month at a time, once older than this; the daily roll-ups stay. */
  eventRetentionDays?: number;
}

/** How long raw views and closes are kept when the server is not told otherwise. */
export const DEFAULT_EVENT_RETENTION_DAYS = 400;

/** Hourly roll-ups serve the last 48 hours; a fortnight leaves room for a chosen range near now. */
const HOURLY_ROLLUP_DAYS = 14;

const DAY_MS = 86_400_000;

/**
 * Adds one event's counts to the roll-ups (by day and device, by day and page, by hour and device), in the statement that stores it: `source` names a
 * CTE with client_id, poptin_id, device, url and created_at of the stored rows (none for a repeat); `count`
 * is what each adds (an expression over the CTE's columns).
 */
function rollupCtes(source: string, column: 'views' | 'closes' | 'conversions', count = '1'): string {
  return `daily AS (
      INSERT INTO stats_daily (client_id, day, poptin_id, device, ${column})
      SELECT client_id, (created_at AT TIME ZONE 'UTC')::date, poptin_id, device, ${count} FROM ${source}
      ON CONFLICT (client_id, day, poptin_id, device) DO UPDATE SET ${column} = stats_daily.${column} + EXCLUDED.${column}
    ), daily_pages AS (
      INSERT INTO stats_daily_pages (client_id, day, poptin_id, page, ${column})
      SELECT client_id, (created_at AT TIME ZONE 'UTC')::date, poptin_id, poptin_page(url), ${count} FROM ${source}
      ON CONFLICT (client_id, day, poptin_id, page) DO UPDATE SET ${column} = stats_daily_pages.${column} + EXCLUDED.${column}
    ), hourly AS (
      INSERT INTO stats_hourly (client_id, hour, poptin_id, device, ${column})
      SELECT client_id, date_trunc('hour', created_at), poptin_id, device, ${count} FROM ${source}
      WHERE created_at > now() - interval '${HOURLY_ROLLUP_DAYS} days'
      ON CONFLICT (client_id, hour, poptin_id, device) DO UPDATE SET ${column} = stats_hourly.${column} + EXCLUDED.${column}
    )`;
}

/** Which leads a listing holds: the real ones (default), the spam only, or all. */
export type SpamFilter = 'exclude' | 'only' | 'include';

/** Which leads a listing or an export holds; every condition given must hold. */
export interface LeadFilter {
  spam?: SpamFilter;
  /** A pop-up and its A/B variants. */
  popup?: string;
  /** One pop-up only. */
  variant?: string;
  /** First and last UTC day (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  /** Text found, whatever its case, in the e-mail, name, phone or any field. */
  q?: string;
}

// A parameter of type text holding the SpamFilter.
const spamCondition = (parameter: string) => `(${parameter}::text = 'include' OR (${parameter}::text = 'only') = (spam_reason IS NOT NULL))`;

// Parameters $6 to $11 of a lead page hold the filter (see leadFilterParams); the search is a LIKE pattern, so that the
// trigram index of migration 041 finds the matching leads.
const LEAD_FILTER_CONDITIONS = `${spamCondition('$6')}
  AND ($7::text IS NULL OR poptin_id IN (SELECT poptin_id FROM popups WHERE client_id = $1 AND (poptin_id = $7 OR ab_test_parent_id = $7)))
  AND ($8::text IS NULL OR poptin_id = $8)
  AND ($9::date IS NULL OR created_at >= $9::date::timestamp AT TIME ZONE 'UTC')
  AND ($10::date IS NULL OR created_at < ($10::date + 1)::timestamp AT TIME ZONE 'UTC')
  AND ($11::text IS NULL OR poptin_lead_text(email, name, phone, fields) LIKE lower($11::text))`;

const leadFilterParams = (filter: LeadFilter) => [
  filter.spam ?? 'exclude', filter.popup ?? null, filter.variant ?? null, filter.from ?? null, filter.to ?? null,
  filter.q ? `%${filter.q.replace(/[\\%_]/g, (special) => `\\${special}`)}%` : null,
];


export type ConversionResult =
  | { outcome: 'stored' | 'duplicate'; conversionId: number }
  /** The idempotency key was already used for a lead of another pop-up. */
  | { outcome: 'key-conflict' }
  /** The idempotency key was already used for a lead of this pop-up with other data. */
  | { outcome: 'payload-conflict' };

export interface LeadRecord extends Omit<ConversionInput, 'payload_sha256' | 'visitor_id'> {
  conversion_id: number;
  created_at: string;
}

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

export interface PopupStats {
  poptin_id: string;
  poptin_name: string;
  ab_test_parent_id: string | null;
  views: number;
  closes: number;
  /** Leads not taken for spam. */
  conversions: number;
  /** Leads taken for spam (see ConversionInput.spam_reason), not counted in `conversions`. */
  spam_conversions: number;
  /** conversions / views, 0 when there are no views, rounded to 4 decimals. */
  conversion_rate: number;
}

// Any constant works; it only has to be the same in every server process sharing one PostgreSQL.
const EVENT_MAINTENANCE_LOCK_KEY = 7_460_392;

const POPUP_COLUMNS = 'poptin_id, client_id, viewer_id, ab_test_parent_id, config';

function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

// pg returns BIGINT as a string, PGlite as a number.
function toIdOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

const LEAD_TABLE_COLUMNS = 'id, created_at, idempotency_key, poptin_id, client_id, viewer_id, email, phone, name, url, poptin_view_id, spam_reason, spam_suspicion';

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
  };
}

/**
 * Ids come from the request path, sometimes before it is validated (the CORS check). PostgreSQL refuses
 * text holding NUL, and no stored id holds one, so such an id is answered as absent without a query.
 */
const holdsNul = (id: string) => id.includes('\u0000');

function toCursor(row: Record<string, unknown>): LeadCursor {
  return { createdAt: row.cursor_created_at as string, id: Number(row.id) };
}

/** Every query the server makes, in SQL that runs unchanged on PGlite and PostgreSQL. */
export class Store {
  private readonly spamMinSubmitMs: number;
  /** What leads.ts judges a lead's time since page load by (StoreOptions.spamImpossibleSubmitMs). */
  readonly spamImpossibleSubmitMs: number;
  private readonly eventRetentionDays: number;

  /** Clients and their active pop-ups, as the display call and CORS read them: kept in memory (config-cache.ts). */
  readonly config: ConfigCache;
  private readonly converted: ConvertedVisitors;
  /** Told when a lead was stored (its deliveries with it): the delivery worker of this process wakes up. */
  onLeadStored: (() => void) | null = null;

  constructor(
    readonly db: Database,
    options: StoreOptions = {},
  ) {
    this.spamMinSubmitMs = options.spamMinSubmitMs ?? DEFAULT_SPAM_MIN_SUBMIT_MS;
    this.spamImpossibleSubmitMs = options.spamImpossibleSubmitMs ?? IMPOSSIBLE_SUBMIT_MS;
    this.eventRetentionDays = options.eventRetentionDays ?? DEFAULT_EVENT_RETENTION_DAYS;
    this.config = new ConfigCache(async (clientId) => {
      const client = await this.findClient(clientId);
      return { client, popups: client ? await this.listClientPopups(clientId) : [] };
    }, options.configTtlMs);
    registerConfigCache(db, this.config);
    this.converted = convertedVisitorsOf(db, async (clientId, limit) =>
      (await db.query<{ visitor_id: string }>('SELECT DISTINCT visitor_id FROM conversions WHERE client_id = $1 AND visitor_id IS NOT NULL LIMIT $2', [clientId, limit])).map((row) => row.visitor_id),
    );
  }

  /**
   * Other processes on the same PostgreSQL tell this one when they change a client's configuration; returns
   * the stop. Nothing to do on PGlite, which one process owns.
   */
  async watchConfigChanges(): Promise<() => Promise<void>> {
    if (!this.db.listen) return async () => undefined;
    const stops = [
      await this.db.listen(CONFIG_CHANNEL, (clientId) => this.config.forget(clientId || ALL_CLIENTS), () => this.config.forget(ALL_CLIENTS)),
      await this.db.listen(
        CONVERSION_CHANNEL,
        (payload) => {
          const [clientId, visitorId] = payload.split(' ');
          if (clientId && visitorId) void this.converted.add(clientId, visitorId);
        },
        () => this.converted.forget(),
      ),
    ];
    return async () => void (await Promise.all(stops.map((stop) => stop())));
  }

  /** A client's configuration changed: forgotten in this process, and announced to the others. */
  async configChanged(clientId: string = ALL_CLIENTS): Promise<void> {
    forgetConfig(this.db, clientId);
    if (this.db.listen) await this.db.query('SELECT pg_notify($1, $2)', [CONFIG_CHANNEL, clientId]);
  }

  /**
   * Creates or updates a client from its file. What an owner can edit in the console (name, allowed origins,
   * language) is left as the owner set it once they have edited the site.
   */
  async upsertClient(client: ClientRecord): Promise<void> {
    const fileUnlessEdited = (column: string) => `${column} = CASE WHEN clients.owner_edited_at IS NULL THEN EXCLUDED.${column} ELSE clients.${column} END`;
    await this.db.query(
      `INSERT INTO clients (client_id, name, allowed_origins, restricted, max_views, is_freemium, lang, client_restriction_setting, store)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8::jsonb, $9::jsonb)
       ON CONFLICT (client_id) DO UPDATE SET
         ${fileUnlessEdited('name')}, ${fileUnlessEdited('allowed_origins')}, ${fileUnlessEdited('lang')}, restricted = EXCLUDED.restricted,
         max_views = EXCLUDED.max_views, is_freemium = EXCLUDED.is_freemium,
         client_restriction_setting = EXCLUDED.client_restriction_setting, store = EXCLUDED.store, updated_at = now()`,
      [
        client.client_id, client.name, JSON.stringify(client.allowed_origins), client.restricted, client.max_views,
        client.is_freemium, client.lang, JSON.stringify(client.client_restriction_setting), client.store ? JSON.stringify(client.store) : null,
      ],
    );
    await this.configChanged(client.client_id);
  }

  /** Creates a client with default settings unless it exists. */
  async ensureClient(clientId: string): Promise<void> {
    const created = await this.db.query('INSERT INTO clients (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING RETURNING client_id', [clientId]);
    if (created.length > 0) await this.configChanged(clientId);
  }

  async findClient(clientId: string): Promise<ClientRecord | null> {
    if (holdsNul(clientId)) return null;
    const rows = await this.db.query<ClientRecord>(
      `SELECT client_id, name, allowed_origins, restricted, max_views, is_freemium, lang, client_restriction_setting, store
       FROM clients WHERE client_id = $1`,
      [clientId],
    );
    return rows[0] ?? null;
  }

  /** The client whose Shopify store is `shop`. */
  async findClientByShop(shop: string): Promise<string | null> {
    if (holdsNul(shop)) return null;
    const rows = await this.db.query<{ client_id: string }>(
      `SELECT client_id FROM clients WHERE store ->> 'shop' = $1 AND store ->> 'platform' = 'shopify' ORDER BY client_id LIMIT 1`,
      [shop.toLowerCase()],
    );
    return rows[0]?.client_id ?? null;
  }

  async recordStoreActivity(activity: StoreActivityInput): Promise<void> {
    await this.db.query(
      'INSERT INTO store_activity (client_id, kind, customer_id, email, poptin_id, payload) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
      [activity.client_id, activity.kind, activity.customer_id ?? null, activity.email ?? null, activity.poptin_id ?? null, JSON.stringify(activity.payload)],
    );
  }

  /** What the store calls recorded for a client, newest first. */
  async listStoreActivity(clientId: string, kind?: StoreActivityKind): Promise<(StoreActivityInput & { created_at: string })[]> {
    return this.db.query(
      `SELECT client_id, kind, customer_id, email, poptin_id, payload, created_at FROM store_activity
       WHERE client_id = $1 AND ($2::text IS NULL OR kind = $2::text) ORDER BY id DESC LIMIT 500`,
      [clientId, kind ?? null],
    );
  }

  /**
   * Creates or updates a pop-up from its file, published and active, with a revision when its configuration
   * changed. A pop-up an owner has edited in the console is left alone: answers false then.
   */
  async upsertPopup(popup: PopupRecord & { source_file: string | null }): Promise<boolean> {
    const changed = 'popups.config IS DISTINCT FROM EXCLUDED.config OR popups.draft IS DISTINCT FROM EXCLUDED.config';
    const rows = await this.db.query<{ revision: number }>(
      `INSERT INTO popups (poptin_id, client_id, viewer_id, ab_test_parent_id, config, draft, source_file, published_revision, published_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $5::jsonb, $6, 1, now())
       ON CONFLICT (poptin_id) DO UPDATE SET
         client_id = EXCLUDED.client_id, viewer_id = EXCLUDED.viewer_id, ab_test_parent_id = EXCLUDED.ab_test_parent_id,
         config = EXCLUDED.config, draft = EXCLUDED.config, source_file = EXCLUDED.source_file, active = true, deleted_at = NULL,
         revision = CASE WHEN ${changed} THEN popups.revision + 1 ELSE popups.revision END,
         published_revision = CASE WHEN ${changed} THEN popups.revision + 1 ELSE popups.revision END,
         published_at = COALESCE(popups.published_at, now()), updated_at = now()
       WHERE popups.owner_edited_at IS NULL
       RETURNING revision`,
      [popup.poptin_id, popup.client_id, popup.viewer_id, popup.ab_test_parent_id, JSON.stringify(popup.config), popup.source_file],
    );
    if (rows.length === 0) return false;
    await this.db.query(
      `INSERT INTO popup_revisions (poptin_id, revision, config, saved_by) VALUES ($1, $2, $3::jsonb, 'file') ON CONFLICT DO NOTHING`,
      [popup.poptin_id, rows[0]!.revision, JSON.stringify(popup.config)],
    );
    // A pop-up may have moved from another client: every client is read again.
    await this.configChanged(ALL_CLIENTS);
    return true;
  }

  async listClientPopups(clientId: string): Promise<PopupRecord[]> {
    return this.db.query<PopupRecord>(
      `SELECT ${POPUP_COLUMNS} FROM popups WHERE client_id = $1 AND active ORDER BY created_at, added_order`,
      [clientId],
    );
  }

  async findPopup(poptinId: string): Promise<PopupRecord | null> {
    if (holdsNul(poptinId)) return null;
    const rows = await this.db.query<PopupRecord>(`SELECT ${POPUP_COLUMNS} FROM popups WHERE poptin_id = $1`, [poptinId]);
    return rows[0] ?? null;
  }

  /** An active pop-up: one whose configuration file is still there. */
  async findActivePopup(poptinId: string): Promise<PopupRecord | null> {
    const rows = await this.db.query<PopupRecord>(`SELECT ${POPUP_COLUMNS} FROM popups WHERE poptin_id = $1 AND active`, [poptinId]);
    return rows[0] ?? null;
  }

  /** Retires the pop-ups loaded from files that are no longer there, unless an owner edited them; answers their ids. */
  async retirePopupsWithout(sourceFiles: string[]): Promise<string[]> {
    const rows = await this.db.query<{ poptin_id: string }>(
      `UPDATE popups SET active = false, deleted_at = now(), updated_at = now()
       WHERE active AND owner_edited_at IS NULL AND source_file IS NOT NULL AND NOT (source_file = ANY($1::text[]))
       RETURNING poptin_id`,
      [sourceFiles],
    );
    if (rows.length > 0) await this.configChanged(ALL_CLIENTS);
    return rows.map((row) => row.poptin_id).sort();
  }

  async findPopupByViewerId(viewerId: string): Promise<PopupRecord | null> {
    if (holdsNul(viewerId)) return null;
    const rows = await this.db.query<PopupRecord>(`SELECT ${POPUP_COLUMNS} FROM popups WHERE viewer_id = $1`, [viewerId]);
    return rows[0] ?? null;
  }

  /**
   * Every view the client's pop-ups have had, from the daily roll-ups: the display call asks on each page view of a
   * site with a view limit, and counting millions of raw views there would take seconds. The roll-ups also keep
   * the views that retention has dropped.
   */
  async countClientViews(clientId: string): Promise<number> {
    const rows = await this.db.query<{ views: number }>('SELECT COALESCE(sum(views), 0)::int AS views FROM stats_daily WHERE client_id = $1', [clientId]);
    return rows[0]?.views ?? 0;
  }

  /**
   * Stores a view once per idempotency key (when it has one) and returns its id, the first one's for a repeat.
   * The day and hour roll-ups count it in the same statement, so they never disagree with the rows.
   */
  async recordView(view: ViewInput): Promise<number> {
    await this.maintainEventsDaily();
    const key = view.idempotency_key ?? null;
    const rows = await this.db.query<{ id: unknown }>(
      `WITH key AS (
         INSERT INTO event_keys (kind, idempotency_key, event_id) SELECT 'view', $10::text, nextval('view_ids') WHERE $10::text IS NOT NULL
         ON CONFLICT (kind, idempotency_key) DO NOTHING RETURNING event_id
       ), stored AS (
         INSERT INTO views (id, poptin_id, client_id, viewer_id, trigger, type, url, store_integration, store_integration_customer_id, converted_email, idempotency_key, device)
         SELECT COALESCE((SELECT event_id FROM key), nextval('view_ids')), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
         WHERE $10::text IS NULL OR EXISTS (SELECT 1 FROM key)
         RETURNING id, client_id, poptin_id, device, url, created_at
       ), ${rollupCtes('stored', 'views')}
       SELECT id FROM stored`,
      [
        view.poptin_id, view.client_id, view.viewer_id ?? null, view.trigger ?? null, view.type ?? null, view.url ?? null,
        view.store_integration ?? null, view.store_integration_customer_id ?? null, view.converted_email ?? null, key, view.device ?? 'unknown',
      ],
    );
    if (rows[0]) return Number(rows[0].id);
    const [first] = await this.db.query<{ event_id: unknown }>("SELECT event_id FROM event_keys WHERE kind = 'view' AND idempotency_key = $1", [key]);
    return Number(first!.event_id);
  }

  async recordClick(click: ClickInput): Promise<void> {
    await this.db.query('INSERT INTO clicks (poptin_id, client_id, url, shown) VALUES ($1, $2, $3, $4)', [click.poptin_id, click.client_id, click.url, click.shown]);
  }

  async recordClose(close: CloseInput): Promise<void> {
    await this.maintainEventsDaily();
    await this.db.query(
      `WITH key AS (
         INSERT INTO event_keys (kind, idempotency_key, event_id) SELECT 'close', $7::text, nextval('close_ids') WHERE $7::text IS NOT NULL
         ON CONFLICT (kind, idempotency_key) DO NOTHING RETURNING event_id
       ), stored AS (
         INSERT INTO closes (id, poptin_id, client_id, url, converted_email, store_integration, store_integration_customer_id, idempotency_key, device)
         SELECT COALESCE((SELECT event_id FROM key), nextval('close_ids')), $1, $2, $3, $4, $5, $6, $7, $8
         WHERE $7::text IS NULL OR EXISTS (SELECT 1 FROM key)
         RETURNING client_id, poptin_id, device, url, created_at
       ), ${rollupCtes('stored', 'closes')}
       SELECT 1`,
      [
        close.poptin_id, close.client_id, close.url ?? null, close.converted_email ?? null,
        close.store_integration ?? null, close.store_integration_customer_id ?? null, close.idempotency_key ?? null, close.device ?? 'unknown',
      ],
    );
  }

  private maintainedDay = -1;
  private maintaining: Promise<void> | null = null;

  /** Once a UTC day per process: the partitions for the coming months exist, and what retention ends is gone. */
  private async maintainEventsDaily(): Promise<void> {
    const today = Math.floor(Date.now() / DAY_MS);
    if (this.maintainedDay === today) return;
    this.maintaining ??= this.maintainEvents().then(
      () => { this.maintainedDay = today; this.maintaining = null; },
      (error: unknown) => { this.maintaining = null; throw error; },
    );
    await this.maintaining;
  }

  /**
   * Creates the monthly partitions of views and closes from this month through two months ahead, drops the
   * months that ended more than the retention ago, and forgets the idempotency keys and hourly roll-ups
   * past their use. Answers how many partitions were dropped.
   */
  async maintainEvents(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.eventRetentionDays * DAY_MS);
    return this.db.transaction(async (tx) => {
      // Processes sharing one PostgreSQL would otherwise race to create the same partition.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [EVENT_MAINTENANCE_LOCK_KEY]);
      await tx.query(`SELECT poptin_ensure_event_partitions($1::date, ($1::date + interval '2 months')::date)`, [now.toISOString().slice(0, 10)]);
      const [dropped] = await tx.query<{ count: number }>('SELECT poptin_drop_event_partitions($1::timestamptz) AS count', [cutoff.toISOString()]);
      await tx.query('DELETE FROM event_keys WHERE created_at < $1::timestamptz', [cutoff.toISOString()]);
      await tx.query(`DELETE FROM stats_hourly WHERE hour < $1::timestamptz - interval '${HOURLY_ROLLUP_DAYS} days'`, [now.toISOString()]);
      return Number(dropped?.count ?? 0);
    });
  }

  /**
   * Stores a lead once per idempotency key; a retry (same pop-up, same payload) gets the id of the first row
   * back. A lead stored without a payload hash (before migration 003) takes any payload as a retry.
   */
  async recordConversion(lead: ConversionInput): Promise<ConversionResult> {
    // One statement: the lead and its deliveries to the site's destinations (none for spam) are written together.
    const inserted = await this.db.query<{ id: unknown }>(
      `WITH stored AS (
         INSERT INTO conversions
           (idempotency_key, poptin_id, client_id, viewer_id, email, phone, name, url, poptin_view_id, fields, payload_sha256, visitor_id, spam_reason,
            spam_suspicion, device)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, COALESCE($15::text, CASE WHEN $13::text IS NULL AND EXISTS (
           SELECT 1 FROM views v WHERE v.id = $9::bigint AND v.poptin_id = $2 AND v.created_at > now() - make_interval(secs => $14::double precision)
         ) THEN 'fast-after-view' END), $16)
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, client_id, poptin_id, device, url, created_at, spam_reason
       ), counted AS (SELECT * FROM stored WHERE spam_reason IS NULL), ${rollupCtes('counted', 'conversions')}, queued AS (
         INSERT INTO deliveries (destination_id, conversion_id, client_id)
         SELECT destination.id, counted.id, counted.client_id FROM counted JOIN destinations destination ON destination.client_id = counted.client_id
         WHERE destination.enabled
       )
       SELECT id FROM stored`,
      [
        lead.idempotency_key, lead.poptin_id, lead.client_id, lead.viewer_id, lead.email, lead.phone, lead.name, lead.url,
        lead.poptin_view_id, JSON.stringify(lead.fields), lead.payload_sha256, lead.visitor_id, lead.spam_reason,
        this.spamMinSubmitMs / 1000, lead.spam_suspicion ?? null, lead.device ?? 'unknown',
      ],
    );
    // A lead is acknowledged only once it is on the disk; a retried one too, in case the first answer never came.
    if (inserted[0]) {
      await this.db.durable();
      this.onLeadStored?.();
      if (lead.visitor_id) {
        await this.converted.add(lead.client_id, lead.visitor_id);
        if (this.db.listen) await this.db.query('SELECT pg_notify($1, $2)', [CONVERSION_CHANNEL, `${lead.client_id} ${lead.visitor_id}`]).catch(() => undefined);
      }
      return { outcome: 'stored', conversionId: Number(inserted[0].id) };
    }
    const existing = await this.db.query<{ id: unknown; poptin_id: string; payload_sha256: string | null }>(
      'SELECT id, poptin_id, payload_sha256 FROM conversions WHERE idempotency_key = $1',
      [lead.idempotency_key],
    );
    const first = existing[0];
    if (!first || first.poptin_id !== lead.poptin_id) return { outcome: 'key-conflict' };
    if (first.payload_sha256 !== null && first.payload_sha256 !== lead.payload_sha256) return { outcome: 'payload-conflict' };
    await this.db.durable();
    return { outcome: 'duplicate', conversionId: Number(first.id) };
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
  async leadsListPage(clientId: string, after: LeadCursor | null, limits: LeadPageLimits, filter: LeadFilter = {}): Promise<{ leads: Paged<LeadRecord>[]; more: boolean }> {
    const rows = await this.leadPage(
      `${LEAD_TABLE_COLUMNS}, fields, cut.bytes_before + pg_column_size(page.fields) AS bytes_through`,
      clientId, after, { rows: limits.rows + 1, bytes: limits.bytes }, filter,
    );
    const leads = rows.slice(0, limits.rows).map((row) => ({ ...toLeadRecord(row), cursor: toCursor(row) }));
    const last = rows[leads.length - 1];
    return { leads, more: rows.length > limits.rows || (last !== undefined && Number(last.bytes_through) >= limits.bytes) };
  }

  /**
   * Moves a lead of the client in or out of spam, as its owner says: into spam with the reason 'owner' (a lead
   * already taken for spam keeps its reason). Null when the client has no such lead.
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
       ), ${rollupCtes('moved', 'conversions', 'change')}
       SELECT ${LEAD_TABLE_COLUMNS}, fields FROM changed`,
      [leadId, clientId, spam],
    );
    return rows[0] ? toLeadRecord(rows[0]) : null;
  }

  /**
   * One page of a client's leads, newest first, after `after`. `select` reads the page's rows (columns of
   * the table, from `page`); a page stops after the lead that reaches `limits.bytes` of stored fields, so a
   * page of huge leads is short. `pg_column_size` reads the stored size without decompressing the value, and
   * the page is cut before its rows' fields are read, so the leads past the cut are never loaded.
   */
  private async leadPage(select: string, clientId: string, after: LeadCursor | null, limits: LeadPageLimits, filter: LeadFilter, params: unknown[] = []) {
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
      [clientId, after?.createdAt ?? null, after?.id ?? null, limits.rows, limits.bytes, ...leadFilterParams(filter), ...params],
    );
  }

  /** The field names of each lead of a page (see leadPage). */
  async leadFieldNamesPage(clientId: string, after: LeadCursor | null, limits: LeadPageLimits, filter: LeadFilter = {}): Promise<Paged<{ names: string[] }>[]> {
    const rows = await this.leadPage('id, ARRAY(SELECT jsonb_object_keys(page.fields)) AS names', clientId, after, limits, filter);
    return rows.map((row) => ({ names: row.names as string[], cursor: toCursor(row) }));
  }

  /** A page of leads (see leadPage) whose `fields` hold only the fields named in `fieldNames`. */
  async leadsPage(
    clientId: string, after: LeadCursor | null, limits: LeadPageLimits, fieldNames: readonly string[], filter: LeadFilter = {},
  ): Promise<Paged<LeadRecord>[]> {
    const rows = await this.leadPage(
      `${LEAD_TABLE_COLUMNS},
       (SELECT COALESCE(jsonb_object_agg(field.key, field.value), '{}'::jsonb) FROM jsonb_each(page.fields) AS field
        WHERE field.key = ANY($12::text[])) AS fields`,
      clientId, after, limits, filter, [fieldNames],
    );
    return rows.map((row) => ({ ...toLeadRecord(row), cursor: toCursor(row) }));
  }

  /** Totals per pop-up since it began: views and closes from the daily roll-ups, leads (far fewer) from their table. */
  async popupStats(clientId: string): Promise<PopupStats[]> {
    const rows = await this.db.query<Omit<PopupStats, 'conversion_rate'>>(
      `SELECT p.poptin_id, COALESCE(p.config->>'poptin_name', '') AS poptin_name, p.ab_test_parent_id,
         (SELECT COALESCE(sum(views), 0)::int FROM stats_daily s WHERE s.client_id = $1 AND s.poptin_id = p.poptin_id) AS views,
         (SELECT COALESCE(sum(closes), 0)::int FROM stats_daily s WHERE s.client_id = $1 AND s.poptin_id = p.poptin_id) AS closes,
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
    await this.db.query('INSERT INTO limit_logs (client_id, status, upgrade_id) VALUES ($1, $2, $3)', [clientId, status, upgradeId]);
  }
}
