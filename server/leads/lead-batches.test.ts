import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { PopupRecord } from '../configuration/repository.ts';
import type { Database } from '../db/database.ts';
import { openSeededPGlite, openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { seedClient, seedPopup } from '../test-support/fixtures.ts';
import type { ConversionInput } from './repository.ts';
import { LeadRepository } from './repository.ts';

const leadOf = (popup: PopupRecord, key: string, overrides: Partial<ConversionInput> = {}): ConversionInput => ({
  idempotency_key: key,
  poptin_id: popup.poptin_id,
  client_id: popup.client_id,
  viewer_id: popup.viewer_id,
  email: `${key}@acme.example`,
  phone: null,
  name: null,
  url: 'https://acme.example/pricing',
  poptin_view_id: null,
  fields: { Email: `${key}@acme.example` },
  payload_sha256: `hash-${key}`,
  visitor_id: `visitor-${key}`,
  spam_reason: null,
  ...overrides,
});

/** The database, counting the statements that insert leads. */
function countingLeadInserts(db: Database): { db: Database; inserts: () => number } {
  let inserts = 0;
  return {
    db: {
      ...db,
      query: (sql, params) => {
        if (/INSERT INTO conversions/.test(sql)) inserts += 1;
        return db.query(sql, params);
      },
    },
    inserts: () => inserts,
  };
}

describe('group commit of leads', () => {
  let test: TestDatabase;
  let popup: PopupRecord;
  before(async () => {
    test = await openTestDatabase();
  });
  after(async () => test?.dispose());
  beforeEach(async () => {
    await test.reset();
    await seedClient(test.configuration);
    popup = await seedPopup(test.configuration);
  });

  it('64 leads sent at once are stored in a few statements, each once, counted once and queued once for each destination', async () => {
    await test.db.query(
      `INSERT INTO destinations (client_id, kind, name) VALUES ($1, 'webhook', 'Zapier'), ($1, 'email', 'Sales')`,
      [popup.client_id],
    );
    const counting = countingLeadInserts(test.db);
    const leads = new LeadRepository(counting.db);
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, index) => leads.recordConversion(leadOf(popup, `burst-${index}`))),
    );
    assert.ok(results.every((result) => result.outcome === 'stored'));
    const ids = results.map((result) => (result.outcome === 'stored' ? result.conversionId : 0));
    assert.equal(new Set(ids).size, 64);
    assert.ok(counting.inserts() <= 8, `${counting.inserts()} statements for 64 leads`);
    const [stored] = await test.db.query<{ leads: number; counted: number; deliveries: number }>(
      `SELECT (SELECT count(*)::int FROM conversions) AS leads, (SELECT sum(conversions)::int FROM stats_daily) AS counted,
         (SELECT count(*)::int FROM deliveries) AS deliveries`,
    );
    assert.deepEqual(stored, { leads: 64, counted: 64, deliveries: 128 });
    // Each destination receives the leads in the order of their ids.
    const order = await test.db.query<{ conversion_id: unknown }>(
      'SELECT conversion_id FROM deliveries WHERE destination_id = (SELECT min(id) FROM destinations) ORDER BY id',
    );
    assert.deepEqual(
      order.map((row) => Number(row.conversion_id)),
      [...ids].sort((a, b) => a - b),
    );
  });

  it('the same lead sent three times at once is stored once; the same key with other data at the same time is a conflict', async () => {
    const lead = leadOf(popup, 'twice');
    const [first, second, third, other] = await Promise.all([
      test.leads.recordConversion(lead),
      test.leads.recordConversion(lead),
      test.leads.recordConversion(lead),
      test.leads.recordConversion({ ...lead, email: 'someone-else@acme.example', payload_sha256: 'other' }),
    ]);
    assert.equal(first!.outcome, 'stored');
    const id = first!.outcome === 'stored' ? first!.conversionId : 0;
    assert.deepEqual(
      [second, third],
      [
        { outcome: 'duplicate', conversionId: id },
        { outcome: 'duplicate', conversionId: id },
      ],
    );
    assert.deepEqual(other, { outcome: 'payload-conflict' });
    const [{ count }] = (await test.db.query<{ count: number }>('SELECT count(*)::int AS count FROM conversions')) as [
      { count: number },
    ];
    assert.equal(count, 1);
  });

  it('what waits for the leads goes after the statement of those already sent, before their answers', async () => {
    const answers = Array.from({ length: 16 }, (_, index) =>
      test.leads.recordConversion(leadOf(popup, `turn-${index}`)),
    );
    await test.leads.afterLeadWrites();
    const [row] = await test.db.query<{ stored: number }>('SELECT count(*)::int AS stored FROM conversions');
    assert.equal(row!.stored, 16, 'the leads sent before were written first');
    await Promise.all(answers);
    await test.leads.afterLeadWrites();
  });

  it('a lead the database refuses fails alone; the leads sent with it are stored', async () => {
    const results = await Promise.allSettled([
      test.leads.recordConversion(leadOf(popup, 'before')),
      test.leads.recordConversion(leadOf(popup, 'refused', { email: 'nul\u0000@acme.example' })),
      test.leads.recordConversion(leadOf(popup, 'after')),
    ]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    const rows = await test.db.query<{ idempotency_key: string }>(
      'SELECT idempotency_key FROM conversions ORDER BY id',
    );
    assert.deepEqual(
      rows.map((row) => row.idempotency_key),
      ['before', 'after'],
    );
  });
});

describe('group commit of leads on PGlite', () => {
  it('answers each of 32 leads sent at once after a flush that began once it was called, with far fewer flushes than leads', async () => {
    let flushesStarted = 0;
    let flushesDone = 0;
    const { leads, popup, dispose } = await openSeededPGlite(async () => {
      flushesStarted++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      flushesDone++;
    });
    try {
      const flushesAtStart = flushesStarted;
      const answers = await Promise.all(
        Array.from({ length: 32 }, async (_, index) => {
          const calledAt = flushesStarted;
          await leads.recordConversion(leadOf(popup, `flushed-${index}`));
          // Flushes end in the order they start: the one that served this lead is among those that ended since.
          return { calledAt, doneAt: flushesDone };
        }),
      );
      for (const { calledAt, doneAt } of answers)
        assert.ok(
          doneAt > calledAt,
          `a flush began after the call (${calledAt}) and ended before the answer (${doneAt})`,
        );
      assert.ok(flushesStarted - flushesAtStart <= 8, `${flushesStarted - flushesAtStart} flushes for 32 leads`);
    } finally {
      await dispose();
    }
  });
});
