import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at N = 2^15, r = 8, p = 1 (32 MiB, tens of milliseconds here): OWASP's recommended floor. The
 * parameters are stored with each hash, so raising them later still verifies the passwords hashed before.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

function derive(
  password: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
  keyBytes: number,
): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** "scrypt$N$r$p$salt$hash", salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST, KEY_BYTES);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const STORED_FORM = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/;

/** Whether `password` is the one `stored` was made from; false for a stored value it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED_FORM.exec(stored);
  if (!match) return false;
  const [, n, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt!, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(key, expected);
}

/** A hash no password matches, verified instead of a real one when an e-mail is unknown, so both take as long. */
export const UNKNOWN_OWNER_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${Buffer.alloc(SALT_BYTES).toString('base64url')}$${Buffer.alloc(KEY_BYTES).toString('base64url')}`;

/** A random password of 20 characters (120 random bits), for the demo owner. */
export const randomPassword = (): string => randomBytes(15).toString('base64url');
