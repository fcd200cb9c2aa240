// Nothing the widget does may throw into the host page: every entry point, listener and timer goes through here.
const PREFIX = '[poptin]';

export const log = {
  warn(...args: unknown[]): void {
    try {
      console.warn(PREFIX, ...args);
    } catch {
      /* a console that throws is not our problem to surface */
    }
  },
  error(...args: unknown[]): void {
    try {
      console.error(PREFIX, ...args);
    } catch {
      /* see above */
    }
  },
};

/** Runs `action`, logging instead of throwing; returns `fallback` on failure. */
export function guard<T>(where: string, action: () => T, fallback?: T): T | undefined {
  try {
    const result = action();
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        log.error(where, error);
        return fallback;
      }) as T;
    }
    return result;
  } catch (error) {
    log.error(where, error);
    return fallback;
  }
}

/** Adds a listener whose errors are logged, never thrown into the host page; returns its removal. */
export function listenSafely<E extends Event>(target: EventTarget, type: string, handler: (event: E) => void): () => void {
  const listener = (event: Event) => guard(`${type} listener`, () => handler(event as E));
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}

/** Timers owned by one binding, all cancelled together when it is torn down. */
export function createTimers(): { later(action: () => void, ms: number): void; clearAll(): void } {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    later(action, ms) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        action();
      }, ms);
      timers.add(timer);
    },
    clearAll() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    },
  };
}
