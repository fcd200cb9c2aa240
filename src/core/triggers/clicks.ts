import { listenSafely } from '../safety.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/** Counts clicks up to the target; reaching it reports true and resets the counter to 0 (widget §4). */
export function createClickCounter(target: number) {
  let count = 0;
  return {
    click(): boolean {
      count += 1;
      if (count < target) return false;
      count = 0;
      return true;
    },
    count: () => count,
  };
}

export function armClicks(
  context: TriggerContext,
  clicks: number | null = context.config.triggers.afterClicks,
): Disarm {
  if (clicks === null) return () => {};
  const gate = fireOnce(() => context.fire(TRIGGER_NAMES.clicks));
  const counter = createClickCounter(Math.max(1, Math.round(clicks)));
  const disarm = listenSafely(
    context.document,
    'click',
    () => {
      if (counter.click()) gate.fire();
    },
    { capture: true, passive: true },
  );
  gate.onFire(disarm);
  return disarm;
}
