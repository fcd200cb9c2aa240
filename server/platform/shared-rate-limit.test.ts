import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Database } from '../db/database.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { DatabaseRateLimiter, LEASE_MS, MAX_LEASES } from './shared-rate-limit.ts';

/** The same database, counting the statements sent through it. */
function counting(db: Database): { db: Database; statements: () => number } {
  let statements = 0;
  const counted = Object.create(db) as Database;
  counted.query = (sql, params) => {
    statements++;
    return db.query(sql, params);
  };
  return { db: counted, statements: () => statements };
}

/** How many of `times` takes were allowed, made one after another or all at once. */
async function takeMany(
  limiter: DatabaseRateLimiter,
  key: string,
  times: number,
  concurrently = false,
): Promise<number> {
  if (concurrently)
    return (await Promise.all(Array.from({ length: times }, () => limiter.take(key)))).filter(
      (decision) => decision.allowed,
    ).length;
  let allowed = 0;
  for (let i = 0; i < times; i++) if ((await limiter.take(key)).allowed) allowed++;
  return allowed;
}

// Buckets refill continuously by the database's clock: a window of an hour gives a token back only every 18 s
// (200 tokens) or 36 s (100), so a test that counts exactly the capacity cannot earn one more on a slow machine.
const HOUR_MS = 3_600_000;

describe('rate limit shared through the database', () => {
  let test: TestDatabase;
  before(async () => {
    test = await openTestDatabase();
  });
  after(async () => test.dispose());
  beforeEach(async () => test.reset());

  it('allows exactly the capacity, and asks the database once per lease of a twentieth of it, not once per request', async () => {
    const { db, statements } = counting(test.db);
    const limiter = new DatabaseRateLimiter(db, 'display', { capacity: 200, windowMs: HOUR_MS });
    assert.equal(await takeMany(limiter, '203.0.113.1', 230), 200);
    // 200 tokens in leases of 10, and the refused requests each ask again.
    assert.ok(statements() <= 20 + 30 + 1, `${statements()} statements`);
    const refused = await limiter.take('203.0.113.1');
    assert.equal(refused.allowed, false);
    assert.ok(!refused.allowed && refused.retryAfterSeconds >= 1);
    assert.equal((await limiter.take('198.51.100.2')).allowed, true, 'another address has a bucket of its own');
  });

  it('requests arriving together share one lease instead of queueing on the row', async () => {
    const { db, statements } = counting(test.db);
    const limiter = new DatabaseRateLimiter(db, 'display', { capacity: 1_000, windowMs: 60_000 });
    assert.equal(await takeMany(limiter, '203.0.113.1', 40, true), 40);
    assert.ok(statements() <= 2, `${statements()} statements for 40 requests in leases of 50`);
  });

  it('two processes on one database never allow more than the limit together', async () => {
    const other = (await test.openAnother?.()) ?? test.db;
    const settings = { capacity: 100, windowMs: HOUR_MS };
    const first = new DatabaseRateLimiter(test.db, 'display', settings);
    const second = new DatabaseRateLimiter(other, 'display', settings);
    const [fromFirst, fromSecond] = await Promise.all([
      takeMany(first, '203.0.113.1', 80, true),
      takeMany(second, '203.0.113.1', 80, true),
    ]);
    assert.equal(fromFirst + fromSecond, 100);
  });

  it('with a small capacity takes one token at a time, exactly as the limit says', async () => {
    const limiter = new DatabaseRateLimiter(test.db, 'display', { capacity: 3, windowMs: 60_000 });
    assert.equal(await takeMany(limiter, '203.0.113.1', 5), 3);
    assert.equal((await limiter.peek('203.0.113.1')).allowed, false);
  });

  it('spends the tokens it leased only within the lease time', async () => {
    const other = (await test.openAnother?.()) ?? test.db;
    const settings = { capacity: 40, windowMs: 600_000 };
    const first = new DatabaseRateLimiter(test.db, 'display', settings);
    const second = new DatabaseRateLimiter(other, 'display', settings);
    // The first process leases 2 tokens (a twentieth of 40) and spends one; the second takes all the rest.
    assert.equal(await takeMany(first, 'fresh', 1), 1);
    assert.equal(await takeMany(second, 'fresh', 50), 38);
    assert.equal(await takeMany(first, 'fresh', 2), 1, 'the leased token, then nothing');

    assert.equal(await takeMany(first, 'stale', 1), 1);
    assert.equal(await takeMany(second, 'stale', 50), 38);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 50));
    assert.equal(await takeMany(first, 'stale', 1), 0, 'a lease older than LEASE_MS is dropped');
  });

  it('sweeps lapsed leases once it holds MAX_LEASES addresses, so many visitors do not grow it without bound', async () => {
    const limiter = new DatabaseRateLimiter(test.db, 'display', { capacity: 100, windowMs: 60_000 });
    for (let first = 0; first < MAX_LEASES; first += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, i) => limiter.take(`10.0.${first + i}`)));
    }
    assert.equal(limiter.leasesHeld, MAX_LEASES);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 50));
    assert.equal((await limiter.take('192.0.2.1')).allowed, true);
    assert.equal(limiter.leasesHeld, 1, 'the lapsed leases were swept before the new one was kept');
  });
});
