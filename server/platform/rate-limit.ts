export interface RateLimitSettings {
  /** Requests a client may make in a burst. */
  capacity: number;
  /** Time in which an empty bucket fills up again. */
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { capacity: 120, windowMs: 10_000 };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

// Beyond this many tracked clients, buckets that have refilled completely are dropped: they hold no
// information a fresh bucket would not.
const MAX_TRACKED_KEYS = 10_000;

/** A token bucket per key (client IP), kept in this process only. */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly tokensPerMs: number;

  constructor(private readonly settings: RateLimitSettings) {
    this.tokensPerMs = settings.capacity / settings.windowMs;
  }

  take(key: string, now = Date.now()): RateDecision {
    const bucket = this.refill(this.buckets.get(key), now);
    const decision = this.decide(bucket);
    if (decision.allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_TRACKED_KEYS) this.dropFullBuckets(now);
    return decision;
  }

  /** Returns a token spent on a request that turned out to count for nothing (a successful sign-in). */
  giveBack(key: string, now = Date.now()): void {
    const bucket = this.buckets.get(key);
    if (!bucket) return;
    const refilled = this.refill(bucket, now);
    this.buckets.set(key, { tokens: Math.min(this.settings.capacity, refilled.tokens + 1), updatedAt: now });
  }

  /** What `take` would answer now, without spending a token. */
  peek(key: string, now = Date.now()): RateDecision {
    return this.decide(this.refill(this.buckets.get(key), now));
  }

  private decide(bucket: Bucket): RateDecision {
    if (bucket.tokens >= 1) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.tokensPerMs / 1000)) };
  }

  private refill(bucket: Bucket | undefined, now: number): Bucket {
    if (!bucket) return { tokens: this.settings.capacity, updatedAt: now };
    const tokens = Math.min(this.settings.capacity, bucket.tokens + (now - bucket.updatedAt) * this.tokensPerMs);
    return { tokens, updatedAt: now };
  }

  private dropFullBuckets(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (this.refill(bucket, now).tokens >= this.settings.capacity) this.buckets.delete(key);
    }
  }
}
