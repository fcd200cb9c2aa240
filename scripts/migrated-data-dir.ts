// PGlite data folders with every migration applied, for the servers of the end-to-end tests and benchmarks and the
// server tests' databases: a new folder takes seconds to initialise and migrate, a copy of a migrated one a fraction
// of a second.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, runMigrations } from '../server/db/migrate.ts';
import { openPGlite } from '../server/db/pglite.ts';

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
  if (existsSync(template)) return template;
  const building = `${template}.building-${process.pid}-${Date.now()}`;
  const db = await openPGlite(building);
  try {
    await runMigrations(db);
  } finally {
    await db.close();
  }
  // A rename is atomic: a test file started beside this one either wins or finds the finished folder.
  await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  return template;
}

/** A new data folder, a copy of the migrated template, named `<prefix>…` in the temp directory. */
export async function migratedDataDir(prefix = 'poptin-e2e-'): Promise<string> {
  const template = await migratedTemplate();
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(template, dataDir, { recursive: true });
  return dataDir;
}
