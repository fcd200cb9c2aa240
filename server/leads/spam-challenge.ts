// The proof of work a lead form does while the visitor types (ALTCHA's v2 challenges, altcha-lib on both ends): the
// server signs a challenge, the page finds its counter in the background, and the conversion call brings it back. A
// solved challenge is taken once. Signed with a key made once and kept beside the delivery key, so that every
// process signs and checks alike; used challenges are kept in the database until they expire, for the same reason.
import { randomBytes, randomInt } from 'node:crypto';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { SqlRunner } from '../db/database.ts';

/** The challenge's algorithm: SHA-256, which every browser's Web Crypto has. */
const ALGORITHM = 'SHA-256';
/**
 * The solver tries counters from 0 up to the one the server drew, at most this: about 0.1 s on a laptop and 0.4 s on a
 * phone-class CPU (4× slower) with Web Crypto (docs/performance.md, "The lead form's proof of work").
 */
export const MAX_COUNTER = 5_000;
/** A challenge is good this long after it was given: a visitor may keep a form open a while before sending it. */
export const CHALLENGE_MINUTES = 30;

const KEY_NAME = 'lead-challenges';

export type ProofVerdict = 'valid' | 'missing' | 'forged' | 'expired' | 'replayed';

/** The message a refused lead is answered with, by why its proof did not hold. */
export const PROOF_REFUSALS: Record<Exclude<ProofVerdict, 'valid'>, string> = {
  missing:
    "This site takes leads only with the widget's proof of work (field proof_of_work): send the form from the pop-up, or send server-side with a token of the site",
  forged: 'The proof of work of this lead is not one this server gave, or is not solved',
  expired: 'The proof of work of this lead has expired: send the form again',
  replayed: 'The proof of work of this lead was already used for another lead: each lead needs its own',
};

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

/** The page's `proof_of_work` field (base64 of `{challenge, solution}` JSON), or null when it is not one. */
function readPayload(field: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(field, 'base64').toString('utf8')) as Payload;
    const { challenge, solution } = payload ?? {};
    if (typeof challenge?.signature !== 'string' || typeof challenge.parameters !== 'object' || !solution) return null;
    if (challenge.parameters.algorithm !== ALGORITHM) return null;
    return payload;
  } catch {
    return null;
  }
}

export class LeadChallenges {
  private secrets: Promise<{ signature: string; key: string }> | null = null;

  constructor(private readonly db: SqlRunner) {}

  private secretsNow() {
    this.secrets ??= (async () => {
      await this.db.query('INSERT INTO delivery_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        KEY_NAME,
        randomBytes(32).toString('base64'),
      ]);
      const [row] = await this.db.query<{ key: string }>('SELECT key FROM delivery_keys WHERE name = $1', [KEY_NAME]);
      return { signature: `${row!.key}:challenge`, key: `${row!.key}:key` };
    })();
    this.secrets.catch(() => (this.secrets = null));
    return this.secrets;
  }

  /** A new challenge for a form of `clientId`'s site. */
  async challengeFor(clientId: string, now = Date.now()): Promise<Challenge> {
    const secrets = await this.secretsNow();
    // The server knows the answer (a drawn counter), so checking it is one HMAC, not the work again.
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(MAX_COUNTER + 1),
      deriveKey,
      data: { site: clientId },
      expiresAt: Math.floor(now / 1000) + CHALLENGE_MINUTES * 60,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    });
  }

  /**
   * Whether the lead's proof holds for `clientId`'s site, and takes it: a challenge is good for one lead. The outbox's
   * retry of that same lead (its idempotency key) is no replay, even past the challenge's time, once the lead is stored.
   */
  async take(field: string, clientId: string, idempotencyKey: string): Promise<ProofVerdict> {
    if (!field) return 'missing';
    const payload = readPayload(field);
    if (!payload || payload.challenge.parameters.data?.site !== clientId) return 'forged';
    const secrets = await this.secretsNow();
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    }).catch(() => null);
    const signature = payload.challenge.signature!;
    if (result?.expired) return (await this.usedFor(signature, idempotencyKey)) ? 'valid' : 'expired';
    if (!result?.verified) return 'forged';
    const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
    const taken = await this.db.query(
      `INSERT INTO lead_challenges_used (signature, idempotency_key, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (signature) DO NOTHING RETURNING signature`,
      [signature, idempotencyKey, expiresAt],
    );
    if (taken.length === 0 && !(await this.usedFor(signature, idempotencyKey))) return 'replayed';
    // The used challenges past their time can no longer be replayed (they have expired): now and then, they go.
    if (Math.random() < 0.02)
      await this.db.query('DELETE FROM lead_challenges_used WHERE expires_at < now()').catch(() => undefined);
    return 'valid';
  }

  /** Whether the challenge was taken by this very lead (a retry), or by this lead now stored. */
  private async usedFor(signature: string, idempotencyKey: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM lead_challenges_used WHERE signature = $1 AND idempotency_key = $2
       UNION ALL SELECT 1 FROM conversions WHERE idempotency_key = $2 LIMIT 1`,
      [signature, idempotencyKey],
    );
    return rows.length > 0;
  }

  /** One more lead the rule refused today, for the console's weekly counts. */
  async countRefusal(clientId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO spam_refusals (client_id, day, reason, leads) VALUES ($1, current_date, 'proof-of-work', 1)
       ON CONFLICT (client_id, day, reason) DO UPDATE SET leads = spam_refusals.leads + 1`,
      [clientId],
    );
  }
}
