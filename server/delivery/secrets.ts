// Destination secrets (webhook signing secrets, vendor API keys) sealed at rest with AES-256-GCM. They must be
// usable to sign and to authenticate, so a hash would not do: a copy of the database alone does not reveal them
// when the key comes from DELIVERY_KEY and lives outside the database.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SqlRunner } from '../db/database.ts';

export class SecretBox {
  private key: Promise<Buffer> | null = null;

  /** `loadKey` is called at the first seal or open, so that a server starts while its database is away. */
  constructor(private readonly loadKey: () => Promise<Buffer>) {}

  private keyNow(): Promise<Buffer> {
    this.key ??= this.loadKey().then((key) => {
      if (key.length !== 32) throw new Error('The delivery key must be 32 bytes');
      return key;
    });
    // A failed load (the database was out of reach) is tried again next time.
    this.key.catch(() => (this.key = null));
    return this.key;
  }

  async seal(secret: string): Promise<string> {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.keyNow(), nonce);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', nonce.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(
      '.',
    );
  }

  async open(sealed: string): Promise<string> {
    const [version, nonce, tag, data] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || data === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', await this.keyNow(), Buffer.from(nonce, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}

/** DELIVERY_KEY: 32 bytes as base64 or 64 hex digits. */
export function readDeliveryKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32)
    throw new Error('DELIVERY_KEY must be 32 bytes, as base64 or 64 hex digits (e.g. `openssl rand -base64 32`)');
  return key;
}

/**
 * The key given (DELIVERY_KEY), else one made once and kept in the database, so that every process sharing it
 * seals and opens alike. The second keeps secrets out of logs and exports but not out of a copy of the database.
 */
export async function deliveryKeyOf(db: SqlRunner, given: Buffer | undefined): Promise<Buffer> {
  if (given) return given;
  await db.query('INSERT INTO delivery_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    'default',
    randomBytes(32).toString('base64'),
  ]);
  const [row] = await db.query<{ key: string }>('SELECT key FROM delivery_keys WHERE name = $1', ['default']);
  return Buffer.from(row!.key, 'base64');
}
