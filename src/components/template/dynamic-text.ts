// The template's dynamic text on its DOM (a chunk of its own: most templates hold none). It runs on the sanitised
// DOM and writes text node data and text attribute values only, so a value is never read as markup.
import { timerSettingsOf } from '../../core/countdown/settings.ts';
import {
  type DynamicTextSources,
  daysLeft,
  fillDynamicText,
  hasDynamicText,
  TEXT_ATTRIBUTES,
  visitorNameOf,
} from '../../core/template/dynamic-text.ts';

/** What the view knows of the page when it fills the tags; read again at each refresh. */
export interface DynamicTextContext extends Omit<DynamicTextSources, 'visitorName' | 'countdownDays'> {
  designProperties: Record<string, unknown>;
  /** The fields the visitor sent, once they did. */
  submitted: readonly { name: string; type?: string; value: string }[] | null;
  now: number;
}

/** Elements whose text is not text a visitor reads. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);
const BUTTON_INPUT_TYPES = new Set(['submit', 'button', 'reset']);

interface Spot {
  /** A text node, or an element and the attribute that holds the tags. */
  node: Text | Element;
  attribute?: string;
  template: string;
  written: string;
}

export interface DynamicTextBinding {
  /** Fills the tags again from a fresh context (the thank-you screen, with the name just typed). */
  refresh(): void;
  /** Puts the tags back as they were written, where nothing else changed the text since. */
  unbind(): void;
}

export function bindDynamicText(content: Element, context: () => DynamicTextContext): DynamicTextBinding {
  const spots = findSpots(content);
  const fill = () => {
    const sources = sourcesOf(context());
    for (const spot of spots) {
      spot.written = fillDynamicText(spot.template, sources);
      write(spot, spot.written);
    }
  };
  fill();
  return {
    refresh: fill,
    unbind() {
      for (const spot of spots) if (read(spot) === spot.written) write(spot, spot.template);
    },
  };
}

function findSpots(content: Element): Spot[] {
  const spots: Spot[] = [];
  const walker = content.ownerDocument.createTreeWalker(content, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node instanceof Element && SKIPPED.has(node.localName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      if (hasDynamicText(node.data)) spots.push({ node, template: node.data, written: node.data });
      continue;
    }
    const element = node as Element;
    for (const attribute of textAttributesOf(element)) {
      const value = element.getAttribute(attribute);
      if (value !== null && hasDynamicText(value))
        spots.push({ node: element, attribute, template: value, written: value });
    }
  }
  return spots;
}

function textAttributesOf(element: Element): string[] {
  const isButtonInput =
    element.localName === 'input' && BUTTON_INPUT_TYPES.has((element.getAttribute('type') ?? '').toLowerCase());
  return element.localName === 'button' || isButtonInput ? [...TEXT_ATTRIBUTES, 'value'] : [...TEXT_ATTRIBUTES];
}

function read(spot: Spot): string | null {
  return spot.attribute ? (spot.node as Element).getAttribute(spot.attribute) : (spot.node as Text).data;
}

function write(spot: Spot, text: string): void {
  if (spot.attribute) (spot.node as Element).setAttribute(spot.attribute, text);
  else (spot.node as Text).data = text;
}

function sourcesOf(context: DynamicTextContext): DynamicTextSources {
  const { designProperties, submitted, now, ...page } = context;
  return {
    ...page,
    visitorName: submitted ? visitorNameOf(submitted) : null,
    countdownDays: countdownDaysOf(designProperties, now),
  };
}

/** Days left of the pop-up's timer: to its fixed end, or its whole duration (it counts from when it shows). */
function countdownDaysOf(designProperties: Record<string, unknown>, now: number): number | null {
  const { settings } = timerSettingsOf(designProperties);
  const end = settings?.end;
  if (!end) return null;
  return end.kind === 'fixed' ? daysLeft(end.at, now) : daysLeft(now + end.ms, now);
}
