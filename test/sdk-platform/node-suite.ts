// Runs shared cases under node:test against a fake platform started on a free port for this file.
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { PlatformControl } from './control.ts';
import type { Suite } from './harness.ts';
import { type FakePlatform, startPlatform } from './server.ts';

export function nodeSuite(): Suite {
  let platform: FakePlatform | undefined;
  let control: PlatformControl | undefined;
  before(async () => {
    platform = await startPlatform();
    control = new PlatformControl(platform.baseUrl);
  });
  after(async () => {
    await platform?.close();
  });
  return {
    environment: 'node',
    describe: (name, body) => void describe(name, body),
    // The same limit as the browser runner's mocha, so a flow that waits for its time-out fails instead of hanging.
    it: (name, body) => void it(name, { timeout: 10_000 }, async () => body()),
    beforeEach: (body) => void beforeEach(async () => body()),
    afterEach: (body) => void afterEach(async () => body()),
    assert: {
      equal: (a, e, m) => assert.equal(a, e, m),
      notEqual: (a, e, m) => assert.notEqual(a, e, m),
      deepEqual: (a, e, m) => assert.deepEqual(a, e, m),
      ok: (v, m) => assert.ok(v, m),
      match: (t, p, m) => assert.match(t, p, m),
    },
    platform: () => {
      if (!control) throw new Error('the fake platform has not started');
      return control;
    },
  };
}
