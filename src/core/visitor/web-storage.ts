// localStorage and sessionStorage, for the session alone: the loader's page view keeps to its one cookie
// (page-visitor.ts), and Web Storage is opened only by what needs the history it holds (visitor.ts).
import { log } from '../safety.ts';
import {
  type Backend,
  createCookieStores,
  type KeyValueStore,
  NO_STORAGE_MESSAGE,
  resilientStore,
  type StorageSet,
} from './browser-storage.ts';

/** A value kept with its expiry (`x`, by the injected clock). */
interface Envelope {
  v: string;
  x?: number;
}

// Opening does not write a probe value: each Web Storage call waits on the browser, and a write that fails (a full
// quota) switches the store to memory then.
function webStorageBackend(open: () => Storage, now: () => number): Backend {
  const storage = open();
  return {
    get(key) {
      const raw = storage.getItem(key);
      if (raw === null || !raw.startsWith('{"v":')) return raw;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch {
        return raw;
      }
      if (typeof envelope.v !== 'string') return raw;
      if (typeof envelope.x === 'number' && envelope.x <= now()) {
        storage.removeItem(key);
        return null;
      }
      return envelope.v;
    },
    set: (key, value, ttlMs) =>
      storage.setItem(
        key,
        ttlMs === undefined ? value : JSON.stringify({ v: value, x: now() + ttlMs } satisfies Envelope),
      ),
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

/** Where localStorage and sessionStorage are read from; reading either may throw. */
export type StorageWindow = Pick<Window, 'localStorage' | 'sessionStorage'> | null | undefined;

/** A Web Storage store, opened at its first use; it falls back to memory when the storage throws. */
export function createWebStore(
  kind: 'local' | 'session',
  win: StorageWindow,
  now: () => number = Date.now,
  onFailure: () => void = () => log.warn(NO_STORAGE_MESSAGE),
): KeyValueStore {
  return resilientStore(
    kind,
    () => {
      if (!win) throw new Error('not available');
      return webStorageBackend(() => (kind === 'local' ? win.localStorage : win.sessionStorage), now);
    },
    now,
    onFailure,
  );
}

export interface StorageSetOptions {
  window?: StorageWindow;
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
  return {
    ...createCookieStores({ document: options.document, secureCookies: options.secureCookies, now, onFailure }),
    local: createWebStore('local', options.window, now, onFailure),
    session: createWebStore('session', options.window, now, onFailure),
  };
}
