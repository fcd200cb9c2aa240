import { combine, listenSafely } from '../safety.ts';
import { later } from '../timers.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/** After a check, scroll events are only looked at again after this pause (widget §4). */
export const SCROLL_REARM_MS = 300;

/** Scrolled share of (document height − window height), in percent; null when the page cannot scroll. */
export function scrolledPercent(
  win: Pick<Window, 'scrollY' | 'innerHeight'>,
  doc: Pick<Document, 'documentElement' | 'body'>,
): number | null {
  const documentHeight = Math.max(doc.documentElement?.scrollHeight ?? 0, doc.body?.scrollHeight ?? 0);
  const scrollable = documentHeight - win.innerHeight;
  if (scrollable <= 0) return null;
  return (win.scrollY / scrollable) * 100;
}

/** States: ready → (check) → cooling for 300 ms → ready; a scroll while cooling is checked when it ends. */
export function armScroll(
  context: TriggerContext,
  percent: number | null = context.config.triggers.afterScrollPercent,
): Disarm {
  if (percent === null) return () => {};
  const gate = fireOnce(() => context.fire(TRIGGER_NAMES.scroll));
  let cooling = false;
  let pending = false;
  let cancelCooldown: Disarm = () => {};
  const check = () => {
    const scrolled = scrolledPercent(context.window, context.document);
    if (scrolled !== null && scrolled >= percent) gate.fire();
  };
  const onScroll = () => {
    if (cooling) {
      pending = true;
      return;
    }
    check();
    if (gate.fired()) return;
    cooling = true;
    cancelCooldown = later(context.window, SCROLL_REARM_MS, () => {
      cooling = false;
      if (pending) {
        pending = false;
        onScroll();
      }
    });
  };
  const disarm = combine([listenSafely(context.window, 'scroll', onScroll, { passive: true }), () => cancelCooldown()]);
  gate.onFire(disarm);
  check();
  return disarm;
}
