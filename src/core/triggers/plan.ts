import type { CartTriggerSettings, PopupConfig } from '../config/types.ts';
import { readSwitch } from '../config/values.ts';
import type { Device } from './types.ts';

/** Whether the pop-up's cart trigger is on, on either store platform. */
export function cartTriggerEnabled(settings: CartTriggerSettings): boolean {
  return settings.shopifyActive || settings.wixActive;
}

/** One trigger to arm, with its settings resolved. */
export type TriggerPlan =
  | { kind: 'exit_intent' }
  | { kind: 'after_seconds'; seconds: number; on: 'page' | 'website' }
  | { kind: 'scroll'; percent: number }
  | { kind: 'clicks'; clicks: number }
  | { kind: 'page_visits'; visits: number }
  | { kind: 'inactivity'; seconds: number }
  | { kind: 'cart' }
  | { kind: 'immediately' }
  | { kind: 'in_view' };

/**
 * auto_pilot_trigger: the trigger chosen for the visitor's device. Desktop visitors get exit intent with
 * a 50% scroll fallback; on touch screens there is no pointer to leave the page, so 40% scroll or 15
 * seconds on the page, whichever comes first.
 */
export const AUTO_PILOT_TRIGGERS: Readonly<Record<Device, readonly TriggerPlan[]>> = {
  desktop: [{ kind: 'exit_intent' }, { kind: 'scroll', percent: 50 }],
  mobile: [
    { kind: 'scroll', percent: 40 },
    { kind: 'after_seconds', seconds: 15, on: 'page' },
  ],
};

export interface TriggerPlanSet {
  /** Any of these shows the pop-up (the first to fire wins). */
  triggers: TriggerPlan[];
  /** display_if_adblock_active: the triggers are armed only once an ad blocker is detected. */
  requiresAdblock: boolean;
  autoPilot: boolean;
}

/**
 * Which triggers a pop-up arms on this device. A click pop-up (`on_click` on) opens only from its links,
 * buttons or window.poptin.show; any other pop-up with no trigger configured shows immediately.
 */
export function planTriggers(config: PopupConfig, device: Device): TriggerPlanSet {
  const settings = config.triggers;
  // Widget §2: embedded pop-ups appear when scrolled into view, in their place on the page.
  if (config.type === 'embedded') return { triggers: [{ kind: 'in_view' }], requiresAdblock: false, autoPilot: false };
  const triggers: TriggerPlan[] = [];
  if (config.autoPilotTrigger) {
    triggers.push(...AUTO_PILOT_TRIGGERS[device]);
  } else {
    if (settings.exitIntent) triggers.push({ kind: 'exit_intent' });
    if (settings.afterSeconds !== null)
      triggers.push({ kind: 'after_seconds', seconds: settings.afterSeconds, on: settings.afterSecondsOn });
    if (settings.afterScrollPercent !== null) triggers.push({ kind: 'scroll', percent: settings.afterScrollPercent });
    if (settings.afterClicks !== null) triggers.push({ kind: 'clicks', clicks: settings.afterClicks });
    if (settings.afterPageVisits !== null) triggers.push({ kind: 'page_visits', visits: settings.afterPageVisits });
    if (settings.afterInactiveSeconds !== null)
      triggers.push({ kind: 'inactivity', seconds: settings.afterInactiveSeconds });
  }
  if (cartTriggerEnabled(config.cart)) triggers.push({ kind: 'cart' });
  if (triggers.length === 0 && !settings.ifAdblock && !readSwitch(config.onClick))
    triggers.push({ kind: 'immediately' });
  return { triggers, requiresAdblock: settings.ifAdblock, autoPilot: config.autoPilotTrigger };
}

export function describeTrigger(plan: TriggerPlan): string {
  switch (plan.kind) {
    case 'exit_intent':
      return 'exit intent';
    case 'after_seconds':
      return `after ${plan.seconds} s on the ${plan.on}`;
    case 'scroll':
      return `after ${plan.percent}% scrolling`;
    case 'clicks':
      return `after ${plan.clicks} clicks`;
    case 'page_visits':
      return `after ${plan.visits} page visits`;
    case 'inactivity':
      return `after ${plan.seconds} s of inactivity`;
    case 'cart':
      return 'cart event';
    case 'immediately':
      return 'immediately (no trigger configured)';
    case 'in_view':
      return 'when its place on the page is scrolled into view';
  }
}

export function describePlan(plan: TriggerPlanSet): string[] {
  const names = plan.triggers.map(describeTrigger);
  if (plan.autoPilot) names[0] = `auto-pilot: ${names[0]}`;
  if (plan.requiresAdblock)
    return names.length
      ? names.map((name) => `${name}, once an ad blocker is detected`)
      : ['when an ad blocker is detected'];
  return names;
}
