import pg from 'pg';
import type { Database, SqlRunner } from './database.ts';

function runnerFor(target: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, [...params]);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/** Connects to a PostgreSQL server; several server processes may share it. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString });
  // Fail at start-up, not at the first visitor, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    ...runnerFor(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(runnerFor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    durable: async () => undefined,
    close: () => pool.end(),
  };
}
