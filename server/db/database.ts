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
  close(): Promise<void>;
}
