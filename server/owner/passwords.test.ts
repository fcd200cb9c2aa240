import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HashQueue, PasswordWorkBusy } from './passwords.ts';

function deferred() {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe('the password hash queue', () => {
  it('runs at most `running` hashes at once, queues `waiting` more and refuses the rest as busy', async () => {
    const queue = new HashQueue({ running: 2, waiting: 3 });
    let now = 0;
    let most = 0;
    const tasks = Array.from({ length: 6 }, deferred);
    const results = tasks.map((task) =>
      queue
        .run(async () => {
          now++;
          most = Math.max(most, now);
          await task.done;
          now--;
          return 'hashed';
        })
        .catch((error: unknown) => error),
    );
    const refused = await results[5];
    assert.ok(refused instanceof PasswordWorkBusy);
    assert.equal(refused.statusCode, 503);
    assert.ok(refused.retryAfterSeconds >= 1);
    for (const task of tasks) task.release();
    assert.deepEqual(await Promise.all(results.slice(0, 5)), ['hashed', 'hashed', 'hashed', 'hashed', 'hashed']);
    assert.equal(most, 2);
    assert.equal(await queue.run(async () => 'again'), 'again', 'the queue is free again');
  });
});
