import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { type RunningServer, startServer } from './main.ts';
import { repeatEvery } from './platform/repeat.ts';
import type { ServerSettings } from './platform/settings.ts';
import { sanitizeTemplates } from './template-sanitizing/sanitizer.ts';
import { blankDataDir, exampleServerSettings, openTestDatabase } from './test-support/database.ts';
import { captureLog, OWNER_TOKEN } from './test-support/fixtures.ts';

/** The errors logged, each once. */
const errorsOf = (lines: Record<string, unknown>[]) => [
  ...new Set(
    lines
      .filter((line) => Number(line.level) >= 50)
      .map((line) => `${line.msg}: ${(line.err as { message?: string } | undefined)?.message}`),
  ),
];

/** Once a template sent now is answered, the sanitiser worker has answered every template sent before it. */
const sanitiserDrained = () => sanitizeTemplates({ poptin: '<p>after the stop</p>' });

describe('a stop of the server', () => {
  let dataDir: string;
  let settings: ServerSettings;

  before(async () => {
    dataDir = await blankDataDir();
    // A fresh data folder: none of the example pop-ups' templates are sanitised yet, so the start has that to do.
    settings = {
      ...exampleServerSettings(dataDir),
      databaseUrl: undefined,
      databaseReadUrl: undefined,
      rollupFoldMs: 10,
    };
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('right after the start leaves nothing to run against the closed database', { timeout: 60_000 }, async () => {
    const log = captureLog();
    const server: RunningServer = await startServer(settings, log.logger);
    await server.stop();
    await sanitiserDrained();
    await sleep(300);
    assert.deepEqual(errorsOf(log.lines), []);
  });

  it('after a start that could not listen stops what the start began', { timeout: 60_000 }, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const log = captureLog();
    try {
      await assert.rejects(startServer({ ...settings, port }, log.logger), /EADDRINUSE/);
      await sanitiserDrained();
      await sleep(300);
      assert.deepEqual(errorsOf(log.lines), []);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('an app whose build fails', () => {
  it('stops its timers before the database closes', async () => {
    const test = await openTestDatabase();
    const log = captureLog();
    await assert.rejects(
      buildApp({
        db: test.db,
        ownerToken: OWNER_TOKEN,
        rollupFoldMs: 10,
        logger: log.logger,
        extraRoutes: [
          async () => {
            throw new Error('no such routes');
          },
        ],
      }),
      /no such routes/,
    );
    await test.dispose();
    await sleep(300);
    assert.deepEqual(errorsOf(log.lines), []);
  });
});

describe('a job repeated in the background (A/B winners, lead retention, unconfirmed leads)', () => {
  it('stops once the run under way has ended, and starts no other', async () => {
    let checks = 0;
    let endCheck: () => void = () => undefined;
    const stop = repeatEvery(
      5,
      () => {
        checks += 1;
        return new Promise<void>((resolve) => (endCheck = resolve));
      },
      () => undefined,
    );
    while (checks === 0) await sleep(5);
    let stopped = false;
    const stopping = Promise.resolve(stop()).then(() => (stopped = true));
    await sleep(50);
    assert.equal(stopped, false, 'the stop waits for the run');
    endCheck();
    await stopping;
    await sleep(50);
    assert.equal(checks, 1);
  });
});
