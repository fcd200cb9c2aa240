// Storage sets that keep nothing beyond the page: for tests and previews, and consent mode before consent. Apart
// from browser-storage.ts, which the loader holds: only the session and tests make them.
import { type Backend, memoryBackend, resilientStore, type StorageSet } from './browser-storage.ts';

function memoryStorageSet(open: () => Backend, now: () => number): StorageSet {
  const never = () => undefined;
  return {
    cookies: resilientStore('cookie', open, now, never),
    local: resilientStore('local', open, now, never),
    session: resilientStore('session', open, now, never),
    holdCookieReads: () => never,
  };
}

/** Stores that live in memory only, with the injected clock for expiry (tests, previews). */
export function createMemoryStorageSet(now: () => number = Date.now): StorageSet {
  return memoryStorageSet(() => memoryBackend(now), now);
}

/**
 * Consent mode before consent: values live in memory for this page only and no cookie or Web Storage is read or
 * written. Its stores say they are not persistent, as blocked storage does: the visit-count trigger does nothing,
 * and the visitor reports no page cookies.
 */
export function createPageOnlyStorageSet(now: () => number = Date.now): StorageSet {
  return memoryStorageSet(() => {
    throw new Error('nothing is stored before consent');
  }, now);
}
