// The display call is made on every page view of every site: the configuration it needs (the client and its
// active pop-ups) is kept in memory, forgotten when this process changes it, when another process on the same
// PostgreSQL says it changed it (LISTEN/NOTIFY on CONFIG_CHANNEL), and in any case after a short while.
export const CONFIG_CHANNEL = 'poptin_config';
/** A notification payload meaning "every client". */
export const ALL_CLIENTS = '*';
export const CONFIG_TTL_MS = 30_000;
/** Unknown client ids are cached too (as no client): the cache is bounded so that made-up ids cannot fill memory. */
export const MAX_CACHED_CLIENTS = 10_000;

/** What a configuration change makes a cache forget: one client, or everything (`ALL_CLIENTS` or nothing). */
export interface Forgetful {
  forget(clientId?: string): void;
}

export class ConfigCache<Value> implements Forgetful {
  private readonly entries = new Map<string, { expires: number; value: Promise<Value> }>();

  constructor(
    private readonly load: (clientId: string) => Promise<Value>,
    private readonly ttlMs = CONFIG_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The client's configuration; concurrent misses share one load, and a failed load is not kept. */
  get(clientId: string): Promise<Value> {
    const cached = this.entries.get(clientId);
    if (cached && cached.expires > this.now()) return cached.value;
    const value = this.load(clientId);
    this.entries.delete(clientId);
    if (this.entries.size >= MAX_CACHED_CLIENTS) this.entries.delete(this.entries.keys().next().value!);
    const entry = { expires: this.now() + this.ttlMs, value };
    this.entries.set(clientId, entry);
    value.catch(() => {
      if (this.entries.get(clientId) === entry) this.entries.delete(clientId);
    });
    return value;
  }

  /** Forgets one client, or all of them (`ALL_CLIENTS` or nothing). */
  forget(clientId: string = ALL_CLIENTS): void {
    if (clientId === ALL_CLIENTS) this.entries.clear();
    else this.entries.delete(clientId);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Pop-ups by viewer id, as the conversion call and its CORS check find them: keyed by pop-up, not by client, so
 * any change of configuration forgets them all (changes are rare; leads are not).
 */
export class PopupsByViewer<Value> extends ConfigCache<Value> {
  override forget(): void {
    super.forget(ALL_CLIENTS);
  }
}

// Every cache of this process, by the database it reads: a change made through one repository is forgotten at once by
// the others on the same database (another process hears of it through CONFIG_CHANNEL, a moment later).
const cachesByDatabase = new WeakMap<object, Set<Forgetful>>();

export function registerConfigCache(database: object, cache: Forgetful): void {
  const caches = cachesByDatabase.get(database) ?? new Set();
  cachesByDatabase.set(database, caches);
  caches.add(cache);
}

/** A client's configuration changed in `database` (or every client's): each cache of this process forgets it. */
export function forgetConfig(database: object, clientId: string = ALL_CLIENTS): void {
  for (const cache of cachesByDatabase.get(database) ?? []) cache.forget(clientId);
}
