import { combine, listenSafely } from '../safety.ts';
import { later } from '../timers.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/** Events that count as activity: mouse, keys, scroll, touch. */
export const DOCUMENT_ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'touchstart',
  'touchmove',
  'wheel',
] as const;

/** Fires after the configured seconds × 1000 ms without activity (widget §4). */
export function armInactivity(
  context: TriggerContext,
  seconds: number | null = context.config.triggers.afterInactiveSeconds,
): Disarm {
  if (seconds === null) return () => {};
  const gate = fireOnce(() => context.fire(TRIGGER_NAMES.inactivity));
  const timeoutMs = seconds * 1000;
  let cancelTimer = later(context.window, timeoutMs, gate.fire);
  const restart = () => {
    cancelTimer();
    cancelTimer = later(context.window, timeoutMs, gate.fire);
  };
  const options = { capture: true, passive: true };
  const disarm = combine([
    ...DOCUMENT_ACTIVITY_EVENTS.map((type) => listenSafely(context.document, type, restart, options)),
    listenSafely(context.window, 'scroll', restart, options),
    () => cancelTimer(),
  ]);
  gate.onFire(disarm);
  return disarm;
}
