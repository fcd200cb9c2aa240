// Owner templates style their elements with `style` attributes. A page whose CSP forbids inline styles reports
// every such attribute the moment markup is parsed, even by DOMPurify's inert parser, and ignores it. So the
// attribute is renamed before any parsing and its CSS applied through the CSSOM, which the CSP allows.

export const INLINE_STYLE_STAND_IN = 'data-poptin-style';

const RAW_TEXT_ELEMENTS = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
]);
const ATTRIBUTE_NAME_END = /[\s/>=]/;

/**
 * The markup with every `style` attribute renamed to `data-poptin-style`. It reads tags the way the HTML
 * tokenizer does (quoted and unquoted values, comments, raw-text elements) so text that merely looks like an
 * attribute is left alone.
 */
export function moveInlineStyles(html: string): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) break;
    out += html.slice(at, open);
    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      const stop = end < 0 ? html.length : end + 3;
      out += html.slice(open, stop);
      at = stop;
      continue;
    }
    const name = /^<([a-zA-Z][^\s/>]*)/.exec(html.slice(open, open + 64));
    if (!name) {
      out += '<';
      at = open + 1;
      continue;
    }
    const tag = readStartTag(html, open + name[0].length);
    out += html.slice(open, open + name[0].length) + tag.text;
    at = tag.end;
    const tagName = name[1].toLowerCase();
    if (RAW_TEXT_ELEMENTS.has(tagName) && !tag.selfClosing) {
      // Searched in the markup itself: a lowered copy would shift every index after letters that grow when lowered
      // (İ), and lowering the markup once per element is quadratic.
      const endTag = new RegExp(`</${tagName}`, 'gi');
      endTag.lastIndex = at;
      const stop = endTag.exec(html)?.index ?? html.length;
      out += html.slice(at, stop);
      at = stop;
    }
  }
  return out + html.slice(at);
}

function readStartTag(html: string, from: number): { text: string; end: number; selfClosing: boolean } {
  let text = '';
  let at = from;
  let selfClosing = false;
  while (at < html.length) {
    const char = html[at];
    if (char === '>') return { text: text + '>', end: at + 1, selfClosing };
    if (/\s|\//.test(char)) {
      selfClosing = char === '/';
      text += char;
      at++;
      continue;
    }
    selfClosing = false;
    // An attribute name runs to whitespace, '/', '>' or '='; its first character may be '=' itself.
    let nameEnd = at + 1;
    while (nameEnd < html.length && !ATTRIBUTE_NAME_END.test(html[nameEnd])) nameEnd++;
    const attributeName = html.slice(at, nameEnd);
    text += attributeName.toLowerCase() === 'style' ? INLINE_STYLE_STAND_IN : attributeName;
    at = nameEnd;
    let lookahead = at;
    while (lookahead < html.length && /\s/.test(html[lookahead])) lookahead++;
    if (html[lookahead] !== '=') continue;
    lookahead++;
    while (lookahead < html.length && /\s/.test(html[lookahead])) lookahead++;
    const quote = html[lookahead];
    let valueEnd: number;
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, lookahead + 1);
      valueEnd = close < 0 ? html.length : close + 1;
    } else {
      valueEnd = lookahead;
      while (valueEnd < html.length && !/[\s>]/.test(html[valueEnd])) valueEnd++;
    }
    text += html.slice(at, valueEnd);
    at = valueEnd;
  }
  return { text, end: at, selfClosing };
}

/** Applies the CSS that `moveInlineStyles` set aside, as the elements' own inline styles. */
export function restoreInlineStyles(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement | SVGElement>(`[${INLINE_STYLE_STAND_IN}]`)) {
    element.style.cssText = element.getAttribute(INLINE_STYLE_STAND_IN) ?? '';
    element.removeAttribute(INLINE_STYLE_STAND_IN);
  }
}
