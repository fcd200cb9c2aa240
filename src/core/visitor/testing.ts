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
