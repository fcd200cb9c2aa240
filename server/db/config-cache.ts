// The display call is made on every page view of every site: the configuration it needs (the client and its
// active pop-ups) is kept in memory, forgotten when this process changes it, when another process on the same
// PostgreSQL says it changed it (LISTEN/NOTIFY on CONFIG_CHANNEL), and in any case after a short while.
import type { ClientRecord, PopupRecord } from './configuration-store.ts';

export const CONFIG_CHANNEL = 'poptin_config';
/** A notification payload meaning "every client". */
export const ALL_CLIENTS = '*';
export const CONFIG_TTL_MS = 30_000;
/** Unknown client ids are cached too (as no client): the cache is bounded so that made-up ids cannot fill memory. */
export const MAX_CACHED_CLIENTS = 10_000;

export interface ClientConfig {
  client: ClientRecord | null;
  popups: PopupRecord[];
}

/** What a configuration change makes a cache forget: one client, or everything (`ALL_CLIENTS` or nothing). */
export interface Forgetful {
  forget(clientId?: string): void;
}

export class ConfigCache<Value = ClientConfig> implements Forgetful {
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
export class PopupsByViewer extends ConfigCache<PopupRecord | null> {
  override forget(): void {
    super.forget(ALL_CLIENTS);
  }
}

// Every cache of this process, by the database it reads: a change made through one Store is forgotten at once by
// the others on the same database (another process hears of it through CONFIG_CHANNEL, a moment later).
const cachesByDatabase = new WeakMap<object, Set<Forgetful>>();

export function registerConfigCache(database: object, cache: Forgetful): void {
  let caches = cachesByDatabase.get(database);
  if (!caches) cachesByDatabase.set(database, (caches = new Set()));
  caches.add(cache);
}

/** A client's configuration changed in `database` (or every client's): each cache of this process forgets it. */
export function forgetConfig(database: object, clientId: string = ALL_CLIENTS): void {
  for (const cache of cachesByDatabase.get(database) ?? []) cache.forget(clientId);
}

/** The channel on which a process says a visitor converted: "clientId visitorId". */
export const CONVERSION_CHANNEL = 'poptin_conversion';
/** A client with more converted visitors than this is asked the database on every call instead. */
export const MAX_REMEMBERED_VISITORS = 200_000;

/**
 * Which visitors of a client have converted, so that the display call of a pop-up shown only to visitors who
 * have not (`stop_showing_to_converted_users`) asks the database only for a visitor who has. One per database,
 * shared by the stores of this process; other processes report their conversions on CONVERSION_CHANNEL.
 */
export class ConvertedVisitors {
  private readonly byClient = new Map<string, Promise<Set<string> | null>>();

  constructor(private readonly load: (clientId: string, limit: number) => Promise<string[]>) {}

  /** Whether the visitor may have converted: false means certainly not. */
  async mayHaveConverted(clientId: string, visitorId: string): Promise<boolean> {
    let known = this.byClient.get(clientId);
    if (!known) {
      known = this.load(clientId, MAX_REMEMBERED_VISITORS + 1).then((ids) =>
        ids.length > MAX_REMEMBERED_VISITORS ? null : new Set(ids),
      );
      this.byClient.set(clientId, known);
      known.catch(() => this.byClient.delete(clientId));
    }
    const visitors = await known;
    return visitors === null || visitors.has(visitorId);
  }

  /** A conversion was stored (here or in another process). */
  async add(clientId: string, visitorId: string): Promise<void> {
    const known = this.byClient.get(clientId);
    if (!known) return;
    const visitors = await known.catch(() => null);
    if (visitors && visitors.size >= MAX_REMEMBERED_VISITORS) this.byClient.delete(clientId);
    else visitors?.add(visitorId);
  }

  forget(): void {
    this.byClient.clear();
  }
}

const convertedByDatabase = new WeakMap<object, ConvertedVisitors>();

export function convertedVisitorsOf(
  database: object,
  load: (clientId: string, limit: number) => Promise<string[]>,
): ConvertedVisitors {
  let converted = convertedByDatabase.get(database);
  if (!converted) convertedByDatabase.set(database, (converted = new ConvertedVisitors(load)));
  return converted;
}

/** Everything this process remembers of `database` is forgotten (a test emptied its tables). */
export function forgetEverything(database: object): void {
  forgetConfig(database);
  convertedByDatabase.get(database)?.forget();
}
