/**
 * The one storage interface the server talks to. PGlite (embedded) and PostgreSQL (`pg`) both implement it
 * and run the same SQL, so a site can move from a data folder to a database server without code changes.
 */
export interface SqlRunner {
  /** One statement with `$1`-style parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends SqlRunner {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * Resolves once everything committed so far is on the disk, so that a power cut cannot take it back:
   * called before a lead is acknowledged. PostgreSQL is already there at commit (fsync and synchronous_commit
   * are on by default); PGlite flushes its data folder.
   */
  durable(): Promise<void>;
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel` sent by another process (another connection pool)
   * on the same database: what this one announced it has applied already. Returns the stop. Only where several
   * processes can share the database (PostgreSQL). A lost connection is opened again by itself; then
   * `onResubscribed` is called, since whatever was sent meanwhile was not heard.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onResubscribed?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The database server is out of reach (restarting, failing over, the connection was cut): the request may be
 * tried again shortly, and is answered 503 with Retry-After.
 */
export class DatabaseUnavailableError extends Error {}
