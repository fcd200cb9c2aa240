import { later } from '../timers.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/** A pop-up with no trigger configured is shown once the page is ready (on the next task). */
export function armImmediately(context: TriggerContext): Disarm {
  return later(context.window, 0, fireOnce(() => context.fire(TRIGGER_NAMES.immediately)).fire);
}
