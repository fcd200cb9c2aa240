import type { Disarm } from './types.ts';

/** Adds an event listener and returns the function that removes it. */
export function listen<E extends Event = Event>(
  target: EventTarget,
  type: string,
  handler: (event: E) => void,
  options: AddEventListenerOptions = {},
): Disarm {
  const listener = handler as EventListener;
  target.addEventListener(type, listener, options);
  return () => target.removeEventListener(type, listener, options);
}

/** Runs every cleanup once, even if one of them throws. */
export function combine(cleanups: Disarm[]): Disarm {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups.splice(0)) {
      try {
        cleanup();
      } catch (error) {
        console.error(error);
      }
    }
  };
}

/** Runs a callback from an event listener or timer; an error is logged, never thrown into the host page. */
export function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error(error);
  }
}

/**
 * A trigger's two states, armed → fired: `fire` passes through only the first time, and firing
 * cleans up the trigger's listeners and timers.
 */
export function fireOnce(fire: () => void): { fire: () => void; fired: () => boolean; onFire: (cleanup: Disarm) => void } {
  let fired = false;
  const cleanups: Disarm[] = [];
  return {
    fire() {
      if (fired) return;
      fired = true;
      combine(cleanups)();
      safely(fire);
    },
    fired: () => fired,
    onFire: (cleanup) => {
      if (fired) cleanup();
      else cleanups.push(cleanup);
    },
  };
}

export function later(win: Pick<Window, 'setTimeout' | 'clearTimeout'>, ms: number, run: () => void): Disarm {
  const handle = win.setTimeout(run, ms);
  return () => win.clearTimeout(handle);
}
