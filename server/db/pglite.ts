import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, SqlRunner } from './database.ts';

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

/** Opens (or creates) a PGlite database in `dataDir`; in memory when `dataDir` is undefined. */
export async function openPGlite(dataDir?: string): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  return {
    kind: 'pglite',
    ...runnerFor(pglite),
    transaction: (work) => pglite.transaction((tx) => work(runnerFor(tx))),
    close: () => pglite.close(),
  };
}
