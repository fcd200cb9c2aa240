import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { blankDataDir } from '../test-support/database.ts';
import type { Database } from './database.ts';
import { readMigrations, runMigrations } from './migrate.ts';
import { openPGlite } from './pglite.ts';

describe('runMigrations', () => {
  let db: Database;
  let dataDir: string;
  let extraDir: string;

  before(async () => {
    dataDir = await blankDataDir();
    db = await openPGlite(dataDir);
    extraDir = await mkdtemp(path.join(os.tmpdir(), 'poptin-migrations-'));
  });
  after(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(extraDir, { recursive: true, force: true });
  });

  it('applies every migration file on an empty database and records it', async () => {
    const expected = (await readMigrations()).map((migration) => migration.version);
    assert.ok(expected.includes('001_initial'));
    assert.deepEqual(await runMigrations(db), expected);
    const recorded = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    assert.deepEqual(
      recorded.map((row) => row.version),
      expected,
    );
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    assert.deepEqual(
      // The monthly partitions of views and closes come and go with the calendar.
      tables.map((row) => row.table_name).filter((name) => !/_\d{4}_\d{2}$/.test(name)),
      [
        'ab_test_visitors',
        'clicks',
        'clients',
        'closes',
        'conversions',
        'coupon_codes',
        'coupon_sources',
        'deliveries',
        'delivery_attempts',
        'delivery_keys',
        'destinations',
        'email_unsubscribes',
        'erased_lead_keys',
        'erasures',
        'event_keys',
        'images',
        'lead_challenges_used',
        'limit_logs',
        'owner_browsers',
        'owner_sessions',
        'owner_sign_in_links',
        'owner_sites',
        'owners',
        'pending_choice_rollups',
        'pending_rollups',
        'popup_preview_tokens',
        'popup_revisions',
        'popups',
        'rate_buckets',
        'scheduled_jobs',
        'schema_migrations',
        'site_origins_seen',
        'site_tokens',
        'spam_refusals',
        'stats_daily',
        'stats_daily_choices',
        'stats_daily_choices_live',
        'stats_daily_live',
        'stats_daily_pages',
        'stats_daily_pages_live',
        'stats_daily_site_pages',
        'stats_daily_site_pages_live',
        'stats_hourly',
        'stats_hourly_live',
        'stats_monthly_pages',
        'stats_monthly_pages_live',
        'store_activity',
        'store_orders',
        'views',
      ],
    );
  });

  it('is a no-op when applied again', async () => {
    await db.query("INSERT INTO clients (client_id) VALUES ('kept')");
    assert.deepEqual(await runMigrations(db), []);
    assert.deepEqual(await db.query('SELECT client_id FROM clients'), [{ client_id: 'kept' }]);
  });

  it('applies only new files, in file-name order', async () => {
    await writeFile(path.join(extraDir, '002_second.sql'), 'INSERT INTO order_log VALUES (2);');
    await writeFile(
      path.join(extraDir, '001_first.sql'),
      'CREATE TABLE order_log (step INT); INSERT INTO order_log VALUES (1);',
    );
    assert.deepEqual(await runMigrations(db, extraDir), ['001_first', '002_second']);
    await writeFile(path.join(extraDir, '003_third.sql'), 'INSERT INTO order_log VALUES (3);');
    assert.deepEqual(await runMigrations(db, extraDir), ['003_third']);
    assert.deepEqual(await db.query('SELECT step FROM order_log ORDER BY step'), [
      { step: 1 },
      { step: 2 },
      { step: 3 },
    ]);
  });

  it('rolls a failing migration back completely', async () => {
    await writeFile(
      path.join(extraDir, '004_broken.sql'),
      'INSERT INTO order_log VALUES (4); SELECT no_such_column FROM order_log;',
    );
    await assert.rejects(runMigrations(db, extraDir), /no_such_column/);
    assert.deepEqual(await db.query("SELECT version FROM schema_migrations WHERE version = '004_broken'"), []);
    assert.deepEqual(await db.query('SELECT count(*)::int AS n FROM order_log'), [{ n: 3 }]);
  });
});

describe('migration 040 on a database holding events', () => {
  it('moves views and closes into monthly partitions, keeps their keys, and builds the roll-ups from them', async () => {
    const dataDir = await blankDataDir();
    const db = await openPGlite(dataDir);
    const before = await mkdtemp(path.join(os.tmpdir(), 'poptin-migrations-before-'));
    try {
      for (const migration of await readMigrations()) {
        if (migration.version < '040') await writeFile(path.join(before, `${migration.version}.sql`), migration.sql);
      }
      await runMigrations(db, before);
      await db.exec(`
        INSERT INTO clients (client_id) VALUES ('acme');
        INSERT INTO popups (poptin_id, client_id, viewer_id, config, draft) VALUES ('acmepopup0001', 'acme', 'viewer0000001', '{}', '{}');
        INSERT INTO views (poptin_id, client_id, url, idempotency_key, created_at) VALUES
          ('acmepopup0001', 'acme', 'https://acme.example/a?x=1', 'view-key-1', '2025-01-15T10:00:00Z'),
          ('acmepopup0001', 'acme', 'https://acme.example/a', NULL, '2025-03-02T10:00:00Z');
        INSERT INTO closes (poptin_id, client_id, url, idempotency_key, created_at) VALUES ('acmepopup0001', 'acme', NULL, 'close-key-1', '2025-01-15T11:00:00Z');
        INSERT INTO conversions (idempotency_key, poptin_id, client_id, viewer_id, email, url, fields, created_at) VALUES
          ('lead-key-1', 'acmepopup0001', 'acme', 'viewer0000001', 'a@acme.example', 'https://acme.example/a', '{}', '2025-01-15T12:00:00Z');
      `);
      await runMigrations(db);
      const partitions = await db.query<{ name: string }>(
        "SELECT relname AS name FROM pg_class WHERE relname LIKE 'views\\_20__\\___' ESCAPE '\\' ORDER BY 1",
      );
      // From the month of the oldest event through two months past the current one.
      assert.deepEqual(partitions.map((row) => row.name).slice(0, 3), [
        'views_2025_01',
        'views_2025_02',
        'views_2025_03',
      ]);
      const [current] = await db.query<{ name: string }>(
        "SELECT relname AS name FROM pg_class WHERE relname = 'views_' || to_char(now(), 'YYYY_MM')",
      );
      assert.ok(current);
      assert.deepEqual(await db.query('SELECT count(*)::int AS n FROM views_2025_01'), [{ n: 1 }]);
      assert.deepEqual(
        await db.query('SELECT kind, idempotency_key, event_id::int AS event_id FROM event_keys ORDER BY kind'),
        [
          { kind: 'close', idempotency_key: 'close-key-1', event_id: 1 },
          { kind: 'view', idempotency_key: 'view-key-1', event_id: 1 },
        ],
      );
      assert.deepEqual(
        await db.query(
          'SELECT day::text AS day, device, views::int AS views, closes::int AS closes, conversions::int AS conversions FROM stats_daily ORDER BY day',
        ),
        [
          { day: '2025-01-15', device: 'unknown', views: 1, closes: 1, conversions: 1 },
          { day: '2025-03-02', device: 'unknown', views: 1, closes: 0, conversions: 0 },
        ],
      );
      assert.deepEqual(
        await db.query(
          "SELECT page, views::int AS views, closes::int AS closes FROM stats_daily_pages WHERE day = '2025-01-15' ORDER BY page",
        ),
        [
          { page: '', views: 0, closes: 1 },
          { page: '/a', views: 1, closes: 0 },
        ],
      );
      // New ids follow the moved ones.
      const [next] = await db.query<{ id: number }>(
        "INSERT INTO views (poptin_id, client_id) VALUES ('acmepopup0001', 'acme') RETURNING id::int AS id",
      );
      assert.equal(next!.id, 3);
    } finally {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(before, { recursive: true, force: true });
    }
  });
});
