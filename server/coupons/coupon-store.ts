// Coupon sources and their codes in SQL that runs unchanged on PGlite and PostgreSQL. A list's code is taken by one
// statement that skips the rows other transactions hold (FOR UPDATE SKIP LOCKED), so that leads arriving together,
// in one process or several on one PostgreSQL, each take a different code; the unique key (source, lead) makes a
// lead's code its own: a retry of the lead finds it again.
import type { CouponSource, CouponSourceKind } from '../../src/core/api/coupon-contract.ts';
import type { Database } from '../db/database.ts';

export interface StoredSource extends CouponSource {
  sealedToken: string | null;
}

const SOURCE_COLUMNS = `s.id, s.poptin_id, s.prize_id, s.kind, s.pattern, s.shopify, s.sealed_token, s.low_stock_threshold,
  COALESCE(p.config->>'poptin_name', '') AS poptin_name,
  (SELECT count(*)::int FROM coupon_codes c WHERE c.source_id = s.id AND c.lead_key_hmac IS NULL) AS codes_left,
  (SELECT count(*)::int FROM coupon_codes c WHERE c.source_id = s.id AND c.lead_key_hmac IS NOT NULL) AS codes_given`;

function toSource(row: Record<string, unknown>): StoredSource {
  const kind = row.kind as CouponSourceKind;
  const shopify = (row.shopify as CouponSource['shopify']) ?? null;
  return {
    id: Number(row.id),
    poptinId: row.poptin_id as string,
    popupName: row.poptin_name as string,
    prizeId: row.prize_id as string,
    kind,
    pattern: (row.pattern as string | null) ?? null,
    shopify,
    hasShopifyToken: row.sealed_token !== null,
    lowStockThreshold: Number(row.low_stock_threshold),
    codesLeft: kind === 'list' ? Number(row.codes_left) : null,
    codesGiven: Number(row.codes_given),
    sealedToken: (row.sealed_token as string | null) ?? null,
  };
}

/** A unique key refused the write (23505): another lead took this code, or this lead has one already. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';

export interface SourceSettings {
  kind: CouponSourceKind;
  pattern: string | null;
  shopify: CouponSource['shopify'];
  /** Undefined keeps the token stored. */
  sealedToken?: string;
  lowStockThreshold: number;
}

export class CouponStore {
  constructor(private readonly db: Database) {}

  async sources(clientId: string): Promise<StoredSource[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${SOURCE_COLUMNS} FROM coupon_sources s JOIN popups p ON p.poptin_id = s.poptin_id
       WHERE s.client_id = $1 ORDER BY s.poptin_id, s.prize_id`,
      [clientId],
    );
    return rows.map(toSource);
  }

  async source(clientId: string, sourceId: number): Promise<StoredSource | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${SOURCE_COLUMNS} FROM coupon_sources s JOIN popups p ON p.poptin_id = s.poptin_id
       WHERE s.client_id = $1 AND s.id = $2::bigint`,
      [clientId, sourceId],
    );
    return rows[0] ? toSource(rows[0]) : null;
  }

  /**
   * The source that gives a lead of this pop-up its code: the won prize's, else the pop-up's own; null when neither
   * has one. Read for every lead: one look-up by the unique key.
   */
  async sourceForLead(poptinId: string, wonPrizeId: string | null): Promise<StoredSource | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT s.id, s.poptin_id, s.prize_id, s.kind, s.pattern, s.shopify, s.sealed_token, s.low_stock_threshold,
         '' AS poptin_name, 0 AS codes_left, 0 AS codes_given
       FROM coupon_sources s WHERE s.poptin_id = $1 AND s.prize_id = ANY($2::text[]) ORDER BY s.prize_id DESC LIMIT 1`,
      [poptinId, wonPrizeId ? ['', wonPrizeId] : ['']],
    );
    return rows[0] ? toSource(rows[0]) : null;
  }

  /** Creates or changes the source of a pop-up of the client (or of one of its prizes); null when the client has no such pop-up. */
  async saveSource(
    clientId: string,
    poptinId: string,
    prizeId: string,
    settings: SourceSettings,
  ): Promise<StoredSource | null> {
    const rows = await this.db.query<{ id: unknown }>(
      `INSERT INTO coupon_sources (client_id, poptin_id, prize_id, kind, pattern, shopify, sealed_token, low_stock_threshold)
       SELECT p.client_id, p.poptin_id, $3, $4, $5, $6::jsonb, $7, $8 FROM popups p
       WHERE p.poptin_id = $2 AND p.client_id = $1 AND p.deleted_at IS NULL
       ON CONFLICT (poptin_id, prize_id) DO UPDATE SET kind = EXCLUDED.kind, pattern = EXCLUDED.pattern, shopify = EXCLUDED.shopify,
         sealed_token = COALESCE($7, coupon_sources.sealed_token), low_stock_threshold = EXCLUDED.low_stock_threshold,
         low_stock_alerted_at = NULL, updated_at = now()
       RETURNING id`,
      [
        clientId,
        poptinId,
        prizeId,
        settings.kind,
        settings.pattern,
        settings.shopify ? JSON.stringify(settings.shopify) : null,
        settings.sealedToken ?? null,
        settings.lowStockThreshold,
      ],
    );
    return rows[0] ? this.source(clientId, Number(rows[0].id)) : null;
  }

  /** Deletes a source and its codes; false when the client has no such source. */
  async deleteSource(clientId: string, sourceId: number): Promise<boolean> {
    const rows = await this.db.query(
      'DELETE FROM coupon_sources WHERE client_id = $1 AND id = $2::bigint RETURNING id',
      [clientId, sourceId],
    );
    return rows.length > 0;
  }

  /**
   * Adds the codes to a list, or, with `replace`, puts them in place of its free codes; the codes already given stay
   * given (a code given once is never given again). Answers how many were added and how many were given already.
   */
  async uploadCodes(
    sourceId: number,
    codes: readonly string[],
    replace: boolean,
  ): Promise<{ added: number; skipped: number }> {
    return this.db.transaction(async (tx) => {
      // Two uploads to one list at once would otherwise interleave their replaces.
      await tx.query('SELECT id FROM coupon_sources WHERE id = $1::bigint FOR UPDATE', [sourceId]);
      if (replace)
        await tx.query('DELETE FROM coupon_codes WHERE source_id = $1::bigint AND lead_key_hmac IS NULL', [sourceId]);
      let added = 0;
      for (let start = 0; start < codes.length; start += 10_000) {
        const [row] = await tx.query<{ count: number }>(
          `WITH added AS (
             INSERT INTO coupon_codes (source_id, code) SELECT $1::bigint, code FROM unnest($2::text[]) WITH ORDINALITY AS c (code, ord)
             ORDER BY ord ON CONFLICT (source_id, code) DO NOTHING RETURNING 1
           ) SELECT count(*)::int AS count FROM added`,
          [sourceId, codes.slice(start, start + 10_000)],
        );
        added += row!.count;
      }
      await tx.query(
        'UPDATE coupon_sources SET low_stock_alerted_at = NULL, updated_at = now() WHERE id = $1::bigint',
        [sourceId],
      );
      return { added, skipped: codes.length - added };
    });
  }

  /** The code this lead was given by the source, if any. */
  async givenCode(sourceId: number, keyHmac: string): Promise<string | null> {
    const rows = await this.db.query<{ code: string }>(
      'SELECT code FROM coupon_codes WHERE source_id = $1::bigint AND lead_key_hmac = $2',
      [sourceId, keyHmac],
    );
    return rows[0]?.code ?? null;
  }

  /** A free code of the list for this lead, or the one it took before; null when none is left. */
  async takeFromList(sourceId: number, keyHmac: string): Promise<string | null> {
    try {
      const rows = await this.db.query<{ code: string }>(
        `WITH mine AS (
           SELECT code FROM coupon_codes WHERE source_id = $1::bigint AND lead_key_hmac = $2
         ), taken AS (
           UPDATE coupon_codes SET lead_key_hmac = $2, given_at = now()
           WHERE id = (
             SELECT id FROM coupon_codes WHERE source_id = $1::bigint AND lead_key_hmac IS NULL AND NOT EXISTS (SELECT 1 FROM mine)
             ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
           )
           RETURNING code
         )
         SELECT code FROM mine UNION ALL SELECT code FROM taken`,
        [sourceId, keyHmac],
      );
      return rows[0]?.code ?? null;
    } catch (error) {
      // The same lead, sent twice at once, took a code by the other request first: that one is its code.
      if (isUniqueViolation(error)) return this.givenCode(sourceId, keyHmac);
      throw error;
    }
  }

  /**
   * Records `code` as this lead's, unless the lead has one already: 'given' when recorded, else the code it has, or
   * 'taken' when another lead of the source has this code (make another one).
   */
  async recordGenerated(
    sourceId: number,
    keyHmac: string,
    code: string,
  ): Promise<'given' | 'taken' | { code: string }> {
    const existing = await this.givenCode(sourceId, keyHmac);
    if (existing) return { code: existing };
    try {
      await this.db.query(
        'INSERT INTO coupon_codes (source_id, code, lead_key_hmac, given_at) VALUES ($1::bigint, $2, $3, now())',
        [sourceId, code, keyHmac],
      );
      return 'given';
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const mine = await this.givenCode(sourceId, keyHmac);
      return mine ? { code: mine } : 'taken';
    }
  }

  /** Forgets a generated code the shop refused to create, so that a retry of the lead tries again. */
  async forgetCode(sourceId: number, keyHmac: string): Promise<void> {
    await this.db.query('DELETE FROM coupon_codes WHERE source_id = $1::bigint AND lead_key_hmac = $2', [
      sourceId,
      keyHmac,
    ]);
  }

  /**
   * When the list's free codes are at or under its threshold and its owners were not told since its last upload:
   * marks them told and answers what to tell them. One process at most tells them (the UPDATE takes the mark).
   */
  async takeLowStockAlert(sourceId: number): Promise<{
    clientId: string;
    poptinId: string;
    popupName: string;
    prizeId: string;
    left: number;
    owners: string[];
  } | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `WITH source AS (
         SELECT s.id, (SELECT count(*)::int FROM (
           SELECT 1 FROM coupon_codes c WHERE c.source_id = s.id AND c.lead_key_hmac IS NULL LIMIT s.low_stock_threshold + 1) free) AS left_count
         FROM coupon_sources s WHERE s.id = $1::bigint AND s.kind = 'list' AND s.low_stock_alerted_at IS NULL
       )
       UPDATE coupon_sources s SET low_stock_alerted_at = now() FROM source
       WHERE s.id = source.id AND source.left_count <= s.low_stock_threshold
       RETURNING s.client_id, s.poptin_id, s.prize_id, source.left_count,
         (SELECT COALESCE(p.config->>'poptin_name', '') FROM popups p WHERE p.poptin_id = s.poptin_id) AS poptin_name,
         ARRAY(SELECT o.email FROM owner_sites g JOIN owners o ON o.id = g.owner_id WHERE g.client_id = s.client_id ORDER BY o.email) AS owners`,
      [sourceId],
    );
    const row = rows[0];
    return row
      ? {
          clientId: row.client_id as string,
          poptinId: row.poptin_id as string,
          popupName: row.poptin_name as string,
          prizeId: row.prize_id as string,
          left: Number(row.left_count),
          owners: row.owners as string[],
        }
      : null;
  }
}
