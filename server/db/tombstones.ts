// What an erasure leaves behind (docs/privacy.md): keyed hashes, never an address or a key itself. The erasure log
// keeps the address's hash, which proves that a person was erased; erased_lead_keys keeps each erased lead's
// idempotency key's hash, so that a late retry of the lead from the visitor's outbox is not stored again.
import { createHmac, randomBytes } from 'node:crypto';
import type { SqlRunner } from './database.ts';

/**
 * How long an erased lead's key blocks its retries. The widget keeps an unconfirmed lead until the server confirms
 * it, and resends it on the visitor's next pages (the "reports waiting" mark lives 30 days); the visitor's own
 * record lives at most 365 days. Deliveries stop trying after 3 days.
 */
export const ERASED_LEAD_KEY_DAYS = 365;

// The key is made once and kept beside the delivery key (delivery/secrets.ts), so that every process hashes alike.
const KEY_NAME = 'erasure';

async function erasureKeyOf(db: SqlRunner): Promise<Buffer> {
  await db.query('INSERT INTO delivery_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    KEY_NAME,
    randomBytes(32).toString('base64'),
  ]);
  const [row] = await db.query<{ key: string }>('SELECT key FROM delivery_keys WHERE name = $1', [KEY_NAME]);
  return Buffer.from(row!.key, 'base64');
}

export class ErasureHashes {
  private key: Promise<Buffer> | null = null;

  /** The key is read at the first hash, so that a server starts while its database is away. */
  constructor(private readonly db: SqlRunner) {}

  private keyNow(): Promise<Buffer> {
    this.key ??= erasureKeyOf(this.db);
    // A failed load (the database was out of reach) is tried again next time.
    this.key.catch(() => (this.key = null));
    return this.key;
  }

  /** The address in lower case, hashed with the site: one person's hashes on two sites differ. */
  async ofEmail(clientId: string, email: string): Promise<string> {
    return hmac(await this.keyNow(), `email\n${clientId}\n${email.toLowerCase()}`);
  }

  async ofLeadKeys(keys: readonly string[]): Promise<string[]> {
    const key = await this.keyNow();
    return keys.map((leadKey) => hmac(key, `lead\n${leadKey}`));
  }
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');
