import { allow, block, type RuleResult } from '../rules/types.ts';
import { isExpired, timerSettingsOf } from './settings.ts';

/**
 * The timer as a display rule (widget §4): a pop-up whose fixed end-time has passed is not shown. Timer
 * settings that cannot be read do not block it; the reason says why they are ignored.
 */
export function evaluateTimer(designProperties: Record<string, unknown>, now: number): RuleResult {
  const { settings, error } = timerSettingsOf(designProperties);
  if (error) return allow('timer', `timer settings ignored: ${error}`);
  const end = settings?.end;
  if (end?.kind !== 'fixed') return allow('timer', settings ? 'the timer counts from when it shows' : 'no timer');
  const at = new Date(end.at).toISOString();
  return isExpired(end, now) ? block('timer', `the timer ended at ${at}`) : allow('timer', `the timer ends at ${at}`);
}
