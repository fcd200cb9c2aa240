// Sites (the `clients` table) as the console sees them: the few settings an owner edits, and who may see them.
import type { OriginSeen } from '../../src/core/api/site-contract.ts';
import type { ConfigChanges } from '../configuration/repository.ts';
import type { Database } from '../db/database.ts';
import type { Language, Owner, Site } from './contract.ts';
import { originsSeenBy } from './installation.ts';

const SITE_COLUMNS =
  'client_id, name, lang, allowed_origins, time_zone, email_sender_name, email_reply_to, privacy_url';

const toSite = (row: Record<string, unknown>): Site => ({
  clientId: row.client_id as string,
  name: row.name as string,
  language: row.lang as Language,
  allowedOrigins: row.allowed_origins as string[],
  timeZone: (row.time_zone as string | null) ?? null,
  emailSenderName: (row.email_sender_name as string | null) ?? null,
  emailReplyTo: (row.email_reply_to as string | null) ?? null,
  privacyUrl: (row.privacy_url as string | null) ?? null,
});

/** The e-mail settings an owner changes: text sets, "" clears, absent keeps. */
export type SiteEmailChanges = { emailSenderName?: string; emailReplyTo?: string; privacyUrl?: string };

export class Sites {
  constructor(
    private readonly db: Database,
    private readonly configuration: ConfigChanges,
  ) {}

  /** The sites an owner sees: every one for an admin, the granted ones otherwise. */
  async visibleTo(owner: Owner): Promise<Site[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${SITE_COLUMNS} FROM clients c
       WHERE $1::boolean OR EXISTS (SELECT 1 FROM owner_sites g WHERE g.owner_id = $2 AND g.client_id = c.client_id)
       ORDER BY client_id`,
      [owner.isAdmin, owner.id],
    );
    return rows.map(toSite);
  }

  async all(): Promise<Site[]> {
    return (await this.db.query<Record<string, unknown>>(`SELECT ${SITE_COLUMNS} FROM clients ORDER BY client_id`)).map(
      toSite,
    );
  }

  async find(clientId: string): Promise<Site | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${SITE_COLUMNS} FROM clients WHERE client_id = $1`,
      [clientId],
    );
    return rows[0] ? toSite(rows[0]) : null;
  }

  /**
   * Creates a site made in the console; null when its client id is taken, whatever its case: ids that differ by
   * case alone would be two sites to the server and one to a person reading them.
   */
  async create(site: Site): Promise<Site | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `INSERT INTO clients (client_id, name, allowed_origins, lang, time_zone, source, owner_edited_at)
       SELECT $1, $2, $3::jsonb, $4, $5, 'console', now()
       WHERE NOT EXISTS (SELECT 1 FROM clients WHERE lower(client_id) = lower($1))
       ON CONFLICT DO NOTHING RETURNING ${SITE_COLUMNS}`,
      [site.clientId, site.name, JSON.stringify(site.allowedOrigins), site.language, site.timeZone],
    );
    if (!rows[0]) return null;
    await this.configuration.configChanged(site.clientId);
    return toSite(rows[0]);
  }

  /** The client id of an existing site that is `clientId` but for case, or null. */
  async idTakenBy(clientId: string): Promise<string | null> {
    const rows = await this.db.query<{ client_id: string }>(
      'SELECT client_id FROM clients WHERE lower(client_id) = lower($1) ORDER BY client_id LIMIT 1',
      [clientId],
    );
    return rows[0]?.client_id ?? null;
  }

  /** Changes what an owner edits; from then on the site's file no longer changes these settings. */
  async update(
    clientId: string,
    changes: { name?: string; allowedOrigins?: string[]; language?: Language; timeZone?: string } & SiteEmailChanges,
  ): Promise<Site | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `UPDATE clients SET name = COALESCE($2, name), allowed_origins = COALESCE($3::jsonb, allowed_origins), lang = COALESCE($4, lang),
         time_zone = COALESCE($5, time_zone),
         email_sender_name = CASE WHEN $6::text IS NULL THEN email_sender_name ELSE NULLIF($6::text, '') END,
         email_reply_to = CASE WHEN $7::text IS NULL THEN email_reply_to ELSE NULLIF($7::text, '') END,
         privacy_url = CASE WHEN $8::text IS NULL THEN privacy_url ELSE NULLIF($8::text, '') END,
         owner_edited_at = now(), updated_at = now()
       WHERE client_id = $1 RETURNING ${SITE_COLUMNS}`,
      [
        clientId,
        changes.name ?? null,
        changes.allowedOrigins ? JSON.stringify(changes.allowedOrigins) : null,
        changes.language ?? null,
        changes.timeZone ?? null,
        changes.emailSenderName?.trim() ?? null,
        changes.emailReplyTo?.trim() ?? null,
        changes.privacyUrl?.trim() ?? null,
      ],
    );
    if (!rows[0]) return null;
    await this.configuration.configChanged(clientId);
    return toSite(rows[0]);
  }

  /** The origins the site's display calls came from, the most recent first. */
  originsSeen(clientId: string): Promise<OriginSeen[]> {
    return originsSeenBy(this.db, clientId);
  }
}
