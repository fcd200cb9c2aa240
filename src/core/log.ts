// Nothing the widget does may throw into the host page: every entry point reports through here instead.
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
