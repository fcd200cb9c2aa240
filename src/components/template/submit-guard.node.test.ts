import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SUBMIT_GUARD_MS, submitGuard } from './submit-guard.ts';

describe('the submit guard', () => {
  it('ignores a second submit within the pause after one was accepted', () => {
    const guard = submitGuard();
    assert.equal(guard.mayStart(0), true);
    guard.accepted(10);
    assert.equal(guard.mayStart(10 + SUBMIT_GUARD_MS - 1), false);
    assert.equal(guard.mayStart(10 + SUBMIT_GUARD_MS), true);
  });

  it('starts no submit while one waits for what the rules need', () => {
    const guard = submitGuard();
    guard.waiting(true);
    assert.equal(guard.mayStart(5_000), false);
    guard.waiting(false);
    assert.equal(guard.mayStart(5_000), true);
  });

  it('lets a refused submit be sent again at once', () => {
    const guard = submitGuard();
    assert.equal(guard.mayStart(0), true);
    assert.equal(guard.mayStart(1), true, 'only an accepted submit starts the pause');
  });
});
