import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Attempt, backoffMs, decide, readRetryAfter } from './outcome.ts';

const policy = { baseMs: 10_000, maxMs: 6 * 3_600_000, giveUpAfterMs: 3 * 24 * 3_600_000 };
const answered = (statusCode: number, retryAfterMs: number | null = null): Attempt => ({
  kind: 'answered',
  statusCode,
  body: 'x',
  retryAfterMs,
});
const fixed = (value: number) => () => value;

describe('what a try of a delivery comes to', () => {
  it('delivers on 2xx, stops on other 4xx and on redirects, retries 5xx, 408, 429 and network errors', () => {
    assert.deepEqual(decide(answered(204), 1, 0, policy), { kind: 'delivered' });
    assert.deepEqual(decide(answered(404), 1, 0, policy), { kind: 'failed', reason: 'answered 404' });
    assert.deepEqual(decide(answered(301), 1, 0, policy), {
      kind: 'failed',
      reason: 'answered 301 (redirects are not followed)',
    });
    for (const attempt of [
      answered(500),
      answered(503),
      answered(408),
      answered(429),
      { kind: 'network', error: 'ECONNRESET' } as Attempt,
    ]) {
      assert.equal(decide(attempt, 1, 0, policy, fixed(0.5)).kind, 'retry', JSON.stringify(attempt));
    }
    assert.deepEqual(decide({ kind: 'refused', error: 'private address' }, 1, 0, policy), {
      kind: 'failed',
      reason: 'private address',
    });
  });

  it('waits twice as long after each try, with jitter in the upper half, capped', () => {
    assert.equal(backoffMs(policy, 1, null, fixed(0)), 5_000);
    assert.equal(backoffMs(policy, 1, null, fixed(1)), 10_000);
    assert.equal(backoffMs(policy, 4, null, fixed(1)), 80_000);
    assert.equal(backoffMs(policy, 40, null, fixed(1)), policy.maxMs);
  });

  it('waits at least what Retry-After asks, in seconds or as a date', () => {
    assert.equal(backoffMs(policy, 1, 120_000, fixed(1)), 120_000);
    assert.equal(readRetryAfter('30'), 30_000);
    assert.equal(readRetryAfter('Wed, 25 Nov 2026 20:00:30 GMT', Date.parse('2026-11-25T20:00:00Z')), 30_000);
    assert.equal(readRetryAfter('soon'), null);
    assert.deepEqual(decide(answered(429, 120_000), 1, 0, policy, fixed(0)), { kind: 'retry', afterMs: 120_000 });
  });

  it('gives up when the next try would fall past three days', () => {
    const almostThreeDays = policy.giveUpAfterMs - 1_000;
    const outcome = decide(answered(503), 30, almostThreeDays, policy, fixed(1));
    assert.equal(outcome.kind, 'failed');
    assert.match((outcome as { reason: string }).reason, /^still failing after 30 tries over 72 h: answered 503$/);
  });
});
