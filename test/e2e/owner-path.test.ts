// The 5-minute goal: a new owner's whole path through the console's UI, from signing in to the first lead
// (scripts/owner-path.ts), on the real display server in Chromium, with each step's time printed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runOwnerPath } from '../../scripts/owner-path.ts';
import { useBrowserAndServer } from './harness.ts';

const PASSWORD = 'e2e owner path password 0123';
const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD } });

describe("a new owner's path", () => {
  it('signs in, creates a site, edits a template, publishes, installs it and finds the first lead, in the UI alone', async (t) => {
    const times = await runOwnerPath({
      browser: shared.browser,
      serverUrl: shared.server.url,
      email: 'owner@example.com',
      password: PASSWORD,
      headline: 'Ten percent off your first order',
      accent: '#be123c',
      visitorEmail: 'owner-path@example.org',
    });
    t.diagnostic(times.steps.map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`).join('; '));
    t.diagnostic(`console ${times.consoleSeconds.toFixed(1)} s, whole path ${times.totalSeconds.toFixed(1)} s`);
    assert.equal(times.steps.length, 7);
  });
});
