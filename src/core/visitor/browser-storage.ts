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

export interface StorageSet {
  cookies: KeyValueStore;
  local: KeyValueStore;
  session: KeyValueStore;
  /**
   * Until the returned function is called, the cookies read once (with this set's own writes) serve later tasks
   * too, and a write repeating one already sent is not sent again: for a page view spread over a few tasks.
   */
  holdCookieReads(): () => void;
}

export const NO_STORAGE_MESSAGE = 'No Web Storage support';

/** Raw operations of one backing storage; any of them may throw (blocked, quota full, SecurityError). */
export interface Backend {
  /** Cookies expire by themselves (max-age); other backends keep the expiry in an envelope read with the injected clock. */
  nativeExpiry: boolean;
  get(key: string): string | null;
  set(key: string, value: string, ttlMs: number | undefined, expiresAt: number | undefined): void;
  remove(key: string): void;
  keys(): string[];
  /** Throws if values cannot be written; for a store asked whether it is persistent before it wrote anything. */
  proveWritable?(): void;
}

interface Envelope {
  v: string;
  x?: number;
}

/**
 * Wraps a backend so expiry is honoured by the injected clock and so the first failure switches the store
 * to memory for the rest of the page (reporting through `onFailure`).
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
  const memory = memoryBackend();
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
  const unwrap = (key: string, raw: string | null, target: Backend): string | null => {
    if (raw === null) return null;
    if (target.nativeExpiry || !raw.startsWith('{"v":')) return raw;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return raw;
    }
    if (typeof envelope.v !== 'string') return raw;
    if (typeof envelope.x === 'number' && envelope.x <= now()) {
      target.remove(key);
      return null;
    }
    return envelope.v;
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
    get: (key) => attempt((target) => unwrap(key, target.get(key), target), null),
    set: (key, value, ttlMs) =>
      attempt((target) => {
        const expiresAt = ttlMs === undefined ? undefined : now() + ttlMs;
        const stored =
          !target.nativeExpiry && expiresAt !== undefined
            ? JSON.stringify({ v: value, x: expiresAt } satisfies Envelope)
            : value;
        target.set(key, stored, ttlMs, expiresAt);
        written = true;
      }, undefined),
    remove: (key) => attempt((target) => target.remove(key), undefined),
    keys: () => attempt((target) => target.keys(), [] as string[]),
  };
}

export function memoryBackend(): Backend {
  const values = new Map<string, string>();
  return {
    nativeExpiry: false,
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
    keys: () => [...values.keys()],
  };
}

// Opening does not write a probe value: each Web Storage call waits on the browser, a page view writes to both
// stores anyway, and a write that fails (a full quota) switches the store to memory then.
function webStorageBackend(open: () => Storage): Backend {
  const storage = open();
  return {
    nativeExpiry: false,
    get: (key) => storage.getItem(key),
    set: (key, value) => storage.setItem(key, value),
    remove: (key) => storage.removeItem(key),
    keys: () =>
      Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
        (key): key is string => key !== null,
      ),
    proveWritable: () => {
      const probe = '__poptin_probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
    },
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
    nativeExpiry: true,
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

export interface StorageSetOptions {
  /** Where localStorage and sessionStorage are read from; reading either may throw. */
  window?: Pick<Window, 'localStorage' | 'sessionStorage'> | null;
  document?: Pick<Document, 'cookie'> | null;
  /** Adds `Secure` to cookies (pages served over https). */
  secureCookies?: boolean;
  now?: () => number;
  log?: (message: string) => void;
}

/**
 * Cookies, localStorage and sessionStorage behind one interface. Whatever throws falls back to memory,
 * and "No Web Storage support" is logged once per set.
 */
export function createStorageSet(options: StorageSetOptions = {}): StorageSet {
  const now = options.now ?? Date.now;
  const report = options.log ?? ((message: string) => log.warn(message));
  let logged = false;
  const onFailure = () => {
    if (logged) return;
    logged = true;
    report(NO_STORAGE_MESSAGE);
  };
  const win = options.window;
  const doc = options.document;
  const missing = () => {
    throw new Error('not available');
  };
  const hold: CookieReadHold = { held: 0, released: null };
  return {
    // Cookie expiry is left to the browser (max-age): cookie values that must be compared with the
    // injected clock carry their own timestamp.
    cookies: resilientStore(
      'cookie',
      doc ? () => cookieBackend(doc, options.secureCookies ?? false, hold) : missing,
      now,
      onFailure,
    ),
    local: resilientStore('local', win ? () => webStorageBackend(() => win.localStorage) : missing, now, onFailure),
    session: resilientStore(
      'session',
      win ? () => webStorageBackend(() => win.sessionStorage) : missing,
      now,
      onFailure,
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
