// Visitor keys of the chat button with optional expiry; blocked storage falls back to memory.
export interface ChatStorage {
  get(key: string): string | null;
  set(key: string, value: string, ttlMs?: number): void;
  remove(key: string): void;
  readonly persistent: boolean;
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

export function createChatStorage(backing: Storage | null | undefined, now: () => number = Date.now): ChatStorage {
  const memory = new Map<string, string>();
  const persistent = usable(backing);
  const read = (key: string): string | null => {
    if (!persistent) return memory.get(key) ?? null;
    try {
      return backing.getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  };
  const write = (key: string, raw: string): void => {
    memory.set(key, raw);
    if (!persistent) return;
    try {
      backing.setItem(key, raw);
    } catch {
      /* quota or a revoked permission: memory keeps it for this page */
    }
  };
  const remove = (key: string): void => {
    memory.delete(key);
    if (!persistent) return;
    try {
      backing.removeItem(key);
    } catch {
      /* see write */
    }
  };
  return {
    persistent,
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
