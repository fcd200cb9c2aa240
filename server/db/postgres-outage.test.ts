import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { startPostgres } from '../../scripts/postgres.mjs';
import { buildApp } from '../app.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { ConfigurationRepository } from '../configuration/repository.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { type Database, DatabaseUnavailableError } from './database.ts';
import { runMigrations } from './migrate.ts';
import { openPostgres } from './postgres.ts';

// PostgreSQL restarted, crashed or cutting connections under a running server: requests meanwhile get 503 with
// Retry-After (never a crash, never a 500), service comes back by itself, and every lead answered 200 is stored.
// Each run starts a PostgreSQL server of its own, since it stops it.

type Postgres = { url: string; crash(): void; restart(): void; stop(): void };

let server: Postgres;
let db: Database;
let app: FastifyInstance;
let popup: PopupRecord;

before(async () => {
  const started = await startPostgres();
  if (!started.server) throw new Error(`this test needs PostgreSQL (Debian package postgresql): ${started.reason}`);
  server = started.server as Postgres;
  db = await openPostgres(server.url);
  await runMigrations(db);
  app = await buildApp({ db, ownerToken: OWNER_TOKEN, rateLimit: false });
  const configuration = new ConfigurationRepository(db);
  await seedClient(configuration);
  popup = await seedPopup(configuration);
});

after(async () => {
  await app?.close();
  await db?.close();
  server?.stop();
});

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

async function sendLead(key: string): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: { email: `${key}@acme.example`, idempotency_key: key },
  });
  return { status: response.statusCode, retryAfter: response.headers['retry-after'] as string | undefined };
}

async function displayCall(): Promise<{ status: number; lang?: string; retryAfter?: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/display/acme',
    payload: { visitor_id: 'visitor-outage' },
  });
  return {
    status: response.statusCode,
    lang: response.statusCode === 200 ? response.json().lang : undefined,
    retryAfter: response.headers['retry-after'] as string | undefined,
  };
}

async function untilTrue(condition: () => Promise<boolean>, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still not so after ${limitMs} ms: ${what}`);
    await sleep(100);
  }
}

async function adminQuery<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: server.url });
  // Cut by the idle timeout the last case sets, its query fails; the event alone would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

describe('PostgreSQL out of reach', () => {
  it('answers 503 with Retry-After while the database is down, serves again once it is back, and loses no acknowledged lead', {
    timeout: 120_000,
  }, async () => {
    const acknowledged: string[] = [];
    const answers = new Map<number, number>();
    let refusedWithoutRetryAfter = 0;
    let sent = 0;
    let streaming = true;
    // Four senders, as several visitors at once; each lead is sent once (a 503 is counted, not retried here).
    const senders = Array.from({ length: 4 }, async (_, sender) => {
      while (streaming) {
        const key = `outage-${sender}-${sent++}`;
        const answer = await sendLead(key);
        answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
        if (answer.status === 200) acknowledged.push(key);
        else if (answer.status === 503 && !answer.retryAfter) refusedWithoutRetryAfter++;
        if (answer.status !== 200) await sleep(20);
      }
    });

    try {
      await untilTrue(async () => acknowledged.length >= 40, '40 leads stored before the crash');
      server.crash();
      const acknowledgedAtCrash = acknowledged.length;
      await untilTrue(async () => (answers.get(503) ?? 0) >= 8, 'requests refused with 503 while the database is down');
      const whileDown = await displayCall();
      assert.equal(whileDown.status, 503, 'a display call while the database is down');
      assert.equal(whileDown.retryAfter, '2');
      server.restart();
      await untilTrue(
        async () => acknowledged.length >= acknowledgedAtCrash + 40,
        '40 more leads stored after the restart',
      );
    } finally {
      streaming = false;
      await Promise.all(senders);
    }

    assert.deepEqual(
      [...answers.keys()].filter((status) => status !== 200 && status !== 503),
      [],
      `only 200 and 503: ${JSON.stringify([...answers])}`,
    );
    assert.equal(refusedWithoutRetryAfter, 0, 'every 503 carries Retry-After');
    const stored = new Set(
      (await db.query<{ idempotency_key: string }>('SELECT idempotency_key FROM conversions')).map(
        (row) => row.idempotency_key,
      ),
    );
    const lost = acknowledged.filter((key) => !stored.has(key));
    assert.deepEqual(lost, [], `${acknowledged.length} leads acknowledged, ${lost.length} of them not stored`);
    assert.equal((await displayCall()).status, 200);
  });

  it('recovers from pg_terminate_backend of every connection, and hears configuration changes again', {
    timeout: 60_000,
  }, async () => {
    const another = await openPostgres(server.url);
    try {
      // What the display call answers is kept in memory; another process's change must reach it through LISTEN.
      assert.equal((await displayCall()).lang, 'en');
      const listeners = async () =>
        (
          await adminQuery<{ count: number }>(
            "SELECT count(*)::int AS count FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
          )
        )[0]!.count;
      const ourListeners = await listeners();
      assert.ok(ourListeners >= 2, `two LISTEN connections of the server (${ourListeners})`);

      await adminQuery(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      // A request that meets a cut connection is refused with 503, and the widget's retry of it succeeds.
      const statuses: number[] = [];
      await untilTrue(async () => {
        const answer = await sendLead('after-terminate');
        statuses.push(answer.status);
        if (answer.status === 503) assert.equal(answer.retryAfter, '2');
        return answer.status === 200;
      }, 'a lead stored again');
      assert.deepEqual(
        statuses.filter((status) => status !== 200 && status !== 503),
        [],
        `statuses: ${statuses}`,
      );
      assert.equal((await sendLead('after-terminate-next')).status, 200);
      await untilTrue(async () => (await listeners()) >= ourListeners, 'the LISTEN connections opened again');

      // Cached again after the new LISTEN connections, so only a notification they hear can make it forget.
      assert.equal((await displayCall()).lang, 'en');
      const otherConfiguration = new ConfigurationRepository(another);
      await seedClient(otherConfiguration, { lang: 'he' });
      await untilTrue(
        async () => (await displayCall()).lang === 'he',
        'the change made by another process is heard',
        5_000,
      );
    } finally {
      await another.close();
    }
  });
  it('fails a transaction whose connection is cut between its statements as unavailable, and the process goes on', {
    timeout: 60_000,
  }, async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        const [own] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await adminQuery('SELECT pg_terminate_backend($1)', [own!.pid]);
        await untilTrue(
          async () => (await adminQuery('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [own!.pid])).length === 0,
          "the transaction's server process ended",
        );
        // While the transaction's own code runs, not a statement of it, its connection hears the end.
        await sleep(100);
        await tx.query('SELECT 1');
      }),
      DatabaseUnavailableError,
    );
    assert.equal((await sendLead('after-cut-transaction')).status, 200);
  });

  it("survives the server's idle timeout closing its idle connections", { timeout: 60_000 }, async () => {
    await adminQuery("ALTER DATABASE postgres SET idle_session_timeout = '300ms'");
    try {
      // Connections opened from now on are closed by the server after 300 ms of idleness.
      await adminQuery(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      const statuses: number[] = [];
      for (let round = 0; round < 6; round++) {
        await untilTrue(async () => {
          const answer = await sendLead(`idle-timeout-${round}`);
          statuses.push(answer.status);
          return answer.status === 200;
        }, `lead ${round} stored`);
        await sleep(500);
      }
      assert.deepEqual(
        statuses.filter((status) => status !== 200 && status !== 503),
        [],
        `statuses: ${statuses}`,
      );
      // The test's own read meets the idle timeout as the server does: a pooled connection idle past it is gone, and
      // the read is made again on a fresh one.
      let stored: { count: number }[] = [];
      await untilTrue(async () => {
        stored = await db
          .query<{ count: number }>(
            "SELECT count(*)::int AS count FROM conversions WHERE idempotency_key LIKE 'idle-timeout-%'",
          )
          .catch((error: unknown) => {
            if (error instanceof DatabaseUnavailableError) return [];
            throw error;
          });
        return stored.length > 0;
      }, 'the leads counted');
      assert.equal(stored[0]!.count, 6);
    } finally {
      await adminQuery('ALTER DATABASE postgres RESET idle_session_timeout');
    }
  });
});
