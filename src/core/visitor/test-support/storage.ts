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
      const [name, value] = pair!.split('=') as [string, string];
      if (attributes.some((attribute) => attribute.trim() === 'max-age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  };
  return { document, reads: () => reads, writes: () => writes, jar };
}
