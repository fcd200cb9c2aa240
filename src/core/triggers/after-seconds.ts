import { later } from '../timers.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/**
 * After N seconds on the page, or on the website (display_after_sec_active_on): website time carries
 * across page loads through the visitor's time-on-site cookie, so only the remainder is waited for.
 */
export function armAfterSeconds(
  context: TriggerContext,
  seconds: number | null = context.config.triggers.afterSeconds,
  on: 'page' | 'website' = context.config.triggers.afterSecondsOn,
): Disarm {
  if (seconds === null) return () => {};
  const gate = fireOnce(() => context.fire(TRIGGER_NAMES.afterSeconds));
  const alreadySpent = on === 'website' ? context.visitor.timeOnSiteMs() : 0;
  const cancel = later(context.window, Math.max(0, seconds * 1000 - alreadySpent), gate.fire);
  gate.onFire(cancel);
  return cancel;
}
