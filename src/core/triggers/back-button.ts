import { combine, listenSafely } from '../safety.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/** Marks the history entry the back-button trigger adds on top of the page's own entry. */
export const BACK_SENTINEL_KEY = '__poptinBackSentinel';

/** Interactions after which the sentinel may be pushed. */
const ACTIVATION_EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;

export function isSentinelState(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as Record<string, unknown>)[BACK_SENTINEL_KEY] === true;
}

/**
 * Back button: a sentinel entry with the same address is pushed on top of the page's entry; pressing
 * Back pops it (popstate with a non-sentinel state) and fires instead of leaving.
 *
 * Chromium's "history manipulation intervention" (Chrome 88+) skips entries added without a user
 * gesture when going back, so the sentinel is pushed on the first interaction.
 * On disarm the sentinel is left in place rather than popped with history.back(): that popstate would
 * arrive asynchronously and could fire a trigger armed again meanwhile; a re-armed trigger reuses it.
 */
export function armBackButton(
  context: TriggerContext,
  onBack: () => void = () => context.fire(TRIGGER_NAMES.backButton),
): Disarm {
  const { window: win } = context;
  const gate = fireOnce(onBack);
  let sentinelPushed = isSentinelState(safeState(win));
  const cleanups: Disarm[] = [];
  const pushSentinel = () => {
    if (sentinelPushed) return;
    try {
      const state = safeState(win);
      const base = state && typeof state === 'object' ? state : {};
      win.history.pushState({ ...base, [BACK_SENTINEL_KEY]: true }, '', win.location.href);
      sentinelPushed = true;
      stopActivation();
    } catch {
      /* history blocked (sandboxed frame): no back-button trigger */
    }
  };
  const stopActivation = combine(
    ACTIVATION_EVENTS.map((type) => listenSafely(win, type, pushSentinel, { capture: true, passive: true })),
  );
  if (sentinelPushed) stopActivation();
  cleanups.push(stopActivation);
  cleanups.push(
    listenSafely<PopStateEvent>(win, 'popstate', (event) => {
      if (sentinelPushed && !isSentinelState(event.state)) gate.fire();
    }),
  );
  const disarm = combine(cleanups);
  gate.onFire(disarm);
  return disarm;
}

function safeState(win: Window): unknown {
  try {
    return win.history.state;
  } catch {
    return null;
  }
}
