// Until its code arrives, a hand-placed <poptin-popup> is an unknown inline tag whose offer and form show as page
// text, then vanish when the definition lands and move the page. The loader hides it when it first sees one, long
// before the surfaces chunk arrives; the page may have been laid out before that, so a page that must not move at all
// carries the same rule in its own stylesheet (docs/embedding.md), as it reserves the height of its embeds.

// :where() keeps the rule below any of the page's own for the tag.
export const UNDEFINED_POPUP_RULE = ':where(poptin-popup:not(:defined)){display:none}';

const adopted = new WeakMap<Document, CSSStyleSheet>();

/**
 * Hides the pop-ups of `document` whose element is not defined yet, with one sheet however often it is asked (each
 * pop-up shown asks); a browser without constructable stylesheets keeps them as they are.
 */
export function hidePopupsUntilDefined(document: Document): void {
  if (!('adoptedStyleSheets' in document)) return;
  const own = adopted.get(document);
  if (own && document.adoptedStyleSheets.includes(own)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(UNDEFINED_POPUP_RULE);
  adopted.set(document, sheet);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
