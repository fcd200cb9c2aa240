// Timers whose errors are logged: apart from safety.ts, which the loader shares with the lazy chunks, because only
// the lazy chunks set them (triggers, machines, a template's bindings).
import type { Cleanup, EffectContext } from './machine.ts';
import { guard, type TimerHost } from './safety.ts';

/** Runs `action` once after `ms`, its errors logged; returns the cancel. */
export function later(host: TimerHost, ms: number, action: () => void): () => void {
  const handle = host.setTimeout(() => guard('timer', action), ms);
  return () => host.clearTimeout(handle);
}

/** Timers owned by one binding, all cancelled together when it is torn down. */
export function createTimers(host: TimerHost = globalThis): {
  later(action: () => void, ms: number): void;
  clearAll(): void;
} {
  const cancels = new Set<() => void>();
  return {
    later(action, ms) {
      const cancel = later(host, ms, () => {
        cancels.delete(cancel);
        action();
      });
      cancels.add(cancel);
    },
    clearAll() {
      cancels.forEach((cancel) => cancel());
      cancels.clear();
    },
  };
}

/**
 * A machine's commonest effect (src/core/machine.ts): `action` (sending the event that is due, usually) after `ms`;
 * its cleanup clears the timer. Here rather than in the runtime, which the loader carries: only the lazy chunks wait.
 */
export function after<Snapshot, Event>(
  context: EffectContext<Snapshot, Event>,
  ms: number,
  action: () => void,
  host: TimerHost = globalThis,
): Cleanup {
  return later(host, ms, () => {
    context.ended();
    action();
  });
}
