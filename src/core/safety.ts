// Nothing the widget does may throw into the host page: every entry point, listener, timer and cleanup goes through here.
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
export function listenSafely<E extends Event>(
  target: EventTarget,
  type: string,
  handler: (event: E) => void,
  options: AddEventListenerOptions = {},
): () => void {
  const listener = (event: Event) => guard(`${type} listener`, () => handler(event as E));
  target.addEventListener(type, listener, options);
  return () => target.removeEventListener(type, listener, options);
}

/** Runs every cleanup once, even if one of them throws. */
export function combine(cleanups: (() => void)[]): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups.splice(0)) guard('cleanup', cleanup);
  };
}

/** Where timers are set: a window, or a fake one in tests. */
export type TimerHost = Pick<Window, 'setTimeout' | 'clearTimeout'>;
