// Widget §4: on a store, consent gates the start: start when it is yes, not when it is no, otherwise ask again
// every second.
export type ConsentAnswer = 'yes' | 'no' | 'undecided';

export const CONSENT_POLL_MS = 1_000;

export interface ConsentTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Resolves true once `read` says yes, false once it says no; while undecided it reads again every second.
 * `signal` stops the waiting (the page went away): the promise then resolves false.
 */
export function waitForConsent(
  read: () => ConsentAnswer,
  timers: ConsentTimers,
  signal?: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    let handle: unknown;
    const stop = () => {
      timers.clearTimeout(handle);
      resolve(false);
    };
    signal?.addEventListener('abort', stop, { once: true });
    const ask = () => {
      let answer: ConsentAnswer;
      try {
        answer = read();
      } catch {
        answer = 'undecided';
      }
      if (answer === 'undecided') {
        handle = timers.setTimeout(ask, CONSENT_POLL_MS);
        return;
      }
      signal?.removeEventListener('abort', stop);
      resolve(answer === 'yes');
    };
    if (signal?.aborted) resolve(false);
    else ask();
  });
}
