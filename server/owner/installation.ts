// Whether a site's snippet is installed, read from its display calls: the origins they came from, allowed or
// refused. Display calls are the hot path, so what they tell is gathered in memory and written every few seconds,
// one statement for every site and origin seen meanwhile.
import type { OriginSeen } from '../../src/core/api/site-contract.ts';
import type { SqlRunner } from '../db/database.ts';

/** The origins kept per site, the most recently seen: enough for a site's pages, and bounded whatever Origin headers arrive. */
export const ORIGINS_KEPT_PER_SITE = 20;
const FLUSH_EVERY_MS = 5_000;
/** Distinct site and origin pairs gathered between two writes, at most: more wait for the next write. */
const PENDING_LIMIT = 10_000;

interface Pending {
  clientId: string;
  origin: string;
  allowed: boolean;
  calls: number;
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export class OriginsSeen {
  private pending = new Map<string, Pending>();
  private readonly timer: ReturnType<typeof setInterval>;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: SqlRunner,
    private readonly onError: (error: unknown) => void = () => undefined,
    flushEveryMs = FLUSH_EVERY_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), flushEveryMs);
    this.timer.unref();
  }

  /** A display call of `clientId` came from `origin`. */
  note(clientId: string, origin: string, allowed: boolean): void {
    const key = `${clientId}\n${origin}`;
    const known = this.pending.get(key);
    if (known) {
      known.calls += 1;
      known.allowed = allowed;
    } else if (this.pending.size < PENDING_LIMIT) {
      this.pending.set(key, { clientId, origin, allowed, calls: 1 });
    }
  }

  /** Writes what was gathered, in one statement, and drops a site's origins past the newest few. */
  flush(): Promise<void> {
    if (this.pending.size === 0) return this.writing;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.writing = this.writing.then(async () => {
      try {
        const [clientIds, origins, allowed, calls] = [
          batch.map((entry) => entry.clientId),
          batch.map((entry) => entry.origin),
          batch.map((entry) => entry.allowed),
          batch.map((entry) => entry.calls),
        ];
        await this.db.query(
          `INSERT INTO site_origins_seen AS s (client_id, origin, allowed, calls)
           SELECT n.client_id, n.origin, n.allowed, n.calls
           FROM unnest($1::text[], $2::text[], $3::boolean[], $4::bigint[]) AS n (client_id, origin, allowed, calls)
           WHERE EXISTS (SELECT 1 FROM clients c WHERE c.client_id = n.client_id)
           ON CONFLICT (client_id, origin) DO UPDATE
             SET allowed = excluded.allowed, calls = s.calls + excluded.calls, last_seen_at = now()`,
          [clientIds, origins, allowed, calls],
        );
        await this.db.query(
          `DELETE FROM site_origins_seen o WHERE o.client_id = ANY ($1::text[]) AND o.origin NOT IN (
             SELECT k.origin FROM site_origins_seen k WHERE k.client_id = o.client_id
             ORDER BY k.last_seen_at DESC, k.origin = ANY ($2::text[]) DESC LIMIT $3)`,
          [[...new Set(clientIds)], origins, ORIGINS_KEPT_PER_SITE],
        );
      } catch (error) {
        this.onError(error);
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/** The origins a site's display calls came from, the most recent first. */
export async function originsSeenBy(db: SqlRunner, clientId: string): Promise<OriginSeen[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT origin, allowed, calls, first_seen_at, last_seen_at FROM site_origins_seen WHERE client_id = $1
     ORDER BY last_seen_at DESC, origin`,
    [clientId],
  );
  return rows.map((row) => ({
    origin: row.origin as string,
    allowed: row.allowed as boolean,
    calls: Number(row.calls),
    firstSeenAt: iso(row.first_seen_at),
    lastSeenAt: iso(row.last_seen_at),
  }));
}
