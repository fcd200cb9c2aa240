import { listenSafely } from '../safety.ts';
import { fireOnce } from './fire-once.ts';
import type { Disarm, TriggerContext } from './types.ts';

/** A flick back towards the top on a touch screen: at least this far up … */
export const FAST_SCROLL_UP_DISTANCE_PX = 250;
/** … within this long. */
export const FAST_SCROLL_UP_WINDOW_MS = 250;

/** Fires `onFastScrollUp` once when the page is scrolled up quickly (touch exit intent). */
export function armFastScrollUp(
  context: TriggerContext,
  onFastScrollUp: () => void,
  isReady: () => boolean = () => true,
): Disarm {
  const gate = fireOnce(onFastScrollUp);
  let samples: { y: number; at: number }[] = [];
  const disarm = listenSafely(
    context.window,
    'scroll',
    () => {
      const at = context.now();
      const y = context.window.scrollY;
      samples = samples.filter((sample) => at - sample.at <= FAST_SCROLL_UP_WINDOW_MS);
      const highestInWindow = samples.reduce((max, sample) => Math.max(max, sample.y), -Infinity);
      samples.push({ y, at });
      if (isReady() && highestInWindow - y >= FAST_SCROLL_UP_DISTANCE_PX) gate.fire();
    },
    { passive: true },
  );
  gate.onFire(disarm);
  return disarm;
}
