import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * scrypt at N = 2^15, r = 8, p = 1 (32 MiB, tens of milliseconds here): OWASP's recommended floor. The
 * parameters are stored with each hash, so raising them later still verifies the passwords hashed before.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

export const COMMON_PASSWORDS_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'data',
  'common-passwords.txt',
);
let commonPasswords: Set<string> | null = null;

function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}

/** Why a new password is refused, or null: the one rule of every route that sets a password. */
export function passwordWeakness(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (password.trim() === '') return 'must not be only spaces';
  if (isCommonPassword(password)) return 'is one of the most common passwords: choose one nobody would guess';
  return null;
}

/** A hash refused because the queue of hashes is full: 503, try again in a moment. */
export class PasswordWorkBusy extends Error {
  readonly statusCode = 503;
  readonly retryAfterSeconds = 1;
  constructor() {
    super('The server is busy checking passwords: retry in 1 s');
  }
}

/**
 * At most `running` hashes at once, `waiting` more in turn, the rest refused. Each scrypt takes a thread of
 * libuv's pool (four by default) and 32 MiB for tens of milliseconds: a burst of sign-ins must not take every
 * core and the pool from the display calls (PGlite's queries, file reads) around it.
 */
export class HashQueue {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: { running: number; waiting: number }) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limits.running) {
      if (this.queue.length >= this.limits.waiting) throw new PasswordWorkBusy();
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in turn, so a newcomer cannot slip in between.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const hashes = new HashQueue({ running: 2, waiting: 16 });

function derive(
  password: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
  keyBytes: number,
): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return hashes.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
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
