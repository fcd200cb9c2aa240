// The rate limits as the server uses them: in this process's memory on PGlite (one process owns its data
// folder), in the database on PostgreSQL, where several server processes behind one address share the
// buckets, so that a client spreading its requests over them gets no more than from one.
import type { Database } from '../db/database.ts';
import { InFlight } from './in-flight.ts';
import { type RateDecision, type RateLimitSettings, TokenBucketLimiter } from './rate-limit.ts';

export interface RateLimiter {
  /** Spends a token of `key` when it has one. */
  take(key: string): Promise<RateDecision>;
  /** What `take` would answer now, without spending. */
  peek(key: string): Promise<RateDecision>;
  /** Returns one token that `take` spent (never beyond the capacity). */
  giveBack(key: string): Promise<void>;
  /** Settles once the clean-ups it started beside the requests have (a stop waits for them before the database closes). */
  settled(): Promise<void>;
}

export function memoryRateLimiter(settings: RateLimitSettings): RateLimiter {
  const limiter = new TokenBucketLimiter(settings);
  return {
    take: async (key) => limiter.take(key),
    peek: async (key) => limiter.peek(key),
    giveBack: async (key) => limiter.giveBack(key),
    settled: async () => undefined,
  };
}

// One in this many trips to the database also forgets the buckets that have refilled completely.
const CLEAN_UP_EVERY = 500;
/** A process takes at most this share of a bucket's capacity at once, and never more than MAX_LEASE tokens. */
const LEASE_SHARE = 1 / 20;
const MAX_LEASE = 1_000;
/** Leased tokens not spent within this time are dropped, so a process never sits on a client's tokens for long. */
export const LEASE_MS = 1_000;
/** Leases kept at once before the spent and lapsed ones are swept out. */
export const MAX_LEASES = 10_000;

interface Lease {
  tokens: number;
  until: number;
}

/**
 * The same token bucket as TokenBucketLimiter, one row per (scope, key), refilled and spent in a single
 * statement so that concurrent processes never both spend the last token. The database's clock is the
 * only clock, so processes whose clocks differ still agree.
 *
 * Every request of an address would otherwise wait for an update of that address's one row, and requests of
 * one address queue on its row lock: a process leases a few tokens at once (a twentieth of the capacity, at
 * most a thousand; one when the capacity is small) and spends them from memory for at most LEASE_MS. Leased
 * tokens are already spent in the shared bucket, so the processes together never allow more than the limit.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private readonly tokensPerMs: number;
  private readonly leaseSize: number;
  private readonly leases = new Map<string, Lease>();
  private readonly leasing = new Map<string, Promise<RateDecision>>();
  private trips = 0;
  private readonly cleanUps = new InFlight();

  constructor(
    private readonly db: Database,
    private readonly scope: string,
    private readonly settings: RateLimitSettings,
  ) {
    this.tokensPerMs = settings.capacity / settings.windowMs;
    this.leaseSize = Math.max(1, Math.min(MAX_LEASE, Math.floor(settings.capacity * LEASE_SHARE)));
  }

  async take(key: string): Promise<RateDecision> {
    for (;;) {
      const lease = this.usableLease(key);
      if (lease) {
        lease.tokens -= 1;
        return { allowed: true };
      }
      const inFlight = this.leasing.get(key);
      if (!inFlight) break;
      // Another request of this address is leasing: its tokens may serve this one too.
      const decision = await inFlight;
      if (!decision.allowed) return decision;
    }
    const leased = this.lease(key).finally(() => this.leasing.delete(key));
    this.leasing.set(key, leased);
    return leased;
  }

  peek(key: string): Promise<RateDecision> {
    if (this.usableLease(key)) return Promise.resolve({ allowed: true });
    return this.spend(key, 0).then(({ decision }) => decision);
  }

  async giveBack(key: string): Promise<void> {
    const lease = this.leases.get(key);
    if (lease && lease.until > Date.now()) {
      lease.tokens += 1;
      return;
    }
    await this.db.query(
      'UPDATE rate_buckets SET tokens = LEAST($3::double precision, tokens + 1) WHERE scope = $1 AND bucket_key = $2',
      [this.scope, key, this.settings.capacity],
    );
  }

  settled(): Promise<void> {
    return this.cleanUps.settled();
  }

  /** How many addresses this process holds a lease for (kept under MAX_LEASES by sweeping lapsed ones). */
  get leasesHeld(): number {
    return this.leases.size;
  }

  /** The key's lease, if it still holds a whole token and has not run out of time. */
  private usableLease(key: string): Lease | null {
    const lease = this.leases.get(key);
    return lease && lease.tokens >= 1 && lease.until > Date.now() ? lease : null;
  }

  /** Takes up to a lease of tokens, spends one of them now and keeps the rest for the next requests. */
  private async lease(key: string): Promise<RateDecision> {
    this.leases.delete(key);
    if (++this.trips % CLEAN_UP_EVERY === 0) void this.cleanUps.add(this.forgetFullBuckets().catch(() => undefined));
    const { decision, granted } = await this.spend(key, this.leaseSize);
    if (granted > 1) {
      // Many addresses, each with a lease: the spent and lapsed ones go, so the map stays bounded.
      if (this.leases.size >= MAX_LEASES) this.forgetSpentLeases();
      this.leases.set(key, { tokens: granted - 1, until: Date.now() + LEASE_MS });
    }
    return decision;
  }

  /** Spends as many whole tokens as the bucket holds, up to `wanted` (0: only looks). */
  private async spend(key: string, wanted: number): Promise<{ decision: RateDecision; granted: number }> {
    const refilled =
      'LEAST($3::double precision, b.tokens + EXTRACT(EPOCH FROM now() - b.updated_at) * 1000 * $4::double precision)';
    const granted = `LEAST(FLOOR(${refilled}), $5::double precision)`;
    const [row] = await this.db.query<{ tokens: number; granted: number; allowed: boolean }>(
      `INSERT INTO rate_buckets AS b (scope, bucket_key, tokens, allowed, granted, updated_at)
       VALUES ($1, $2, $3::double precision - LEAST($3::double precision, $5::double precision), true, LEAST($3::double precision, $5::double precision), now())
       ON CONFLICT (scope, bucket_key) DO UPDATE SET
         allowed = ${refilled} >= 1,
         granted = CASE WHEN ${refilled} >= 1 THEN ${granted} ELSE 0 END,
         tokens = ${refilled} - CASE WHEN ${refilled} >= 1 THEN ${granted} ELSE 0 END,
         updated_at = now()
       RETURNING tokens, granted, allowed`,
      [this.scope, key, this.settings.capacity, this.tokensPerMs, wanted],
    );
    if (row!.allowed) return { decision: { allowed: true }, granted: Number(row!.granted) };
    const tokens = Number(row!.tokens);
    return {
      decision: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.tokensPerMs / 1000)) },
      granted: 0,
    };
  }

  private forgetSpentLeases(): void {
    for (const key of this.leases.keys()) if (!this.usableLease(key)) this.leases.delete(key);
  }

  private async forgetFullBuckets(): Promise<void> {
    await this.db.query(
      `DELETE FROM rate_buckets WHERE scope = $1 AND updated_at < now() - make_interval(secs => $2::double precision)`,
      [this.scope, this.settings.windowMs / 1000],
    );
  }
}

/** The limiter for this storage: shared through PostgreSQL, in memory on PGlite. */
export function rateLimiterFor(db: Database, scope: string, settings: RateLimitSettings): RateLimiter {
  return db.kind === 'postgres' ? new DatabaseRateLimiter(db, scope, settings) : memoryRateLimiter(settings);
}
