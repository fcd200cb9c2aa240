import type { PopupConfig } from '../config/types.ts';
import { combine, guard, log } from '../safety.ts';
import { armAfterSeconds } from './after-seconds.ts';
import { contextDevice } from './device.ts';
import { armImmediately } from './immediately.ts';
import { planTriggers, type TriggerPlan, type TriggerPlanSet } from './plan.ts';
import { type Device, type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/** The triggers that watch the visitor or the page, as `import('./watchers.ts')` gives them. */
export type TriggerWatchers = typeof import('./watchers.ts');

/** Whether a pop-up's plan arms a trigger beyond a timer and "at once", whose modules are the watchers. */
export const needsWatchers = (plan: TriggerPlanSet): boolean =>
  plan.requiresAdblock ||
  plan.triggers.some((trigger) => trigger.kind !== 'after_seconds' && trigger.kind !== 'immediately');

/**
 * The watchers on their way when a pop-up of `configs` arms one on this device, else undefined (nothing is
 * downloaded). Nothing waits for them but the arming: the pop-ups are decided, and built ahead, meanwhile.
 */
export function triggerWatchersFor(
  configs: readonly PopupConfig[],
  device: Device,
): Promise<TriggerWatchers> | undefined {
  return configs.some((config) => needsWatchers(planTriggers(config, device))) ? import('./watchers.ts') : undefined;
}

function armPlan(context: TriggerContext, plan: TriggerPlan, watchers: TriggerWatchers): Disarm {
  switch (plan.kind) {
    case 'exit_intent':
      return watchers.armExitIntentNow(context);
    case 'after_seconds':
      return armAfterSeconds(context, plan.seconds, plan.on);
    case 'scroll':
      return watchers.armScroll(context, plan.percent);
    case 'clicks':
      return watchers.armClicks(context, plan.clicks);
    case 'page_visits':
      return watchers.armPageVisits(context, plan.visits);
    case 'inactivity':
      return watchers.armInactivity(context, plan.seconds);
    case 'cart':
      return watchers.armCart(context);
    case 'immediately':
      return armImmediately(context);
    case 'in_view':
      return watchers.armInView(context);
  }
}

/**
 * Arms every trigger the pop-up enables (or the auto-pilot choice for the device) and returns one disarm
 * that removes every listener and timer. Each trigger calls `context.fire` at most once; the controller
 * shows the pop-up on the first. With display_if_adblock_active the triggers are armed only after an ad
 * blocker is detected (and detection itself fires when nothing else is configured).
 */
export function armTriggers(
  config: PopupConfig,
  context: Omit<TriggerContext, 'config'>,
  watchers: TriggerWatchers | undefined,
): Disarm {
  const full: TriggerContext = { ...context, config };
  const plan = planTriggers(config, contextDevice(full));
  if (!watchers && needsWatchers(plan)) {
    log.warn(`pop-up ${config.id} not armed: its triggers' module is not loaded`);
    return () => undefined;
  }
  const cleanups: Disarm[] = [];
  const armAll = () => {
    for (const trigger of plan.triggers) cleanups.push(armPlan(full, trigger, watchers as TriggerWatchers));
  };
  if (plan.requiresAdblock) {
    cleanups.push(
      (watchers as TriggerWatchers).armAdblock(full, () =>
        plan.triggers.length ? armAll() : guard('trigger', () => full.fire(TRIGGER_NAMES.adblock)),
      ),
    );
  } else {
    armAll();
  }
  return combine(cleanups);
}
