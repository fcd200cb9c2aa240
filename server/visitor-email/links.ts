// The links of a visitor's e-mail, signed with a key of the server's (HMAC-SHA256): a link names its action, the
// lead and when it stops working, and nothing of it can be changed or made up without the key. The key is made once
// and kept beside the delivery key, so that every process signs alike.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SqlRunner } from '../db/database.ts';

export type LinkAction = 'confirm' | 'unsubscribe';

/** An unsubscribe link works this long: a visitor may find the e-mail again months later. */
export const UNSUBSCRIBE_LINK_DAYS = 730;

const KEY_NAME = 'visitor-links';
const TOKEN = /^(confirm|unsubscribe)\.([1-9]\d{0,17})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;

export interface LinkClaim {
  action: LinkAction;
  leadId: number;
  /** Epoch seconds. */
  expires: number;
}

export class LinkSigner {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: SqlRunner) {}

  private keyNow(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db.query('INSERT INTO delivery_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        KEY_NAME,
        randomBytes(32).toString('base64'),
      ]);
      const [row] = await this.db.query<{ key: string }>('SELECT key FROM delivery_keys WHERE name = $1', [KEY_NAME]);
      return Buffer.from(row!.key, 'base64');
    })();
    this.key.catch(() => (this.key = null));
    return this.key;
  }

  private async mac(claim: LinkClaim, clientId: string): Promise<string> {
    return createHmac('sha256', await this.keyNow())
      .update(`${claim.action}\n${clientId}\n${claim.leadId}\n${claim.expires}`)
      .digest('base64url');
  }

  /** The token of a link to `action` for the lead of `clientId`, working for `days`. */
  async sign(action: LinkAction, clientId: string, leadId: number, days: number, now = Date.now()): Promise<string> {
    const claim = { action, leadId, expires: Math.floor(now / 1000) + Math.round(days * 86_400) };
    return `${action}.${leadId}.${claim.expires}.${await this.mac(claim, clientId)}`;
  }

  /** What a token claims, unchecked: its lead tells whose site signs it (`verify`). Null when it is no token. */
  static read(token: string): LinkClaim | null {
    const match = TOKEN.exec(token);
    return match ? { action: match[1] as LinkAction, leadId: Number(match[2]), expires: Number(match[3]) } : null;
  }

  /** Whether the token was signed for this lead of `clientId` and still works. */
  async verify(token: string, clientId: string, now = Date.now()): Promise<'valid' | 'expired' | 'forged'> {
    const claim = LinkSigner.read(token);
    if (!claim) return 'forged';
    const given = Buffer.from(token.slice(token.lastIndexOf('.') + 1));
    const expected = Buffer.from(await this.mac(claim, clientId));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
    return claim.expires * 1000 < now ? 'expired' : 'valid';
  }
}
