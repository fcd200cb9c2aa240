import { log } from '../safety.ts';
import { cookiePair, parseCookieString, serializeCookie } from './cookies.ts';

export type StoreKind = 'cookie' | 'local' | 'session';

/** A string store with optional expiry. Never throws. */
export interface KeyValueStore {
  readonly kind: StoreKind;
  /** False once the backing storage failed: values then live in memory for this page only. */
  readonly persistent: boolean;
  get(key: string): string | null;
  /** `ttlMs` undefined keeps the value for the store's natural life (a session cookie, or until removed). */
  set(key: string, value: string, ttlMs?: number): void;
  remove(key: string): void;
  keys(): string[];
}

/** The cookie store alone: what the loader's page view uses (Web Storage is the session's, web-storage.ts). */
export interface CookieStores {
  cookies: KeyValueStore;
  /**
   * Until the returned function is called, the cookies read once (with this set's own writes) serve later tasks
   * too, and a write repeating one already sent is not sent again: for a page view spread over a few tasks.
   */
  holdCookieReads(): () => void;
}

export interface StorageSet extends CookieStores {
  local: KeyValueStore;
  session: KeyValueStore;
}

export const NO_STORAGE_MESSAGE = 'No Web Storage support';

/** Raw operations of one backing storage; any of them may throw (blocked, quota full, SecurityError). */
export interface Backend {
  get(key: string): string | null;
  /** `ttlMs` undefined keeps the value for the backend's natural life; each backend honours expiry itself. */
  set(key: string, value: string, ttlMs: number | undefined): void;
  remove(key: string): void;
  keys(): string[];
  /** Throws if values cannot be written; for a store asked whether it is persistent before it wrote anything. */
  proveWritable?(): void;
}

/**
 * Wraps a backend so that the first failure switches the store to memory for the rest of the page (reporting
 * through `onFailure`).
 */
export function resilientStore(
  kind: StoreKind,
  openBackend: () => Backend,
  now: () => number,
  onFailure: () => void,
): KeyValueStore {
  let backend: Backend | null = null;
  let persistent = true;
  // A write that went through shows that this storage keeps values; until one has, asking `persistent` tries one.
  let written = false;
  const memory = memoryBackend(now);
  const fail = () => {
    if (persistent) {
      persistent = false;
      onFailure();
    }
    backend = memory;
  };
  const current = (): Backend => {
    if (backend) return backend;
    try {
      backend = openBackend();
    } catch {
      fail();
    }
    return backend ?? memory;
  };
  const attempt = <T>(operation: (target: Backend) => T, fallback: T): T => {
    try {
      return operation(current());
    } catch {
      fail();
      try {
        return operation(memory);
      } catch {
        return fallback;
      }
    }
  };
  return {
    kind,
    get persistent() {
      if (persistent && !written) {
        attempt((target) => target.proveWritable?.(), undefined);
        written = persistent;
      }
      return persistent;
    },
    get: (key) => attempt((target) => target.get(key), null),
    set: (key, value, ttlMs) =>
      attempt((target) => {
        target.set(key, value, ttlMs);
        written = true;
      }, undefined),
    remove: (key) => attempt((target) => target.remove(key), undefined),
    keys: () => attempt((target) => target.keys(), [] as string[]),
  };
}

/** Values in memory, each kept until its expiry by the injected clock. */
export function memoryBackend(now: () => number): Backend {
  const values = new Map<string, [string, number]>();
  const live = (key: string) => {
    const entry = values.get(key);
    return entry && entry[1] > now() ? entry[0] : null;
  };
  return {
    get: live,
    set: (key, value, ttlMs) => void values.set(key, [value, ttlMs === undefined ? Infinity : now() + ttlMs]),
    remove: (key) => void values.delete(key),
    keys: () => [...values.keys()].filter((key) => live(key) !== null),
  };
}

/** Holds on a cookie backend's snapshot (StorageSet.holdCookieReads); the backend is opened later, if at all. */
interface CookieReadHold {
  held: number;
  /** Called when the last hold is released. */
  released: (() => void) | null;
}

function cookieBackend(document: Pick<Document, 'cookie'>, secure: boolean, hold: CookieReadHold): Backend {
  // Each read of document.cookie is a synchronous round trip to the browser's cookie store, and so is each write:
  // a page view reads dozens of values and writes several, so the cookies read once are kept, with this store's
  // own writes, until the current task ends (another script may change them in a later one) or the hold ends,
  // and a write that repeats one made in that time is not sent again.
  let snapshot: Record<string, string> | null = null;
  let sentThisTask = new Map<string, string>();
  let forgetQueued = false;
  const forget = () => {
    snapshot = null;
    sentThisTask = new Map();
  };
  hold.released = forget;
  const forgetAtEndOfTask = () => {
    if (forgetQueued) return;
    forgetQueued = true;
    queueMicrotask(() => {
      forgetQueued = false;
      if (hold.held === 0) forget();
    });
  };
  const readJar = () => {
    const raw = document.cookie;
    snapshot = parseCookieString(raw);
    forgetAtEndOfTask();
    return raw;
  };
  const read = () => {
    if (!snapshot) readJar();
    return snapshot!;
  };
  let verified = false;
  const send = (key: string, value: string, ttlMs: number | undefined) => {
    const cookie = serializeCookie(key, value, { maxAgeMs: ttlMs, secure });
    if (sentThisTask.get(key) === cookie) return;
    document.cookie = cookie;
    sentThisTask.set(key, cookie);
    forgetAtEndOfTask();
  };
  return {
    get: (key) => read()[key] ?? null,
    set: (key, value, ttlMs) => {
      const removal = ttlMs !== undefined && ttlMs <= 0;
      // A cookie this page reads back was kept by the browser: a returning visitor's proves that cookies work here.
      if (!verified && !removal && snapshot && key in snapshot) verified = true;
      send(key, value, ttlMs);
      if (!verified && !removal) {
        // Otherwise the first value written is read back at once (the read serves the rest of the task). Matching
        // the exact pair tells it from a same-named cookie of another path.
        const pair = cookiePair(key, value);
        if (
          !readJar()
            .split(';')
            .some((part) => part.trim() === pair)
        )
          throw new Error('cookies are disabled');
        verified = true;
        return;
      }
      if (snapshot) {
        if (removal) delete snapshot[key];
        else snapshot[key] = value;
      }
    },
    remove: (key) => {
      send(key, '', 0);
      if (snapshot) delete snapshot[key];
    },
    keys: () => Object.keys(read()),
  };
}

export interface CookieStoreOptions {
  document?: Pick<Document, 'cookie'> | null;
  /** Adds `Secure` to cookies (pages served over https). */
  secureCookies?: boolean;
  now?: () => number;
  /** Called once when a store falls back to memory. */
  onFailure?: () => void;
}

/** The page's cookies behind one store that never throws: if they fail, values live in memory for this page. */
export function createCookieStores(options: CookieStoreOptions = {}): CookieStores {
  const doc = options.document;
  const hold: CookieReadHold = { held: 0, released: null };
  return {
    // Cookie expiry is left to the browser (max-age): cookie values that must be compared with the
    // injected clock carry their own timestamp.
    cookies: resilientStore(
      'cookie',
      () => {
        if (!doc) throw new Error('not available');
        return cookieBackend(doc, options.secureCookies ?? false, hold);
      },
      options.now ?? Date.now,
      options.onFailure ?? (() => log.warn(NO_STORAGE_MESSAGE)),
    ),
    holdCookieReads: () => {
      hold.held++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        hold.held--;
        if (hold.held === 0) hold.released?.();
      };
    },
  };
}
