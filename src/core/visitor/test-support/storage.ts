// Fakes shared by the visitor, storage and trigger tests.

/** A window whose storages refuse every access, as with cookies blocked or in some private modes. */
export function blockedStorageWindow(): Pick<Window, 'localStorage' | 'sessionStorage'> {
  return {
    get localStorage(): Storage {
      throw new DOMException('denied', 'SecurityError');
    },
    get sessionStorage(): Storage {
      throw new DOMException('denied', 'SecurityError');
    },
  };
}

/**
 * A document whose cookie jar counts its reads and writes, which another script may write to directly, and which
 * may hold cookies of other paths (`otherPaths`, listed first, as a browser lists the longer path first).
 */
export function countingCookieDocument(otherPaths = ''): {
  document: Pick<Document, 'cookie'>;
  reads: () => number;
  writes: () => number;
  jar: Map<string, string>;
} {
  const jar = new Map<string, string>();
  let reads = 0;
  let writes = 0;
  const document = {
    get cookie() {
      reads++;
      return [otherPaths, ...[...jar].map(([name, value]) => `${name}=${value}`)].filter(Boolean).join('; ');
    },
    set cookie(text: string) {
      writes++;
      const [pair, ...attributes] = text.split(';');
      const equals = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, equals), pair!.slice(equals + 1)];
      if (attributes.some((attribute) => attribute.trim() === 'max-age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  };
  return { document, reads: () => reads, writes: () => writes, jar };
}
/** A Web Storage in memory that counts its writes, and a window whose storages count how often they are opened. */
export function countingStorageWindow(): {
  window: Pick<Window, 'localStorage' | 'sessionStorage'>;
  local: Map<string, string>;
  session: Map<string, string>;
  opened: () => number;
  writes: () => number;
} {
  let opened = 0;
  let writes = 0;
  const storage = (values: Map<string, string>): Storage => ({
    get length() {
      return values.size;
    },
    key: (index: number) => [...values.keys()][index] ?? null,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes++;
      values.set(key, String(value));
    },
    removeItem: (key: string) => {
      writes++;
      values.delete(key);
    },
    clear: () => values.clear(),
  });
  const local = new Map<string, string>();
  const session = new Map<string, string>();
  const localStorage = storage(local);
  const sessionStorage = storage(session);
  return {
    window: {
      get localStorage() {
        opened++;
        return localStorage;
      },
      get sessionStorage() {
        opened++;
        return sessionStorage;
      },
    },
    local,
    session,
    opened: () => opened,
    writes: () => writes,
  };
}
