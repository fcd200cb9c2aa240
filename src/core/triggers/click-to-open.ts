import { POPTIN_ID, POPTIN_ID_CHARS } from '../poptin-id.ts';
import { listenSafely } from '../safety.ts';
import type { Disarm } from './types.ts';

// Links to the click-display path open the pop-up whose id follows it (widget §2 "Triggering by click").
const CLICK_LINK = new RegExp(`/click/(${POPTIN_ID_CHARS})(?![A-Za-z0-9])`);
const POPTIN_CALL = new RegExp(`poptin\\w*\\s*\\(\\s*['"](${POPTIN_ID_CHARS})['"]`, 'i');

export interface ClickToOpenOptions {
  document: Document;
  /** Called with the pop-up id on every click of a matching element (a visitor may reopen a closed pop-up). */
  open(poptinId: string, element: Element): void;
}

/**
 * The pop-up id an element asks to open: `data-poptin-id`, a link whose href contains the click path plus
 * a 13-character id, or an onclick attribute that calls a poptin function with a quoted 13-character id,
 * e.g. `onclick="showPoptinOnClick('a1b2c3d4e5f6g')"`. Requiring "poptin" in the call keeps unrelated
 * handlers that happen to pass a 13-character string untouched.
 */
export function poptinIdOf(element: Element): string | null {
  const dataId = element.getAttribute('data-poptin-id')?.trim();
  if (dataId && POPTIN_ID.test(dataId)) return dataId;
  const href = element.tagName === 'A' || element.tagName === 'AREA' ? element.getAttribute('href') : null;
  const match = (href && CLICK_LINK.exec(href)) || POPTIN_CALL.exec(element.getAttribute('onclick') ?? '');
  return match ? match[1]! : null;
}

/** One delegated click listener for the page: a click on (or inside) a matching element is prevented and opens the pop-up. */
export function armClickToOpen(options: ClickToOpenOptions): Disarm {
  return listenSafely<MouseEvent>(options.document, 'click', (event) => {
    for (const node of event.composedPath()) {
      if (!(node instanceof Element)) continue;
      const id = poptinIdOf(node);
      if (!id) continue;
      event.preventDefault();
      options.open(id, node);
      return;
    }
  });
}
