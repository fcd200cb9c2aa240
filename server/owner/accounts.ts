// Owner accounts, their sessions, the sites granted to them and the per-site API tokens: every query of the
// console's access control, in SQL that runs unchanged on PGlite and PostgreSQL.
import { createHash, randomBytes } from 'node:crypto';
import type { SiteToken, SiteTokenCreator, SiteTokenScope } from '../../src/core/api/site-token-contract.ts';
import type { Database } from '../db/database.ts';
import type { Language, Owner, OwnerWithSites } from './contract.ts';
import { hashPassword } from './passwords.ts';

/** Who makes a token: a signed-in owner, or an owner key. */
export type TokenMaker = { ownerId: number } | { key: 'OWNER_TOKEN' | 'client token' };

/** What a token presented on a request opens. */
export interface TokenAccess {
  tokenId: number;
  clientId: string;
  scopes: SiteTokenScope[];
}

/** A session lasts 14 days from sign-in; signing in again starts a new one. */
export const SESSION_DAYS = 14;
export const SITE_TOKEN_PREFIX = 'pte_';
/** A token's last use is written at most this often, not at every request. */
export const TOKEN_USE_NOTE_MS = 60_000;
/** A browser that signed in is remembered this long after its last sign-in. */
export const BROWSER_DAYS = 365;
/** A mailed sign-in link works once, within this time. */
export const SIGN_IN_LINK_MINUTES = 15;

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
/** 32 random bytes in base64url: a session id or a token secret nobody can guess. */
export const randomSecret = () => randomBytes(32).toString('base64url');

const OWNER_COLUMNS = 'id, email, name, is_admin, language';

function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function toOwner(row: Record<string, unknown>): Owner {
  return {
    id: Number(row.id),
    email: row.email as string,
    name: row.name as string,
    isAdmin: row.is_admin as boolean,
    language: row.language as Language,
  };
}

export class Accounts {
  constructor(private readonly db: Database) {}

  async findOwnerByEmail(email: string): Promise<(Owner & { passwordHash: string }) | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${OWNER_COLUMNS}, password_hash FROM owners WHERE lower(email) = lower($1)`,
      [email],
    );
    return rows[0] ? { ...toOwner(rows[0]), passwordHash: rows[0].password_hash as string } : null;
  }

  async findOwner(id: number): Promise<(Owner & { passwordHash: string }) | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${OWNER_COLUMNS}, password_hash FROM owners WHERE id = $1`,
      [id],
    );
    return rows[0] ? { ...toOwner(rows[0]), passwordHash: rows[0].password_hash as string } : null;
  }

  async countOwners(): Promise<number> {
    const rows = await this.db.query<{ owners: number }>('SELECT count(*)::int AS owners FROM owners');
    return rows[0]?.owners ?? 0;
  }

  /** Creates an owner; null when the e-mail is taken already. */
  async createOwner(input: {
    email: string;
    name: string;
    password: string;
    isAdmin: boolean;
    language?: Language;
  }): Promise<Owner | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `INSERT INTO owners (email, name, password_hash, is_admin, language) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING ${OWNER_COLUMNS}`,
      [input.email, input.name, await hashPassword(input.password), input.isAdmin, input.language ?? 'en'],
    );
    return rows[0] ? toOwner(rows[0]) : null;
  }

  async updateOwner(
    id: number,
    changes: { name?: string; language?: Language; isAdmin?: boolean },
  ): Promise<Owner | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `UPDATE owners SET name = COALESCE($2, name), language = COALESCE($3, language), is_admin = COALESCE($4, is_admin), updated_at = now()
       WHERE id = $1 RETURNING ${OWNER_COLUMNS}`,
      [id, changes.name ?? null, changes.language ?? null, changes.isAdmin ?? null],
    );
    return rows[0] ? toOwner(rows[0]) : null;
  }

  async setPassword(id: number, password: string): Promise<void> {
    await this.db.query('UPDATE owners SET password_hash = $2, updated_at = now() WHERE id = $1', [
      id,
      await hashPassword(password),
    ]);
  }

  async deleteOwner(id: number): Promise<boolean> {
    return (await this.db.query('DELETE FROM owners WHERE id = $1 RETURNING id', [id])).length > 0;
  }

  async listOwners(): Promise<OwnerWithSites[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${OWNER_COLUMNS}, ARRAY(SELECT client_id FROM owner_sites s WHERE s.owner_id = o.id ORDER BY client_id) AS sites
       FROM owners o ORDER BY lower(email)`,
    );
    return rows.map((row) => ({ ...toOwner(row), sites: row.sites as string[] }));
  }

  // Sites granted to owners.

  async grantedSites(ownerId: number): Promise<string[]> {
    const rows = await this.db.query<{ client_id: string }>(
      'SELECT client_id FROM owner_sites WHERE owner_id = $1 ORDER BY client_id',
      [ownerId],
    );
    return rows.map((row) => row.client_id);
  }

  async mayOpenSite(owner: Owner, clientId: string): Promise<boolean> {
    if (owner.isAdmin) return true;
    const rows = await this.db.query('SELECT 1 FROM owner_sites WHERE owner_id = $1 AND client_id = $2', [
      owner.id,
      clientId,
    ]);
    return rows.length > 0;
  }

  async grantSite(ownerId: number, clientId: string): Promise<void> {
    await this.db.query('INSERT INTO owner_sites (owner_id, client_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      ownerId,
      clientId,
    ]);
  }

  /** The owner is granted exactly these sites (those that exist). */
  async setGrantedSites(ownerId: number, clientIds: readonly string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM owner_sites WHERE owner_id = $1', [ownerId]);
      await tx.query(
        'INSERT INTO owner_sites (owner_id, client_id) SELECT $1, client_id FROM clients WHERE client_id = ANY($2::text[]) ON CONFLICT DO NOTHING',
        [ownerId, clientIds],
      );
    });
  }

  // Sessions: the cookie holds a random id, the table its SHA-256.

  /** Starts a session and answers the id for the cookie. */
  async startSession(ownerId: number): Promise<string> {
    const id = randomSecret();
    // The owner's expired sessions go as a new one starts, so the table holds about one row per browser.
    await this.db.query('DELETE FROM owner_sessions WHERE owner_id = $1 AND expires_at <= now()', [ownerId]);
    await this.db.query(
      `INSERT INTO owner_sessions (id_sha256, owner_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
      [sha256Hex(id), ownerId, SESSION_DAYS],
    );
    return id;
  }

  /** The owner of an unexpired session; expired ones are removed as they are met. */
  async sessionOwner(sessionId: string): Promise<Owner | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT o.id, o.email, o.name, o.is_admin, o.language, s.expires_at > now() AS current
       FROM owner_sessions s JOIN owners o ON o.id = s.owner_id WHERE s.id_sha256 = $1`,
      [sha256Hex(sessionId)],
    );
    const row = rows[0];
    if (!row) return null;
    if (!row.current) {
      await this.endSession(sessionId);
      return null;
    }
    return toOwner(row);
  }

  async endSession(sessionId: string): Promise<void> {
    await this.db.query('DELETE FROM owner_sessions WHERE id_sha256 = $1', [sha256Hex(sessionId)]);
  }

  /** Ends every session of the owner, but the one kept (the caller's own, after a password change). */
  async endSessionsOf(ownerId: number, keptSessionId?: string): Promise<void> {
    await this.db.query('DELETE FROM owner_sessions WHERE owner_id = $1 AND id_sha256 <> $2', [
      ownerId,
      keptSessionId ? sha256Hex(keptSessionId) : '',
    ]);
  }

  // Browsers that signed in: the `poptin_browser` cookie holds a random id, the table its SHA-256.

  /** Whether the browser of this id has signed in to the account of this e-mail (within BROWSER_DAYS). */
  async isKnownBrowser(email: string, browserId: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM owner_browsers b JOIN owners o ON o.id = b.owner_id
       WHERE b.id_sha256 = $1 AND lower(o.email) = lower($2) AND b.signed_in_at > now() - make_interval(days => $3)`,
      [sha256Hex(browserId), email, BROWSER_DAYS],
    );
    return rows.length > 0;
  }

  /** Notes a sign-in from this browser; answers its id for the cookie (a new one unless it was this owner's). */
  async rememberBrowser(ownerId: number, browserId: string | null): Promise<string> {
    if (browserId) {
      const kept = await this.db.query(
        'UPDATE owner_browsers SET signed_in_at = now() WHERE id_sha256 = $1 AND owner_id = $2 RETURNING 1',
        [sha256Hex(browserId), ownerId],
      );
      if (kept.length > 0) return browserId;
    }
    const id = randomSecret();
    await this.db.query(
      'DELETE FROM owner_browsers WHERE owner_id = $1 AND signed_in_at <= now() - make_interval(days => $2)',
      [ownerId, BROWSER_DAYS],
    );
    await this.db.query('INSERT INTO owner_browsers (id_sha256, owner_id) VALUES ($1, $2)', [sha256Hex(id), ownerId]);
    return id;
  }

  // One-time sign-in links: the mail holds a random token, the table its SHA-256.

  /** A new sign-in link's token for the owner; their expired ones go. */
  async createSignInLink(ownerId: number): Promise<string> {
    const token = randomSecret();
    await this.db.query('DELETE FROM owner_sign_in_links WHERE owner_id = $1 AND expires_at <= now()', [ownerId]);
    await this.db.query(
      `INSERT INTO owner_sign_in_links (token_sha256, owner_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [sha256Hex(token), ownerId, SIGN_IN_LINK_MINUTES],
    );
    return token;
  }

  /** The owner a link signs in, or null for a used, expired or unknown one; a link is spent by its first use. */
  async useSignInLink(token: string): Promise<Owner | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `WITH used AS (DELETE FROM owner_sign_in_links WHERE token_sha256 = $1 RETURNING owner_id, expires_at > now() AS current)
       SELECT ${OWNER_COLUMNS} FROM owners WHERE id = (SELECT owner_id FROM used WHERE current)`,
      [sha256Hex(token)],
    );
    return rows[0] ? toOwner(rows[0]) : null;
  }

  // Per-site API tokens.

  async listSiteTokens(clientId: string): Promise<SiteToken[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT t.id, t.name, t.scopes, t.made_with_key, o.email AS creator_email, t.created_at, t.last_used_at
       FROM site_tokens t LEFT JOIN owners o ON o.id = t.created_by WHERE t.client_id = $1 ORDER BY t.id`,
      [clientId],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name as string,
      scopes: row.scopes as SiteTokenScope[],
      createdBy: creatorOf(row),
      createdAt: toIso(row.created_at),
      lastUsedAt: row.last_used_at === null ? null : toIso(row.last_used_at),
    }));
  }

  /** Creates a token and answers its secret, which is not kept anywhere but in the answer. */
  async createSiteToken(
    clientId: string,
    input: { name: string; scopes: readonly SiteTokenScope[]; madeBy: TokenMaker },
  ): Promise<{ token: SiteToken; secret: string }> {
    const secret = SITE_TOKEN_PREFIX + randomSecret();
    const { madeBy } = input;
    const [row] = await this.db.query<Record<string, unknown>>(
      `INSERT INTO site_tokens (client_id, name, secret_sha256, scopes, created_by, made_with_key)
       VALUES ($1, $2, $3, $4::text[], $5, $6)
       RETURNING id, name, scopes, made_with_key, (SELECT email FROM owners WHERE id = $5) AS creator_email, created_at`,
      [
        clientId,
        input.name,
        sha256Hex(secret),
        input.scopes,
        'ownerId' in madeBy ? madeBy.ownerId : null,
        'key' in madeBy ? madeBy.key : null,
      ],
    );
    return {
      token: {
        id: Number(row!.id),
        name: row!.name as string,
        scopes: row!.scopes as SiteTokenScope[],
        createdBy: creatorOf(row!),
        createdAt: toIso(row!.created_at),
        lastUsedAt: null,
      },
      secret,
    };
  }

  async revokeSiteToken(clientId: string, tokenId: number): Promise<boolean> {
    return (
      (
        await this.db.query('DELETE FROM site_tokens WHERE client_id = $1 AND id = $2 RETURNING id', [
          clientId,
          tokenId,
        ])
      ).length > 0
    );
  }

  /**
   * What a token opens, or null. A token an owner made works only while that owner may open its site (deleting
   * the owner deletes the token). Its use is noted, at most once a minute, so that scripts cost no write each.
   */
  async tokenAccess(secret: string): Promise<TokenAccess | null> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT t.id, t.client_id, t.scopes,
         t.last_used_at IS NULL OR t.last_used_at < now() - make_interval(secs => $2) AS note_use
       FROM site_tokens t LEFT JOIN owners o ON o.id = t.created_by
       WHERE t.secret_sha256 = $1
         AND (t.created_by IS NULL OR o.is_admin
           OR EXISTS (SELECT 1 FROM owner_sites s WHERE s.owner_id = t.created_by AND s.client_id = t.client_id))`,
      [sha256Hex(secret), TOKEN_USE_NOTE_MS / 1000],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.note_use) await this.db.query('UPDATE site_tokens SET last_used_at = now() WHERE id = $1', [row.id]);
    return { tokenId: Number(row.id), clientId: row.client_id as string, scopes: row.scopes as SiteTokenScope[] };
  }
}

function creatorOf(row: Record<string, unknown>): SiteTokenCreator {
  if (typeof row.creator_email === 'string') return { email: row.creator_email };
  if (row.made_with_key === 'OWNER_TOKEN' || row.made_with_key === 'client token') return { key: row.made_with_key };
  return null;
}
