import { listenSafely } from '../safety.ts';
import type { Disarm } from './types.ts';

/** Links to the click-display path open the pop-up whose id follows it (widget §2 "Triggering by click"). */
export const DEFAULT_CLICK_PATH = '/click/';
const POPTIN_ID = '[A-Za-z0-9]{13}';

export interface ClickToOpenOptions {
  document: Document;
  /** Path segment before the id in links; default "/click/". */
  clickPath?: string;
  /** Called with the pop-up id on every click of a matching element (a visitor may reopen a closed pop-up). */
  open(poptinId: string, element: Element): void;
}

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The pop-up id an element asks to open: `data-poptin-id`, a link whose href contains the click path plus
 * a 13-character id, or an onclick attribute that calls a poptin function with a quoted 13-character id,
 * e.g. `onclick="showPoptinOnClick('a1b2c3d4e5f6g')"`. Requiring "poptin" in the call keeps unrelated
 * handlers that happen to pass a 13-character string untouched.
 */
export function poptinIdOf(element: Element, clickPath: string = DEFAULT_CLICK_PATH): string | null {
  const dataId = element.getAttribute('data-poptin-id')?.trim();
  if (dataId && new RegExp(`^${POPTIN_ID}$`).test(dataId)) return dataId;
  const href = element.tagName === 'A' || element.tagName === 'AREA' ? element.getAttribute('href') : null;
  if (href) {
    const match = new RegExp(`${escapeForRegExp(clickPath)}(${POPTIN_ID})(?![A-Za-z0-9])`).exec(href);
    if (match) return match[1];
  }
  const onclick = element.getAttribute('onclick');
  if (onclick) {
    const match = new RegExp(`poptin\\w*\\s*\\(\\s*['"](${POPTIN_ID})['"]`, 'i').exec(onclick);
    if (match) return match[1];
  }
  return null;
}

/** One delegated click listener for the page: a click on (or inside) a matching element is prevented and opens the pop-up. */
export function armClickToOpen(options: ClickToOpenOptions): Disarm {
  const clickPath = options.clickPath || DEFAULT_CLICK_PATH;
  return listenSafely<MouseEvent>(options.document, 'click', (event) => {
    for (const node of event.composedPath()) {
      if (!(node instanceof Element)) continue;
      const id = poptinIdOf(node, clickPath);
      if (!id) continue;
      event.preventDefault();
      options.open(id, node);
      return;
    }
  });
}
