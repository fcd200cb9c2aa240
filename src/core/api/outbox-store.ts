import { log } from '../safety.ts';

/** The localStorage key of the outbox; the visitor's record (record.ts, `x`) says when it holds what a page left. */
export const OUTBOX_STORAGE_KEY = 'poptin_outbox';

/** A lead, or a view or close that must reach the server as surely. */
export type OutboxKind = 'lead' | 'view' | 'close';

export interface OutboxEntry {
  /** The idempotency key; the server stores a retried conversion, view or close once. */
  key: string;
  /** Absent in entries written before views and closes went through the outbox: those are leads. */
  kind?: OutboxKind;
  url: string;
  fields: Record<string, string>;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  /**
   * A lead of a site that takes leads only with a proof of work, kept before its proof was found: the pop-up whose
   * challenge it is proved with before it is sent, on this page or the next.
   */
  proofFor?: string;
  /**
   * A lead of a pop-up placed by hand, kept before its pop-up was looked up: the poptin id whose conversion address
   * (`url`, empty until then) and target are filled in before it is sent, on this page or the next.
   */
  addressFor?: string;
  /** A lead the server refused (4xx other than 408 and 429): kept in the dead-letter list, never sent again by itself. */
  refused?: { status: number; reason: string; at: number };
}

export interface OutboxStore {
  readonly kind: 'indexeddb' | 'localstorage' | 'memory';
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  delete(key: string): Promise<void>;
}

export class MemoryOutboxStore implements OutboxStore {
  readonly kind = 'memory';
  private readonly entries = new Map<string, OutboxEntry>();
  async all() {
    return [...this.entries.values()];
  }
  async put(entry: OutboxEntry) {
    this.entries.set(entry.key, { ...entry });
  }
  async delete(key: string) {
    this.entries.delete(key);
  }
}

export class LocalStorageOutboxStore implements OutboxStore {
  readonly kind = 'localstorage';
  constructor(
    private readonly storage: Storage,
    private readonly storageKey = OUTBOX_STORAGE_KEY,
  ) {}
  private read(): Record<string, OutboxEntry> {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(this.storageKey) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, OutboxEntry>) : {};
    } catch {
      return {};
    }
  }
  async all() {
    return Object.values(this.read());
  }
  async put(entry: OutboxEntry) {
    const entries = this.read();
    entries[entry.key] = entry;
    this.storage.setItem(this.storageKey, JSON.stringify(entries));
  }
  async delete(key: string) {
    const entries = this.read();
    delete entries[key];
    this.storage.setItem(this.storageKey, JSON.stringify(entries));
  }
}

const DB_NAME = 'poptin';
const STORE_NAME = 'outbox';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export class IndexedDbOutboxStore implements OutboxStore {
  readonly kind = 'indexeddb';
  private constructor(private readonly db: IDBDatabase) {}

  static async open(factory: IDBFactory, name = DB_NAME): Promise<IndexedDbOutboxStore> {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME, { keyPath: 'key' });
    return new IndexedDbOutboxStore(await promised(request));
  }

  private async run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const transaction = this.db.transaction(STORE_NAME, mode);
    const result = await promised(action(transaction.objectStore(STORE_NAME)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  }
  async all() {
    return this.run('readonly', (store) => store.getAll() as IDBRequest<OutboxEntry[]>);
  }
  async put(entry: OutboxEntry) {
    await this.run('readwrite', (store) => store.put(entry));
  }
  async delete(key: string) {
    await this.run('readwrite', (store) => store.delete(key));
  }
}

/**
 * localStorage first: its writes are synchronous, so a lead submitted an instant before the page goes away is
 * already kept, and pagehide reads it back at once for sendBeacon. IndexedDB transactions still pending when a
 * page is unloaded are aborted; it serves where localStorage is blocked. Memory is the last resort.
 */
export async function openOutboxStore(
  scope: { indexedDB?: IDBFactory; localStorage?: Storage } = globalThis,
  options: { memoryOnly?: boolean } = {},
): Promise<OutboxStore> {
  // Consent mode before consent: a lead the visitor sends is kept for this page only, nothing of it in the browser.
  if (options.memoryOnly) return new MemoryOutboxStore();
  try {
    const storage = scope.localStorage;
    if (storage) {
      const probe = '__poptin_probe__';
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return new LocalStorageOutboxStore(storage);
    }
  } catch (error) {
    log.warn('No Web Storage support for the lead outbox', error);
  }
  try {
    if (scope.indexedDB) return await IndexedDbOutboxStore.open(scope.indexedDB);
  } catch (error) {
    log.warn('IndexedDB unavailable for the lead outbox', error);
  }
  return new MemoryOutboxStore();
}
