// The configuration aggregate: clients (sites), their pop-ups and their online stores, read by the display call
// through the in-memory cache (config-cache.ts), which other processes on the same PostgreSQL keep fresh
// (watchConfigChanges).

import type { Database } from '../db/database.ts';
import { InFlight } from '../platform/in-flight.ts';
import { type SanitizedTemplates, sanitizedFor, sanitizeTemplates } from '../template-sanitizing/sanitizer.ts';
import {
  ALL_CLIENTS,
  CONFIG_CHANNEL,
  ConfigCache,
  forgetConfig,
  PopupsByViewer,
  registerConfigCache,
} from './config-cache.ts';

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
  /** The site's IANA time zone, in which pop-up schedules are read; null (or absent) is UTC. */
  time_zone?: string | null;
  /** The client's online store, when it has one. */
  store?: StoreSettings | null;
  /** Leads from throwaway e-mail domains are set aside as spam (server/leads/spam.ts). */
  refuse_disposable_email?: boolean;
  /** Leads from the display API must carry a solved proof-of-work challenge (server/leads/spam-challenge.ts). */
  require_proof_of_work?: boolean;
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
  /** The Wix app instance of the site: how a Wix order webhook finds its client. */
  instance_id?: string;
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
  /** The share of visitors (percent) its A/B test holds out as a control group: its parent's setting, 0 for none. */
  ab_control_percent?: number;
  /** Its templates as the display API serves them, when sanitised (server/template-sanitizing/). */
  sanitized_templates?: SanitizedTemplates | null;
}

/** A client and its active pop-ups, as the display call and CORS read them. */
export interface ClientConfig {
  client: ClientRecord | null;
  popups: PopupRecord[];
}

export interface ConfigurationOptions {
  /** How long a client's configuration is kept in memory at most (config-cache.ts). */
  configTtlMs?: number;
}

const POPUP_COLUMNS = `poptin_id, client_id, viewer_id, ab_test_parent_id, config, sanitized_templates,
  (SELECT test.ab_control_percent FROM popups test WHERE test.poptin_id = COALESCE(popups.ab_test_parent_id, popups.poptin_id))::int AS ab_control_percent`;

/**
 * Ids come from the request path, sometimes before it is validated (the CORS check). PostgreSQL refuses
 * text holding NUL, and no stored id holds one, so such an id is answered as absent without a query.
 */
const holdsNul = (id: string) => id.includes('\u0000');

/** What a module that changes a client's configuration in its own SQL calls once it has. */
export type ConfigChanges = Pick<ConfigurationRepository, 'configChanged'>;

/** Clients, pop-ups and store data, in SQL that runs unchanged on PGlite and PostgreSQL. */
export class ConfigurationRepository {
  /** Clients and their active pop-ups, as the display call and CORS read them: kept in memory (config-cache.ts). */
  readonly config: ConfigCache<ClientConfig>;
  /** Every lead looks its pop-up up by viewer id: kept in memory like the configuration. */
  private readonly popupsByViewer: PopupsByViewer<PopupRecord | null>;

  constructor(
    readonly db: Database,
    options: ConfigurationOptions = {},
  ) {
    this.config = new ConfigCache(async (clientId) => {
      const client = await this.findClient(clientId);
      return { client, popups: client ? this.withSanitizedTemplates(await this.listClientPopups(clientId)) : [] };
    }, options.configTtlMs);
    registerConfigCache(db, this.config);
    this.popupsByViewer = new PopupsByViewer(async (viewerId) => {
      const rows = await this.db.query<PopupRecord>(`SELECT ${POPUP_COLUMNS} FROM popups WHERE viewer_id = $1`, [
        viewerId,
      ]);
      return rows[0] ?? null;
    }, options.configTtlMs);
    registerConfigCache(db, this.popupsByViewer);
  }

  /**
   * Other processes on the same PostgreSQL tell this one when they change a client's configuration; returns
   * the stop. Nothing to do on PGlite, which one process owns.
   */
  async watchConfigChanges(): Promise<() => Promise<void>> {
    if (!this.db.listen) return async () => undefined;
    return this.db.listen(
      CONFIG_CHANNEL,
      (clientId) => forgetConfig(this.db, clientId || ALL_CLIENTS),
      () => forgetConfig(this.db, ALL_CLIENTS),
    );
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
    const fileUnlessEdited = (column: string) =>
      `${column} = CASE WHEN clients.owner_edited_at IS NULL THEN EXCLUDED.${column} ELSE clients.${column} END`;
    const differs = (columns: string[]) =>
      columns.map((column) => `clients.${column} IS DISTINCT FROM EXCLUDED.${column}`).join(' OR ');
    // A file that says what is stored already writes nothing (a start with unchanged files).
    const written = await this.db.query(
      `INSERT INTO clients (client_id, name, allowed_origins, restricted, max_views, is_freemium, lang, client_restriction_setting, store)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8::jsonb, $9::jsonb)
       ON CONFLICT (client_id) DO UPDATE SET
         ${fileUnlessEdited('name')}, ${fileUnlessEdited('allowed_origins')}, ${fileUnlessEdited('lang')}, restricted = EXCLUDED.restricted,
         max_views = EXCLUDED.max_views, is_freemium = EXCLUDED.is_freemium,
         client_restriction_setting = EXCLUDED.client_restriction_setting, store = EXCLUDED.store, updated_at = now()
       WHERE ${differs(['restricted', 'max_views', 'is_freemium', 'client_restriction_setting', 'store'])}
         OR (clients.owner_edited_at IS NULL AND (${differs(['name', 'allowed_origins', 'lang'])}))
       RETURNING client_id`,
      [
        client.client_id,
        client.name,
        JSON.stringify(client.allowed_origins),
        client.restricted,
        client.max_views,
        client.is_freemium,
        client.lang,
        JSON.stringify(client.client_restriction_setting),
        client.store ? JSON.stringify(client.store) : null,
      ],
    );
    if (written.length > 0) await this.configChanged(client.client_id);
  }

  /** Creates a client with default settings unless it exists. */
  async ensureClient(clientId: string): Promise<void> {
    const created = await this.db.query(
      'INSERT INTO clients (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING RETURNING client_id',
      [clientId],
    );
    if (created.length > 0) await this.configChanged(clientId);
  }

  async findClient(clientId: string): Promise<ClientRecord | null> {
    if (holdsNul(clientId)) return null;
    const rows = await this.db.query<ClientRecord>(
      `SELECT client_id, name, allowed_origins, restricted, max_views, is_freemium, lang, client_restriction_setting, store, time_zone,
         refuse_disposable_email, require_proof_of_work FROM clients WHERE client_id = $1`,
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
      [
        activity.client_id,
        activity.kind,
        activity.customer_id ?? null,
        activity.email ?? null,
        activity.poptin_id ?? null,
        JSON.stringify(activity.payload),
      ],
    );
  }

  /** What the store calls recorded for a client, newest first. */
  async listStoreActivity(
    clientId: string,
    kind?: StoreActivityKind,
  ): Promise<(StoreActivityInput & { created_at: string })[]> {
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
      [
        popup.poptin_id,
        popup.client_id,
        popup.viewer_id,
        popup.ab_test_parent_id,
        JSON.stringify(popup.config),
        popup.source_file,
      ],
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

  /**
   * Of these pop-ups read from files, the ids of those stored exactly as `upsertPopup` would leave them (same
   * configuration, published, active, not edited by an owner): a start with unchanged files writes nothing. One query,
   * compared by PostgreSQL itself, so that JSON the database normalises (key order, numbers) compares as stored.
   */
  async unchangedFilePopups(popups: (PopupRecord & { source_file: string })[]): Promise<Set<string>> {
    if (popups.length === 0) return new Set();
    const rows = await this.db.query<{ poptin_id: string }>(
      `SELECT file.poptin_id
       FROM jsonb_to_recordset($1::jsonb)
         AS file(poptin_id text, client_id text, viewer_id text, ab_test_parent_id text, source_file text, config jsonb)
       JOIN popups ON popups.poptin_id = file.poptin_id
       WHERE popups.owner_edited_at IS NULL AND popups.active AND popups.deleted_at IS NULL
         AND popups.client_id = file.client_id AND popups.viewer_id = file.viewer_id
         AND popups.ab_test_parent_id IS NOT DISTINCT FROM file.ab_test_parent_id
         AND popups.source_file = file.source_file
         AND popups.config = file.config AND popups.draft = file.config
         AND popups.published_revision = popups.revision AND popups.published_at IS NOT NULL`,
      [
        JSON.stringify(
          popups.map(({ poptin_id, client_id, viewer_id, ab_test_parent_id, source_file, config }) => ({
            poptin_id,
            client_id,
            viewer_id,
            ab_test_parent_id,
            source_file,
            config,
          })),
        ),
      ],
    );
    return new Set(rows.map((row) => row.poptin_id));
  }

  /** Pop-ups whose templates are being sanitised, so that each is sanitised once at a time. */
  private readonly sanitizing = new Set<string>();
  private readonly sanitizingInBackground = new InFlight();
  private readonly sanitizingStopped = new AbortController();

  /**
   * Starts no more sanitising, gives up on the templates being sanitised and waits for the writes under way: what is
   * left unmarked, the widget sanitises, and the next start or display call tries again.
   */
  async stopSanitizing(): Promise<void> {
    this.sanitizingStopped.abort();
    await this.sanitizingInBackground.settled();
  }

  /**
   * The pop-ups as they are, and those whose templates carry no mark for their configuration (published before the
   * server sanitised templates, loaded from a file, written to the database directly, changed behind the mark)
   * sanitised in the background: a display call never waits for the sanitiser (jsdom's first load alone takes about a
   * second). Meanwhile such a pop-up is served unmarked, and the widget sanitises it itself, as before; once kept, the
   * answers after carry it sanitised.
   */
  private withSanitizedTemplates(popups: PopupRecord[]): PopupRecord[] {
    for (const popup of popups)
      if (!sanitizedFor(popup.config, popup.sanitized_templates)) this.sanitizeInBackground(popup);
    return popups;
  }

  private sanitizeInBackground(popup: PopupRecord): void {
    if (this.sanitizing.has(popup.poptin_id) || this.sanitizingStopped.signal.aborted) return;
    // A pop-up that could not be kept sanitised (a database error, a configuration changed meanwhile) stays as the
    // widget sanitises it; the next load tries again.
    void this.sanitizingInBackground.add(this.keepSanitized(popup)).catch(() => undefined);
  }

  /** Sanitises a pop-up's templates and keeps them, unless its configuration changed meanwhile; answers whether kept. */
  private async keepSanitized(popup: PopupRecord): Promise<boolean> {
    this.sanitizing.add(popup.poptin_id);
    try {
      const stopped = this.sanitizingStopped.signal;
      const sanitized = await sanitizeTemplates(popup.config, stopped);
      if (!sanitized || stopped.aborted) return false;
      const kept = await this.db.query(
        'UPDATE popups SET sanitized_templates = $2::jsonb WHERE poptin_id = $1 AND config = $3::jsonb RETURNING poptin_id',
        [popup.poptin_id, JSON.stringify(sanitized), JSON.stringify(popup.config)],
      );
      if (kept.length > 0) await this.configChanged(popup.client_id);
      return kept.length > 0;
    } finally {
      this.sanitizing.delete(popup.poptin_id);
    }
  }

  /**
   * Of these active pop-ups, sanitises and keeps the templates of those that carry no mark for their configuration,
   * one after another: the configuration files' pop-ups, as soon as the server has loaded them, so that a visitor
   * after a start does not download DOMPurify to do it. Answers how many were kept; stopSanitizing ends it early.
   */
  sanitizeUnmarked(poptinIds: string[]): Promise<number> {
    return this.sanitizingInBackground.add(this.sanitizeEachUnmarked(poptinIds));
  }

  private async sanitizeEachUnmarked(poptinIds: string[]): Promise<number> {
    const stopped = this.sanitizingStopped.signal;
    if (poptinIds.length === 0 || stopped.aborted) return 0;
    const rows = await this.db.query<PopupRecord>(
      `SELECT ${POPUP_COLUMNS} FROM popups WHERE poptin_id = ANY($1::text[]) AND active`,
      [poptinIds],
    );
    let kept = 0;
    for (const popup of rows) {
      if (stopped.aborted) break;
      if (!sanitizedFor(popup.config, popup.sanitized_templates) && (await this.keepSanitized(popup))) kept++;
    }
    return kept;
  }

  async listClientPopups(clientId: string): Promise<PopupRecord[]> {
    return this.db.query<PopupRecord>(
      `SELECT ${POPUP_COLUMNS} FROM popups WHERE client_id = $1 AND active ORDER BY created_at, added_order`,
      [clientId],
    );
  }

  async findPopup(poptinId: string): Promise<PopupRecord | null> {
    if (holdsNul(poptinId)) return null;
    const rows = await this.db.query<PopupRecord>(`SELECT ${POPUP_COLUMNS} FROM popups WHERE poptin_id = $1`, [
      poptinId,
    ]);
    return rows[0] ?? null;
  }

  /** An active pop-up: one whose configuration file is still there; its templates sanitised, as the display call's. */
  async findActivePopup(poptinId: string): Promise<PopupRecord | null> {
    const rows = await this.db.query<PopupRecord>(
      `SELECT ${POPUP_COLUMNS} FROM popups WHERE poptin_id = $1 AND active`,
      [poptinId],
    );
    return this.withSanitizedTemplates(rows)[0] ?? null;
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
    return this.popupsByViewer.get(viewerId);
  }
}
