import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataFolder } from './data-folder-lock.ts';
import type { Database, SqlRunner } from './database.ts';
import { folderSyncer, groupCommits, type SyncDirectory } from './disk-sync.ts';

function runnerFor(target: PGlite | Transaction): SqlRunner {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

const BACKGROUND_FLUSH_MS = 1000;

/**
 * Opens (or creates) a PGlite database in `dataDir`; in memory when `dataDir` is undefined. `durable()` flushes
 * the data folder with `syncDirectory` (see disk-sync.ts), grouped so that concurrent leads share a flush.
 */
export interface PGliteOptions {
  /** How the data folder is flushed; by default `sync --file-system` through folderSyncer (see disk-sync.ts). */
  syncDirectory?: SyncDirectory;
  /** How soon other writes are flushed; 1 s by default. */
  backgroundFlushMs?: number;
  /** In memory only: the data folder to start from, as `dumpDataDir` wrote it (an uncompressed tar). */
  loadDataDir?: Blob;
}

export async function openPGlite(
  dataDir?: string,
  { syncDirectory, backgroundFlushMs = BACKGROUND_FLUSH_MS, loadDataDir }: PGliteOptions = {},
): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataFolder(dataDir) : () => undefined;
  let pglite: PGlite;
  try {
    // The constructor reads its options from its first argument when that is not a folder.
    pglite = dataDir
      ? new PGlite(dataDir, { extensions: { pg_trgm } })
      : new PGlite({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
    await pglite.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const syncer = dataDir && !syncDirectory ? folderSyncer(dataDir) : null;
  const flush = () => (syncer ? syncer.sync() : syncDirectory!(dataDir!));
  const durable = dataDir ? groupCommits(flush) : async () => undefined;
  // Views, closes and PGlite's own checkpoints are flushed within a second too, not only with the next lead.
  let touched = false;
  const background = dataDir
    ? setInterval(() => {
        if (!touched) return;
        touched = false;
        durable().catch(() => (touched = true));
      }, backgroundFlushMs)
    : undefined;
  background?.unref();
  const runner = runnerFor(pglite);
  return {
    kind: 'pglite',
    query: (sql, params) => {
      touched = true;
      return runner.query(sql, params);
    },
    exec: (sql) => {
      touched = true;
      return runner.exec(sql);
    },
    transaction: (work) => {
      touched = true;
      return pglite.transaction((tx) => work(runnerFor(tx)));
    },
    durable,
    close: async () => {
      clearInterval(background);
      try {
        await pglite.close();
        if (dataDir) await flush();
      } finally {
        syncer?.close();
        unlock();
      }
    },
  };
}
