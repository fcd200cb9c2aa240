// Visitor keys of the chat button with optional expiry; blocked storage falls back to memory, and so does a page
// in consent mode until the visitor consents (docs/privacy.md).
export interface ChatStorage {
  get(key: string): string | null;
  set(key: string, value: string, ttlMs?: number): void;
  remove(key: string): void;
  /** False while values live in memory for this page only: storage blocked, or no consent yet. */
  readonly persistent: boolean;
}

/**
 * Whether the page's widget is in consent mode without consent (its controller's `consent` attribute, or the
 * loader's `data-consent` before the controller exists): then nothing is read from or written to Web Storage.
 */
export function storageWithheld(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): boolean {
  if (!doc) return false;
  const consent =
    doc.querySelector('poptin-controller[consent]')?.getAttribute('consent') ??
    (doc.querySelector('script[data-consent="required"]') ? 'required' : null);
  return consent === 'required' || consent === 'refused';
}

interface Stored {
  value: string;
  expires: number | null;
}

function usable(backing: Storage | null | undefined): backing is Storage {
  if (!backing) return false;
  try {
    const probe = '__joinchat_probe__';
    backing.setItem(probe, probe);
    backing.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

export function createChatStorage(
  backing: Storage | null | undefined,
  now: () => number = Date.now,
  withheld: () => boolean = () => storageWithheld(),
): ChatStorage {
  const memory = new Map<string, string>();
  // Proved on first use, not before: a page in consent mode may not touch storage until the visitor consents.
  let usableBacking: boolean | null = null;
  const stores = (target: Storage | null | undefined): target is Storage => {
    if (withheld()) return false;
    usableBacking ??= usable(target);
    return usableBacking;
  };
  const read = (key: string): string | null => {
    if (!stores(backing)) return memory.get(key) ?? null;
    try {
      return backing.getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  };
  const write = (key: string, raw: string): void => {
    memory.set(key, raw);
    if (!stores(backing)) return;
    try {
      backing.setItem(key, raw);
    } catch {
      /* quota or a revoked permission: memory keeps it for this page */
    }
  };
  const remove = (key: string): void => {
    memory.delete(key);
    if (!stores(backing)) return;
    try {
      backing.removeItem(key);
    } catch {
      /* see write */
    }
  };
  return {
    get persistent() {
      return stores(backing);
    },
    get(key) {
      const raw = read(key);
      if (raw === null) return null;
      let stored: Stored;
      try {
        const parsed = JSON.parse(raw) as Partial<Stored>;
        if (typeof parsed !== 'object' || parsed === null || typeof parsed.value !== 'string') return raw;
        stored = { value: parsed.value, expires: typeof parsed.expires === 'number' ? parsed.expires : null };
      } catch {
        return raw;
      }
      if (stored.expires !== null && stored.expires <= now()) {
        remove(key);
        return null;
      }
      return stored.value;
    },
    set(key, value, ttlMs) {
      write(key, JSON.stringify({ value, expires: ttlMs && ttlMs > 0 ? now() + ttlMs : null }));
    },
    remove,
  };
}
