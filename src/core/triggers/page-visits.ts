import { isEveryTimeOnEveryPage, parseFrequencyRule } from '../rules/frequency.ts';
import { later } from '../timers.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/**
 * After N page visits in this session, counted per pop-up by the visitor (a reload of the same address
 * does not count). Once fired it is disabled for the session unless the frequency rule is every time on
 * every page; without working session storage it does nothing (widget §4, §8).
 */
export function armPageVisits(
  context: TriggerContext,
  visits: number | null = context.config.triggers.afterPageVisits,
): Disarm {
  const { visitor, config } = context;
  if (visits === null || !visitor.canCountVisits() || visitor.pageVisitTriggerDisabled(config.id)) return () => {};
  const count = visitor.countPageVisit(config.id, context.url ?? context.window.location.href);
  if (count < visits) return () => {};
  const gate = fireOnce(() => {
    if (!isEveryTimeOnEveryPage(parseFrequencyRule(config.frequencyRule))) visitor.disablePageVisitTrigger(config.id);
    context.fire(TRIGGER_NAMES.pageVisits);
  });
  // Fired on the next task so the caller holds the disarm before anything is shown.
  return later(context.window, 0, gate.fire);
}
