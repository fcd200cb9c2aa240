import { after, before, beforeEach } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';
import { OWNER_TOKEN } from './fixtures.ts';

/** One app on one test database for a test file (no rate limit), with the tables emptied before each case. */
export function useTestApp(options: Partial<AppOptions> = {}): {
  readonly app: FastifyInstance;
  readonly test: TestDatabase;
} {
  const shared = {} as { app: FastifyInstance; test: TestDatabase };
  before(async () => {
    shared.test = await openTestDatabase();
    // Roll-ups folded often, so that the tests also read them while a fold moves events from the queue.
    shared.app = await buildApp({
      db: shared.test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: false,
      rollupFoldMs: 100,
      ...options,
    });
  });
  after(async () => {
    await shared.app?.close();
    await shared.test?.dispose();
  });
  beforeEach(() => shared.test.reset());
  return shared;
}
