// The rate limits as the server uses them: in this process's memory on PGlite (one process owns its data
// folder), in the database on PostgreSQL, where several server processes behind one address share the
// buckets, so that a client spreading its requests over them gets no more than from one.
import type { Database } from './db/database.ts';
import { TokenBucketLimiter, type RateDecision, type RateLimitSettings } from './rate-limit.ts';

export interface RateLimiter {
  /** Spends a token of `key` when it has one. */
  take(key: string): Promise<RateDecision>;
  /** What `take` would answer now, without spending. */
  peek(key: string): Promise<RateDecision>;
}

export function memoryRateLimiter(settings: RateLimitSettings): RateLimiter {
  const limiter = new TokenBucketLimiter(settings);
  return { take: async (key) => limiter.take(key), peek: async (key) => limiter.peek(key) };
}

// One in this many takes also forgets the buckets that have refilled completely.
const CLEAN_UP_EVERY = 500;

/**
 * The same token bucket as TokenBucketLimiter, one row per (scope, key), refilled and spent in a single
 * statement so that concurrent processes never both spend the last token. The database's clock is the
 * only clock, so processes whose clocks differ still agree.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private readonly tokensPerMs: number;
  private takes = 0;

  constructor(
    private readonly db: Database,
    private readonly scope: string,
    private readonly settings: RateLimitSettings,
  ) {
    this.tokensPerMs = settings.capacity / settings.windowMs;
  }

  take(key: string): Promise<RateDecision> {
    if (++this.takes % CLEAN_UP_EVERY === 0) void this.forgetFullBuckets().catch(() => undefined);
    return this.spend(key, 1);
  }

  peek(key: string): Promise<RateDecision> {
    return this.spend(key, 0);
  }

  private async spend(key: string, cost: number): Promise<RateDecision> {
    const refilled = 'LEAST($3::double precision, b.tokens + EXTRACT(EPOCH FROM now() - b.updated_at) * 1000 * $4::double precision)';
    const [row] = await this.db.query<{ tokens: number; allowed: boolean }>(
      `INSERT INTO rate_buckets AS b (scope, bucket_key, tokens, allowed, updated_at)
       VALUES ($1, $2, $3::double precision - $5::double precision, true, now())
       ON CONFLICT (scope, bucket_key) DO UPDATE SET
         allowed = ${refilled} >= 1,
         tokens = ${refilled} - CASE WHEN ${refilled} >= 1 THEN $5::double precision ELSE 0 END,
         updated_at = now()
       RETURNING tokens, allowed`,
      [this.scope, key, this.settings.capacity, this.tokensPerMs, cost],
    );
    if (row!.allowed) return { allowed: true };
    const tokens = Number(row!.tokens);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.tokensPerMs / 1000)) };
  }

  private async forgetFullBuckets(): Promise<void> {
    await this.db.query(`DELETE FROM rate_buckets WHERE scope = $1 AND updated_at < now() - make_interval(secs => $2::double precision)`, [
      this.scope,
      this.settings.windowMs / 1000,
    ]);
  }
}

/** The limiter for this storage: shared through PostgreSQL, in memory on PGlite. */
export function rateLimiterFor(db: Database, scope: string, settings: RateLimitSettings): RateLimiter {
  return db.kind === 'postgres' ? new DatabaseRateLimiter(db, scope, settings) : memoryRateLimiter(settings);
}
