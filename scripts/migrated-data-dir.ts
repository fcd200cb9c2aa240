// PGlite data folders with every migration applied, for the servers of the end-to-end tests and benchmarks and the
// server tests' databases: a new folder takes seconds to initialise and migrate, a copy of a migrated one a fraction
// of a second. A server's folder can hold its configuration files already loaded too, so that its start, which
// writes only the files that differ from what is stored, writes nothing.
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfigFiles } from '../server/configuration/config-loader.ts';
import { ConfigurationRepository } from '../server/configuration/repository.ts';
import type { Database } from '../server/db/database.ts';
import { MIGRATIONS_DIR, runMigrations } from '../server/db/migrate.ts';
import { openPGlite } from '../server/db/pglite.ts';
import { TEMPLATES_DIR } from '../server/owner/templates.ts';
import { TEMPLATE_POLICY } from '../server/template-sanitizing/sanitizer.ts';

/** The configuration files a server loads at its start (its POPUPS_DIR and CLIENTS_DIR). */
export interface ConfigurationFolders {
  popupsDir: string;
  clientsDir: string;
}

/**
 * The migrated folder, made once for this PGlite and these migrations and kept in the temp directory (worktrees
 * with other migrations each have their own).
 */
async function migratedTemplate(): Promise<string> {
  // The package's own folder (its exports do not include package.json): its files name its version.
  const pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const hash = createHash('sha256').update(readdirSync(pglite, { recursive: true }).join());
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  const template = path.join(tmpdir(), `poptin-e2e-migrated-${hash.digest('hex').slice(0, 16)}`);
  return buildOnce(template, async (building) => {
    const db = await openPGlite(building);
    try {
      await runMigrations(db);
    } finally {
      await db.close();
    }
  });
}

/**
 * The migrated template as one uncompressed tar (PGlite's `dumpDataDir`), for a database in memory: a server
 * test's database starts from it without copying a folder or flushing one to disk.
 */
export async function migratedDataDump(): Promise<Blob> {
  const migrated = await migratedTemplate();
  const folder = await buildOnce(`${migrated}-dump`, async (building) => {
    const copy = await mkdtemp(path.join(tmpdir(), 'poptin-dump-'));
    try {
      await cp(migrated, copy, { recursive: true });
      const db = new PGlite(copy, { extensions: { pg_trgm } });
      try {
        await db.waitReady;
        const dump = await db.dumpDataDir('none');
        await mkdir(building);
        await writeFile(path.join(building, DUMP_FILE), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
  return new Blob([await readFile(path.join(folder, DUMP_FILE))]);
}
const DUMP_FILE = 'data.tar';

/**
 * `folder`, built by `build` into a folder of its own unless it exists; processes that build it at once each build
 * their own and the first rename wins.
 */
export async function buildOnce(folder: string, build: (building: string) => Promise<void>): Promise<string> {
  if (existsSync(folder)) return folder;
  const building = `${folder}.building-${process.pid}-${Date.now()}`;
  try {
    await build(building);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
  // A rename is atomic: a test file started beside this one either wins or finds the finished folder.
  await rename(building, folder).catch(() => rm(building, { recursive: true, force: true }));
  return folder;
}

/** Every file under `dir` (names and contents), in a stable order; nothing when it does not exist. */
function hashFolder(hash: Hash, dir: string): void {
  if (!existsSync(dir)) return;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(dir, file)).update(readFileSync(file));
}

const silently = { info: () => undefined, error: () => undefined };

/**
 * The migrated template with these configuration files loaded, made once per migrated template and contents of
 * the files (and of the templates a pop-up file may start from). A folder made from files changed since costs its
 * server's start the writes of what changed, nothing more: the start compares every file with what is stored.
 */
async function loadedTemplate(folders: ConfigurationFolders): Promise<string> {
  const migrated = await migratedTemplate();
  // The sanitising policy too: templates kept sanitised with another are sanitised again at the server's start.
  const hash = createHash('sha256').update(migrated).update(TEMPLATE_POLICY);
  for (const dir of [folders.popupsDir, folders.clientsDir, TEMPLATES_DIR]) hashFolder(hash.update(`\n${dir}\n`), dir);
  const template = `${migrated}-loaded-${hash.digest('hex').slice(0, 16)}`;
  return buildOnce(template, async (building) => {
    await cp(migrated, building, { recursive: true });
    const db: Database = await openPGlite(building);
    try {
      // A file that does not load is left out here as at the server's start, which logs it.
      const configuration = new ConfigurationRepository(db);
      const { popups } = await loadConfigFiles(configuration, folders, silently);
      // Stored sanitised, as a server started on it would keep them after its start, so that its start does not.
      await configuration.sanitizeUnmarked(popups);
    } finally {
      await db.close();
    }
  });
}

/**
 * A new data folder, a copy of the migrated template, named `<prefix>…` in the temp directory; with `loaded`, a
 * copy of one that holds those configuration files already.
 */
export async function migratedDataDir(prefix = 'poptin-e2e-', loaded?: ConfigurationFolders): Promise<string> {
  const template = loaded ? await loadedTemplate(loaded) : await migratedTemplate();
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(template, dataDir, { recursive: true });
  return dataDir;
}
