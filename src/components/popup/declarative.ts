// The attribute-driven path of <poptin-popup kind trigger>: a page builder places the tag with its content in light DOM
// and no server decision; the element builds its own model and shows it when the trigger fires.
import { parsePopupConfig } from '../../core/config/parse.ts';
import {
  type DeclarativeTrigger,
  isValidSelector,
  parseKind,
  parseTrigger,
} from '../../core/declarative/attributes.ts';
import { earlyClickTargets } from '../../core/loading/early-click-targets.ts';
import { listenSafely, log } from '../../core/safety.ts';
import { sanitizeTemplate } from '../../core/sanitize.ts';
import { later } from '../../core/timers.ts';
import { armExitIntentNow } from '../../core/triggers/exit-intent.ts';
import { armScroll } from '../../core/triggers/scroll.ts';
import type { Disarm, TriggerContext } from '../../core/triggers/types.ts';
import type { PopupModel } from '../../stores/popup-model.ts';

interface DeclarativeHost extends HTMLElement {
  model: { get(): PopupModel | null; set(value: PopupModel | null): void };
}

/** Builds the model from the attributes, its content the element's slotted children; arms the trigger and returns its disarm. Bad attributes are logged. */
export function startDeclarativePopup(element: DeclarativeHost): Disarm {
  const doc = element.ownerDocument;
  const win = doc.defaultView as Window | null;
  if (!win) return () => {};
  const kind = parseKind(element.getAttribute('kind'));
  const trigger = parseTrigger(element.getAttribute('trigger'), (selector) => isValidSelector(doc, selector));
  if (!kind.ok || !trigger.ok) {
    log.error(
      `<poptin-popup> not shown: ${kind.ok ? '' : kind.message}${!kind.ok && !trigger.ok ? '; ' : ''}${trigger.ok ? '' : trigger.message}`,
    );
    return () => {};
  }
  const id = element.getAttribute('poptin-id') || `declarative-${Math.random().toString(36).slice(2, 8)}`;
  const config = parsePopupConfig({
    poptin_id: id,
    poptin_type: kind.value,
    poptin_format: element.getAttribute('format') ?? 'format_1',
    poptin_name: element.getAttribute('aria-label') ?? '',
    x_close_button: 'yes',
    design_properties: { poptin_location: element.getAttribute('position') ?? '' },
  });
  // The content stays the page's own, slotted (design §2): its listeners, ids and live edits are kept. Owner HTML in
  // a <template> child (inert in the page: nothing in it runs or loads) is drawn as a visitor sees a served pop-up,
  // sanitised in the shadow root; the console's preview places its pop-ups so.
  const template = element.querySelector(':scope > template');
  const content =
    template instanceof HTMLTemplateElement
      ? { html: sanitizeTemplate(template.innerHTML), slotted: false }
      : { html: '', slotted: true };
  const model: PopupModel = {
    config,
    ...content,
    lang: doc.documentElement.lang || 'en',
    trigger: triggerName(trigger.value),
    visible: false,
    declarative: true,
  };
  element.model.set(model);
  const show = () => {
    if (element.isConnected) element.model.set({ ...model, visible: true });
  };
  return arm(trigger.value, { win, doc, config, show });
}

function triggerName(trigger: DeclarativeTrigger): string {
  return {
    immediate: 'immediately',
    seconds: 'after_seconds',
    scroll: 'scroll',
    'exit-intent': 'close_tab',
    click: 'on_click',
  }[trigger.type];
}

function arm(
  trigger: DeclarativeTrigger,
  { win, doc, config, show }: { win: Window; doc: Document; config: PopupModel['config']; show: () => void },
): Disarm {
  const context: TriggerContext = {
    window: win,
    document: doc,
    config,
    visitor: {
      timeOnSiteMs: () => 0,
      countPageVisit: () => 0,
      pageVisitTriggerDisabled: () => false,
      disablePageVisitTrigger: () => {},
      canCountVisits: () => false,
    },
    now: () => Date.now(),
    fire: show,
  };
  switch (trigger.type) {
    case 'immediate':
      return later(win, 0, show);
    case 'seconds':
      return later(win, trigger.seconds * 1000, show);
    case 'scroll':
      return armScroll(context, trigger.percent);
    case 'exit-intent':
      return armExitIntentNow(context);
    case 'click': {
      const disarm = listenSafely<MouseEvent>(doc, 'click', (event) => {
        const target = event.target instanceof Element ? event.target.closest(trigger.selector) : null;
        if (!target) return;
        event.preventDefault();
        show();
      });
      // Clicked before this code had loaded: the loader kept the click.
      if (earlyClickTargets(doc).some((target) => target.closest(trigger.selector))) show();
      return disarm;
    }
  }
}
