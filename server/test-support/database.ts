import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildOnce, migratedDataDir, migratedDataDump } from '../../scripts/migrated-data-dir.ts';
import { forgetConfig } from '../configuration/config-cache.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import type { Database } from '../db/database.ts';
import type { SyncDirectory } from '../db/disk-sync.ts';
import { runMigrations } from '../db/migrate.ts';
import { openPGlite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { ROLLUP_FOLD_LOCK_KEY } from '../insights/events-repository.ts';
import { forgetConvertedVisitors } from '../leads/converted-visitors.ts';
import { readSettings, type ServerSettings } from '../platform/settings.ts';
import { openRepositories, type Repositories } from '../repositories.ts';
import { seedClient, seedPopup } from './fixtures.ts';

function installedPgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (manifest.name === '@electric-sql/pglite') return manifest.version;
    } catch {
      /* no package.json at this level */
    }
    if (dir === path.dirname(dir)) throw new Error('@electric-sql/pglite/package.json not found');
    dir = path.dirname(dir);
  }
}

// Creating a PGlite data folder takes ~4 s, opening a copy of one ~0.6 s: a test that starts from no migrations
// copies one empty, freshly initialised folder, made once per PGlite version and kept in the temp directory.
const TEMPLATE_DIR = path.join(os.tmpdir(), `poptin-server-pglite-template-${installedPgliteVersion()}`);

async function ensureTemplate(): Promise<string> {
  return buildOnce(TEMPLATE_DIR, async (building) => {
    const db = await openPGlite(building);
    await db.close();
  });
}

/** A new, empty PGlite data folder (no migrations applied) in a temp directory. */
export async function blankDataDir(): Promise<string> {
  const template = await ensureTemplate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'poptin-server-test-'));
  await cp(template, dataDir, { recursive: true });
  return dataDir;
}

export interface TestDatabase extends Repositories {
  db: Database;
  /** Empties every table between test cases. */
  reset(): Promise<void>;
  /** Closes the database and deletes what it stored. */
  dispose(): Promise<void>;
  /** On PostgreSQL: another connection pool to the same database, as another server process has. */
  openAnother?(): Promise<Database>;
}

/** PostgreSQL's SQLSTATE for a transaction it aborted to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

/** The tables a test case starts without rows, and every table whose foreign keys reach them. */
const EMPTIED_TABLES = [
  'scheduled_jobs',
  'destinations',
  'owner_sessions',
  'owners',
  'store_activity',
  'limit_logs',
  'clicks',
  'conversions',
  'closes',
  'views',
  'event_keys',
  'stats_daily',
  'stats_daily_pages',
  'stats_daily_site_pages',
  'stats_monthly_pages',
  'stats_hourly',
  'pending_rollups',
  'stats_daily_choices',
  'pending_choice_rollups',
  'ab_test_visitors',
  'erasures',
  'popups',
  'clients',
  'rate_buckets',
];

/**
 * What TRUNCATE … RESTART IDENTITY CASCADE would do, as DELETEs: a TRUNCATE gives each of some forty tables and
 * their indexes new files, up to a second per test case on a busy machine (seconds on PGlite), where deleting their
 * few rows takes milliseconds. The statement empties the same tables (those named and every table whose foreign keys
 * reach them) and restarts their sequences; as with TRUNCATE, no row trigger or foreign-key action runs (replica
 * role). Unlike TRUNCATE, a DELETE does not wait for a transaction inserting rows, so it first takes the roll-up
 * fold's lock: a fold the app's timer started in the last case commits its roll-ups before they are deleted.
 */
async function emptyingStatement(db: Database): Promise<string> {
  const [row] = await db.query<{ sql: string }>(
    `WITH RECURSIVE emptied(oid) AS (
       SELECT oid FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relname = ANY($1)
       UNION
       SELECT con.conrelid FROM pg_constraint con JOIN emptied ON con.confrelid = emptied.oid WHERE con.contype = 'f'
     )
     SELECT format('SET LOCAL session_replication_role = replica; SELECT pg_advisory_xact_lock(%s); ', $2::bigint)
       || (SELECT string_agg(format('DELETE FROM %s;', oid::regclass), ' ') FROM emptied)
       || (SELECT coalesce(' SELECT ' || string_agg(format('setval(%L, %s, false)', d.objid::regclass, s.seqstart), ', '), '')
             FROM pg_depend d JOIN pg_sequence s ON s.seqrelid = d.objid JOIN emptied ON emptied.oid = d.refobjid
            WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i'))
       AS sql`,
    [EMPTIED_TABLES, ROLLUP_FOLD_LOCK_KEY],
  );
  return row!.sql;
}

function testDatabase(db: Database, cleanUp: () => Promise<void>): TestDatabase {
  let emptying: Promise<string> | undefined;
  return {
    db,
    ...openRepositories(db),
    async reset() {
      emptying ??= emptyingStatement(db);
      const sql = await emptying;
      // A test's delivery worker may still be polling: PostgreSQL can pick the DELETEs as a deadlock's victim, and
      // emptying the tables again is all there is to do.
      for (let attempt = 1; ; attempt++) {
        try {
          await db.transaction((tx) => tx.exec(sql));
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt === 3) throw error;
        }
      }
      forgetConfig(db);
      forgetConvertedVisitors(db);
    },
    async dispose() {
      await db.close();
      await cleanUp();
    },
  };
}

/**
 * A database of its own on the PostgreSQL server at `url`, for one test file, dropped by `drop`. Not a schema of a
 * shared one: advisory locks and notifications are a database's, and the test files of the storage pass run two at
 * a time.
 */
export async function ownPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `poptin_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = await openPostgres(url);
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.close();
    throw error;
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      try {
        await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.close();
      }
    },
  };
}

/** With TEST_DATABASE_URL, a database of its own on that PostgreSQL server, dropped afterwards. */
async function openPostgresTestDatabase(url: string): Promise<TestDatabase> {
  const own = await ownPostgresDatabase(url);
  const db = await openPostgres(own.url);
  try {
    await runMigrations(db);
  } catch (error) {
    await db.close();
    await own.drop();
    throw error;
  }
  const others: Database[] = [];
  return {
    ...testDatabase(db, async () => {
      await Promise.all(others.map((other) => other.close()));
      await own.drop();
    }),
    async openAnother() {
      const other = await openPostgres(own.url);
      others.push(other);
      return other;
    },
  };
}

/**
 * A migrated database for one test file: PGlite in its own temp folder, or PostgreSQL when
 * TEST_DATABASE_URL is set (the same route tests then run on both storages).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_URL) return openPostgresTestDatabase(process.env.TEST_DATABASE_URL);
  // In memory, from a folder migrated once per run (the migrations themselves are migrate.test.ts's to test): no
  // folder copied, and no flush to disk, which the durability tests open PGlite on a folder for.
  const db = await openPGlite(undefined, { loadDataDir: await migratedDataDump() });
  await runMigrations(db);
  return testDatabase(db, async () => undefined);
}

/**
 * A migrated PGlite in its own folder, flushed only by `syncDirectory` when a lead asks (no background flush), with
 * a site and a pop-up.
 */
export async function openSeededPGlite(
  syncDirectory: SyncDirectory,
): Promise<Repositories & { db: Database; popup: PopupRecord; dispose(): Promise<void> }> {
  const dataDir = await migratedDataDir('poptin-server-test-');
  const db = await openPGlite(dataDir, { syncDirectory, backgroundFlushMs: 3_600_000 });
  try {
    await runMigrations(db);
    const repositories = openRepositories(db);
    await seedClient(repositories.configuration);
    return {
      db,
      ...repositories,
      popup: await seedPopup(repositories.configuration),
      dispose: async () => {
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

const examples = path.join(import.meta.dirname, '..', '..', 'examples');

/** `npm start`'s settings on a PGlite data folder: the example sites and pop-ups, no widget build served. */
export function exampleServerSettings(dataDir: string): ServerSettings {
  return {
    ...readSettings({}),
    port: 0,
    dataDir,
    examplesDir: examples,
    distDir: path.join(examples, 'no-dist-here'),
    widgetDir: path.join(examples, 'no-dist-here'),
    popupsDir: path.join(examples, 'popups'),
    clientsDir: path.join(examples, 'clients'),
  };
}
