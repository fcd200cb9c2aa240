// Styles go into shadow roots as constructable stylesheets: a page whose CSP forbids inline styles allows
// these, and one sheet object serves every element that shares its CSS.
const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

function constructableSheets(): boolean {
  return (
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype &&
    'adoptedStyleSheets' in ShadowRoot.prototype
  );
}

/** Parses `css` into the sheet that `adoptStyles` then shares, where constructable stylesheets are. */
export function prepareSheet(css: string): void {
  if (constructableSheets()) sheetFor(css);
}

/**
 * Adds `css` to the root's styles once. Where constructable stylesheets are missing it falls back to a
 * `<style>` element, carrying `nonce` so that a CSP with that nonce allows it.
 */
export function adoptStyles(root: ShadowRoot | Document, css: string, nonce = ''): void {
  if (!css) return;
  if (constructableSheets()) {
    const sheet = sheetFor(css);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  if ([...root.querySelectorAll('style[data-poptin-styles]')].some((style) => style.textContent === css)) return;
  const style = document.createElement('style');
  style.dataset.poptinStyles = '';
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  (root instanceof Document ? root.head : root).prepend(style);
}
