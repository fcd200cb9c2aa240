import { combine, guard, listenSafely } from '../safety.ts';
import { armBackButton } from './back-button.ts';
import { contextDevice } from './device.ts';
import { armFastScrollUp } from './fast-scroll-up.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext, type TriggerName } from './types.ts';

/** Exit intent is ignored this long after arming: a pointer crossing the top edge while a page loads is not an exit. */
export const EXIT_INTENT_GRACE_MS = 3000;

const FORM_CONTROL_TAGS = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'DATALIST', 'OPTION', 'OPTGROUP']);

/**
 * Whether a mouseout means the pointer left the page through the top edge (toward the tabs or the
 * address bar). Not when it moves onto another element, onto the scrollbar (clientX at or past the
 * layout width), or when it comes from a form control: browsers report a mouseout with a null
 * relatedTarget when the pointer enters a select's drop-down, a datalist or the autofill menu of an
 * input, because those menus are drawn outside the page.
 */
export function isExitThroughTop(event: MouseEvent, doc: Pick<Document, 'documentElement'>): boolean {
  if (event.relatedTarget !== null) return false;
  if (event.clientY > 0) return false;
  const origin = (event.composedPath?.()[0] ?? event.target) as Element | null;
  if (
    origin &&
    typeof origin === 'object' &&
    'tagName' in origin &&
    FORM_CONTROL_TAGS.has(String(origin.tagName).toUpperCase())
  )
    return false;
  const layoutWidth = doc.documentElement?.clientWidth ?? 0;
  if (layoutWidth > 0 && event.clientX >= layoutWidth) return false;
  return true;
}

/**
 * Close-tab intent. Desktop: the pointer leaves through the top of the viewport. Touch: the back button
 * (sentinel history entry, recorded as back_button) or a fast scroll up (recorded as close_tab).
 * Pointer exits and fast scrolls up are ignored in the first EXIT_INTENT_GRACE_MS; a Back press is
 * deliberate and counts at any time.
 */
export function armExitIntent(context: TriggerContext): Disarm {
  if (!context.config.triggers.exitIntent) return () => {};
  return armExitIntentNow(context);
}

/** Exit intent without reading the config switch (auto-pilot uses it). */
export function armExitIntentNow(context: TriggerContext): Disarm {
  const armedAt = context.now();
  const pastGrace = () => context.now() - armedAt >= EXIT_INTENT_GRACE_MS;
  if (contextDevice(context) === 'mobile') {
    let fired = false;
    const fireAs = (name: TriggerName) => () => {
      if (fired) return;
      fired = true;
      disarmTouch();
      guard('trigger', () => context.fire(name));
    };
    const disarmTouch = combine([
      armBackButton(context, fireAs(TRIGGER_NAMES.backButton)),
      armFastScrollUp(context, fireAs(TRIGGER_NAMES.exitIntent), pastGrace),
    ]);
    return disarmTouch;
  }
  const gate = fireOnce(() => context.fire(TRIGGER_NAMES.exitIntent));
  const disarm = listenSafely<MouseEvent>(context.document, 'mouseout', (event) => {
    if (pastGrace() && isExitThroughTop(event, context.document)) gate.fire();
  });
  gate.onFire(disarm);
  return disarm;
}
