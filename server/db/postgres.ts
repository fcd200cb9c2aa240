import pg from 'pg';
import { type Database, DatabaseUnavailableError, type SqlRunner } from './database.ts';

// SQLSTATE classes and codes that mean the server went away or is not there yet, not that the query was wrong:
// 08 connection exception, 57P01 admin shutdown (pg_terminate_backend, a fast stop), 57P02 crash shutdown,
// 57P03 cannot connect now (starting up or recovering), 57P05 and 25P03 the server's idle timeouts,
// 53300 too many connections.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1235]|25P03|53300)$/;
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Whether `error` says that PostgreSQL is out of reach rather than that the statement failed. */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_NETWORK_CODES.has(code)))
    return true;
  // What pg says, with no code, when a connection closes under a query or cannot be had in time.
  return /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error|^Connection closed/i.test(
    error.message,
  );
}

function unavailableOr(error: unknown): unknown {
  return isConnectionLoss(error) ? new DatabaseUnavailableError('PostgreSQL is out of reach', { cause: error }) : error;
}

function runnerFor(target: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await target.query(sql, [...params]);
        return result.rows as Row[];
      } catch (error) {
        throw unavailableOr(error);
      }
    },
    async exec(sql: string) {
      try {
        await target.query(sql);
      } catch (error) {
        throw unavailableOr(error);
      }
    },
  };
}

/** How long a request waits for a connection before it is answered 503, while PostgreSQL is away. */
const CONNECT_TIMEOUT_MS = 5_000;
/** The LISTEN connection is opened again after this wait, doubled after each failure up to the maximum. */
const LISTEN_RETRY_MS = { first: 250, max: 5_000 };

/** Connects to a PostgreSQL server; several server processes may share it. */
export async function openPostgres(connectionString: string): Promise<Database> {
  // keepAlive: a connection whose server vanished (a failover, a dropped network) is noticed by TCP, not at the
  // next query only.
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // An idle connection lost (a restart, an idle timeout, pg_terminate_backend): the pool has already dropped it
  // and opens another when one is next needed. Without a listener, this event would end the process.
  pool.on('error', () => undefined);
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
  const stops = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    ...runnerFor(pool),
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw unavailableOr(error);
      }
      let broken: Error | undefined;
      // The pool stops listening to a connection it hands out: a connection cut while the transaction's own code
      // runs would otherwise be an uncaught error that ends the process. Its next statement fails as unavailable.
      const onConnectionError = (error: Error) => {
        broken = error;
      };
      client.on('error', onConnectionError);
      try {
        await client.query('BEGIN');
        const result = await work(runnerFor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (isConnectionLoss(error) || error instanceof DatabaseUnavailableError) broken = error as Error;
        else await client.query('ROLLBACK').catch(() => undefined);
        throw unavailableOr(error);
      } finally {
        // A connection that broke is closed, not handed to the next request, and may still report its end.
        if (!broken) client.off('error', onConnectionError);
        client.release(broken);
      }
    },
    durable: async () => undefined,
    async listen(channel, onMessage, onResubscribed) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      let stopped = false;
      let current: pg.Client | null = null;
      let retryTimer: NodeJS.Timeout | undefined;
      let retryMs = LISTEN_RETRY_MS.first;

      // A connection of its own: a pooled one may be handed to a query at any time, and LISTEN belongs to one.
      const subscribe = async (): Promise<void> => {
        const client = new pg.Client({
          connectionString,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
          keepAlive: true,
        });
        // A lost connection is opened again; until then changes are noticed by the cache's own expiry.
        client.on('error', () => undefined);
        client.on('end', () => {
          if (current !== client) return;
          current = null;
          if (!stopped) scheduleRetry();
        });
        client.on('notification', (message) => {
          if (message.channel === channel && !ownBackends.has(message.processId)) onMessage(message.payload ?? '');
        });
        try {
          await client.connect();
          await client.query(`LISTEN ${channel}`);
        } catch (error) {
          await client.end().catch(() => undefined);
          throw error;
        }
        if (stopped) {
          await client.end().catch(() => undefined);
          return;
        }
        current = client;
        retryMs = LISTEN_RETRY_MS.first;
      };
      const scheduleRetry = () => {
        if (retryTimer || stopped) return;
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          subscribe().then(
            // Whatever was announced while the connection was down was not heard.
            () => onResubscribed?.(),
            () => {
              retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
              scheduleRetry();
            },
          );
        }, retryMs);
        retryTimer.unref();
      };

      await subscribe();
      const stop = async () => {
        stopped = true;
        stops.delete(stop);
        clearTimeout(retryTimer);
        await current?.end().catch(() => undefined);
        current = null;
      };
      stops.add(stop);
      return stop;
    },
    async close() {
      await Promise.all([...stops].map((stop) => stop()));
      await pool.end();
    },
  };
}
