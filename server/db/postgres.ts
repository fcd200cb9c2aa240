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
  // The server processes behind this pool's connections: what this process announces it has already applied
  // itself, so its listeners hear only the others.
  const ownBackends = new Set<number>();
  const backendOf = (client: pg.PoolClient) => (client as pg.PoolClient & { processID?: number | null }).processID;
  pool.on('connect', (client) => {
    const backend = backendOf(client);
    if (backend) ownBackends.add(backend);
  });
  pool.on('remove', (client) => {
    const backend = backendOf(client);
    if (backend) ownBackends.delete(backend);
  });
  // Fail at start-up, not at the first visitor, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const listeners = new Set<pg.Client>();
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
    async listen(channel, onMessage) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      // A connection of its own: a pooled one may be handed to a query at any time, and LISTEN belongs to one.
      const client = new pg.Client({ connectionString });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel && !ownBackends.has(message.processId)) onMessage(message.payload ?? '');
      });
      // A lost connection only means changes are noticed later (the cache's own expiry); it must not crash.
      client.on('error', () => listeners.delete(client));
      await client.query(`LISTEN ${channel}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      listeners.clear();
      await pool.end();
    },
  };
}
