import type { PopupConfig } from '../config/types.ts';
import { combine, guard } from '../safety.ts';
import { armAdblock } from './adblock.ts';
import { armAfterSeconds } from './after-seconds.ts';
import { armCart } from './cart.ts';
import { armClicks } from './clicks.ts';
import { contextDevice } from './device.ts';
import { armExitIntentNow } from './exit-intent.ts';
import { armImmediately } from './immediately.ts';
import { armInView } from './in-view.ts';
import { armInactivity } from './inactivity.ts';
import { armPageVisits } from './page-visits.ts';
import { planTriggers, type TriggerPlan } from './plan.ts';
import { armScroll } from './scroll.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

function armPlan(context: TriggerContext, plan: TriggerPlan): Disarm {
  switch (plan.kind) {
    case 'exit_intent':
      return armExitIntentNow(context);
    case 'after_seconds':
      return armAfterSeconds(context, plan.seconds, plan.on);
    case 'scroll':
      return armScroll(context, plan.percent);
    case 'clicks':
      return armClicks(context, plan.clicks);
    case 'page_visits':
      return armPageVisits(context, plan.visits);
    case 'inactivity':
      return armInactivity(context, plan.seconds);
    case 'cart':
      return armCart(context);
    case 'immediately':
      return armImmediately(context);
    case 'in_view':
      return armInView(context);
  }
}

/**
 * Arms every trigger the pop-up enables (or the auto-pilot choice for the device) and returns one disarm
 * that removes every listener and timer. Each trigger calls `context.fire` at most once; the controller
 * shows the pop-up on the first. With display_if_adblock_active the triggers are armed only after an ad
 * blocker is detected (and detection itself fires when nothing else is configured).
 */
export function armTriggers(config: PopupConfig, context: Omit<TriggerContext, 'config'>): Disarm {
  const full: TriggerContext = { ...context, config };
  const plan = planTriggers(config, contextDevice(full));
  const cleanups: Disarm[] = [];
  const armAll = () => {
    for (const trigger of plan.triggers) cleanups.push(armPlan(full, trigger));
  };
  if (plan.requiresAdblock) {
    cleanups.push(
      armAdblock(full, () =>
        plan.triggers.length ? armAll() : guard('trigger', () => full.fire(TRIGGER_NAMES.adblock)),
      ),
    );
  } else {
    armAll();
  }
  return combine(cleanups);
}
