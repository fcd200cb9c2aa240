/** Double submits within this pause are ignored (widget §4 guard flag). */
export const SUBMIT_GUARD_MS = 1_000;

/**
 * Widget §4 guard flag: no submit starts while one waits for what the rules need, nor within the pause after one was
 * accepted (`now` in ms, as `performance.now()`).
 */
export function submitGuard(pauseMs = SUBMIT_GUARD_MS) {
  let lastAcceptedAt = -Infinity;
  let waiting = false;
  return {
    mayStart: (now: number) => !waiting && now - lastAcceptedAt >= pauseMs,
    waiting: (still: boolean) => {
      waiting = still;
    },
    accepted: (now: number) => {
      lastAcceptedAt = now;
    },
  };
}
