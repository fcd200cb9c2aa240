import path from 'node:path';
import type { Database } from './database.ts';
import { openPGlite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export interface StorageSettings {
  /** When set, PostgreSQL via `pg`; otherwise PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

export function openDatabase(settings: StorageSettings): Promise<Database> {
  if (settings.databaseUrl) return openPostgres(settings.databaseUrl);
  return openPGlite(path.resolve(settings.dataDir));
}
