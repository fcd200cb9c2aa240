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
    assert.deepEqual(recorded.map((row) => row.version), expected);
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    assert.deepEqual(
      tables.map((row) => row.table_name),
      [
        'clients', 'closes', 'conversions', 'deliveries', 'delivery_attempts', 'delivery_keys', 'destinations', 'limit_logs', 'owner_sessions', 'owner_sites', 'owners', 'popup_preview_tokens', 'popup_revisions',
        'popups', 'rate_buckets', 'schema_migrations', 'site_tokens', 'store_activity', 'views',
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
    await writeFile(path.join(extraDir, '001_first.sql'), 'CREATE TABLE order_log (step INT); INSERT INTO order_log VALUES (1);');
    assert.deepEqual(await runMigrations(db, extraDir), ['001_first', '002_second']);
    await writeFile(path.join(extraDir, '003_third.sql'), 'INSERT INTO order_log VALUES (3);');
    assert.deepEqual(await runMigrations(db, extraDir), ['003_third']);
    assert.deepEqual(await db.query('SELECT step FROM order_log ORDER BY step'), [{ step: 1 }, { step: 2 }, { step: 3 }]);
  });

  it('rolls a failing migration back completely', async () => {
    await writeFile(path.join(extraDir, '004_broken.sql'), 'INSERT INTO order_log VALUES (4); SELECT no_such_column FROM order_log;');
    await assert.rejects(runMigrations(db, extraDir), /no_such_column/);
    assert.deepEqual(await db.query("SELECT version FROM schema_migrations WHERE version = '004_broken'"), []);
    assert.deepEqual(await db.query('SELECT count(*)::int AS n FROM order_log'), [{ n: 3 }]);
  });
});
