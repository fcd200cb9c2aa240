import { combine, guard } from '../safety.ts';
import type { Disarm } from './types.ts';

/**
 * A trigger's two states, armed → fired: `fire` passes through only the first time, and firing
 * cleans up the trigger's listeners and timers.
 */
export function fireOnce(fire: () => void): {
  fire: () => void;
  fired: () => boolean;
  onFire: (cleanup: Disarm) => void;
} {
  let fired = false;
  const cleanups: Disarm[] = [];
  return {
    fire() {
      if (fired) return;
      fired = true;
      combine(cleanups)();
      guard('trigger', fire);
    },
    fired: () => fired,
    onFire: (cleanup) => {
      if (fired) cleanup();
      else cleanups.push(cleanup);
    },
  };
}
