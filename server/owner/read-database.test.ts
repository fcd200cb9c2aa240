import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';

// DATABASE_READ_URL: the owner's heavy reads on a second database (a standby a second behind), writes on the
// primary. Here the read database is another pool to the same server (on PGlite the same database), which notes
// every statement it runs, so a test sees which of the two answered a request.

/** `db`, noting each statement run through it in `statements`. */
function noting(db: Database, statements: string[]): Database {
  const note = (runner: SqlRunner): SqlRunner => ({
    query: (sql, params) => {
      statements.push(sql);
      return runner.query(sql, params);
    },
    exec: (sql) => {
      statements.push(sql);
      return runner.exec(sql);
    },
  });
  return {
    ...db,
    ...note(db),
    kind: db.kind,
    transaction: (work) => db.transaction((tx) => work(note(tx))),
    durable: () => db.durable(),
    close: async () => undefined,
  };
}

const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };
const readStatements: string[] = [];
let test: TestDatabase;
let app: FastifyInstance;

before(async () => {
  test = await openTestDatabase();
  const replica = test.openAnother ? await test.openAnother() : test.db;
  app = await buildApp({
    db: test.db,
    readDb: noting(replica, readStatements),
    ownerToken: OWNER_TOKEN,
    rateLimit: false,
  });
});
after(async () => {
  await app?.close();
  await test?.dispose();
});
beforeEach(() => test.reset());

async function storeLead(email: string): Promise<number> {
  await seedClient(test.configuration);
  const popup = await seedPopup(test.configuration);
  const response = await app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: { email, idempotency_key: `key-${email}` },
  });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { conversion_id: number }).conversion_id;
}

/** The statements the read database ran while `request` was answered, and the answer. */
async function readsOf(request: { method: 'GET' | 'PATCH' | 'DELETE'; url: string; payload?: object }) {
  readStatements.length = 0;
  const response = await app.inject({ ...request, headers: AUTH });
  return { response, statements: [...readStatements] };
}

describe('the owner reads with a read database', () => {
  it('answers the leads pages, a search, the CSV export and the stats report from the read database', async () => {
    await storeLead('jane@acme.example');
    const today = new Date().toISOString().slice(0, 10);

    for (const url of [
      '/api/owner/acme/leads',
      '/api/owner/acme/leads?q=jane',
      '/api/owner/acme/leads.csv',
      `/api/owner/acme/stats/report?from=${today}&to=${today}`,
      '/api/owner/acme/stats',
    ]) {
      const { response, statements } = await readsOf({ method: 'GET', url });
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      assert.ok(
        statements.some((sql) => /\b(conversions|stats_\w+)\b/.test(sql)),
        `${url} was read from the read database: ${statements.length} statements there`,
      );
      if (url.includes('leads')) assert.match(response.body, /jane@acme\.example/);
    }
  });

  it('writes on the primary only: a lead, a spam move, an erasure', async () => {
    readStatements.length = 0;
    const leadId = await storeLead('jane@acme.example');
    assert.deepEqual(readStatements, [], 'storing a lead');

    const moved = await readsOf({
      method: 'PATCH',
      url: `/api/owner/acme/leads/${leadId}`,
      payload: { spam: true },
    });
    assert.equal(moved.response.statusCode, 200, moved.response.body);
    assert.deepEqual(moved.statements, [], 'moving a lead to spam');

    const erased = await readsOf({ method: 'DELETE', url: '/api/owner/acme/people?email=jane@acme.example' });
    assert.equal(erased.response.statusCode, 200, erased.response.body);
    assert.deepEqual(erased.statements, [], 'erasing a person');
    const [left] = await test.db.query<{ count: number }>('SELECT count(*)::int AS count FROM conversions');
    assert.equal(left?.count, 0);
  });
});
