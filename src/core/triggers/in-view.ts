import { embedPlaceholder } from './embed-placeholder.ts';
import { fireOnce } from './fire-once.ts';
import { type Disarm, TRIGGER_NAMES, type TriggerContext } from './types.ts';

/** Widget §4: single-page apps add placeholders later; an empty one is looked for this often. */
export const EMPTY_EMBED_CHECK_MS = 5_000;

/**
 * Widget §2: an embedded pop-up appears when its `<poptin-embed>` is scrolled into view. A placeholder that is
 * not on the page yet is looked for every 5 s (widget §4, the empty-embedded-form check).
 */
export function armInView(context: TriggerContext): Disarm {
  const { window: win, document: doc, config } = context;
  const once = fireOnce(() => context.fire(TRIGGER_NAMES.inView));
  let observer: IntersectionObserver | null = null;
  let timer: number | undefined;
  const disarm = () => {
    observer?.disconnect();
    if (timer !== undefined) win.clearInterval(timer);
  };
  once.onFire(disarm);
  const observe = (placeholder: HTMLElement) => {
    const Observer = (win as Window & { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
    if (typeof Observer !== 'function') return once.fire();
    const watching = new Observer((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) once.fire();
    });
    observer = watching;
    watching.observe(placeholder);
  };
  const found = embedPlaceholder(doc, config.id);
  if (found) observe(found);
  else {
    timer = win.setInterval(() => {
      const placeholder = embedPlaceholder(doc, config.id);
      if (!placeholder) return;
      win.clearInterval(timer);
      timer = undefined;
      observe(placeholder);
    }, EMPTY_EMBED_CHECK_MS);
  }
  return disarm;
}
