import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TokenBucketLimiter } from './rate-limit.ts';

describe('TokenBucketLimiter', () => {
  it('allows a burst of `capacity` requests, then refuses with the seconds until the next token', () => {
    const limiter = new TokenBucketLimiter({ capacity: 3, windowMs: 3000 });
    for (let i = 0; i < 3; i++) assert.deepEqual(limiter.take('ip', 0), { allowed: true });
    assert.deepEqual(limiter.take('ip', 0), { allowed: false, retryAfterSeconds: 1 });
  });

  it('refills over the window and keeps keys apart', () => {
    const limiter = new TokenBucketLimiter({ capacity: 2, windowMs: 10_000 });
    limiter.take('a', 0);
    limiter.take('a', 0);
    assert.deepEqual(limiter.take('a', 1000), { allowed: false, retryAfterSeconds: 4 });
    assert.deepEqual(limiter.take('b', 1000), { allowed: true });
    assert.deepEqual(limiter.take('a', 5000), { allowed: true });
    assert.equal(limiter.take('a', 5000).allowed, false);
  });

  it('never holds more than `capacity` tokens after a long pause', () => {
    const limiter = new TokenBucketLimiter({ capacity: 2, windowMs: 1000 });
    limiter.take('a', 0);
    assert.equal(limiter.take('a', 1_000_000).allowed, true);
    assert.equal(limiter.take('a', 1_000_000).allowed, true);
    assert.equal(limiter.take('a', 1_000_000).allowed, false);
  });
});

describe('TokenBucketLimiter.peek', () => {
  it('answers what take would, without spending a token', () => {
    const limiter = new TokenBucketLimiter({ capacity: 1, windowMs: 60_000 });
    assert.deepEqual(limiter.peek('a', 0), { allowed: true });
    assert.deepEqual(limiter.peek('a', 0), { allowed: true });
    limiter.take('a', 0);
    assert.deepEqual(limiter.peek('a', 1000), { allowed: false, retryAfterSeconds: 59 });
    assert.deepEqual(limiter.peek('b', 1000), { allowed: true });
  });
});
