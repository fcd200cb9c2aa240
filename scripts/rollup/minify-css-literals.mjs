import MagicString from 'magic-string';

// The widget's styles are CSS written in template literals (the modules named *styles.ts), which esbuild's and
// terser's JavaScript minifiers leave as written: indented, spaced and commented for their readers. Each literal's
// CSS loses its comments and the white space that means nothing (runs of it become one space, none is left beside
// `{ } ; ,`, nor a `;` before `}`); quoted strings stay as written. A CSS minifier would take a little more, but it
// also merges and reorders rules, which a literal's `${…}` parts (whole rule lists, declarations, selectors) do not
// allow. On the bench's lightbox page this took 0.9 KB gzip off what a shown pop-up loads.

// The style sheets: the modules named styles.ts or *-styles.ts, but for the code that handles styles (src/core's
// adopted-styles.ts and inline-styles.ts, the use-*-styles.ts hooks).
const STYLE_MODULE = /[/\\](?!use-)[\w-]*styles\.ts$/;
const CODE_MODULE = /[/\\]src[/\\]core[/\\]/;
const PLACEHOLDER = (index) => `__poptinCssPart${index}__`;
const PLACEHOLDERS = /__poptinCssPart(\d+)__/g;

export function minifyCssLiterals() {
  return {
    name: 'minify-css-literals',
    transform(code, id) {
      if (!STYLE_MODULE.test(id) || CODE_MODULE.test(id)) return null;
      const literals = [];
      walk(this.parse(code), (node) => {
        if (node.type === 'TemplateLiteral' && node.quasis.some((quasi) => quasi.value.cooked?.includes('{')))
          literals.push(node);
      });
      if (!literals.length) return null;
      const output = new MagicString(code);
      // Inner literals (a rule written in a `${…}` of another) first: the outer one then takes them as edited.
      for (const literal of literals.reverse()) {
        const css = literal.quasis
          .map((quasi, index) => (index ? PLACEHOLDER(index - 1) : '') + quasi.value.cooked)
          .join('');
        const parts = splitAtPlaceholders(tidyCss(css), literal.expressions.length);
        if (!parts) {
          this.warn(`left as written: a CSS literal at ${literal.start} whose \${…} parts did not come through whole`);
          continue;
        }
        const expressions = literal.expressions.map((expression) => output.slice(expression.start, expression.end));
        const rewritten = parts
          .map(
            (part, index) => escapeForTemplate(part) + (index < expressions.length ? `\${${expressions[index]}}` : ''),
          )
          .join('');
        output.overwrite(literal.start, literal.end, `\`${rewritten}\``);
      }
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
    },
  };
}

const STRING = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/.source;
const SPACE_OR_COMMENT = new RegExp(`(${STRING})|(?:\\s|\\/\\*[\\s\\S]*?\\*\\/)+`, 'g');
const SPACE_BESIDE_PUNCTUATION = new RegExp(`(${STRING})| ?([{};,]) ?`, 'g');
const LAST_SEMICOLON = new RegExp(`(${STRING})|;(?=})`, 'g');

/**
 * The CSS without its comments and meaningless white space; quoted strings as they were. White space at either end
 * stays (as one space): the literal may be joined to another's selector.
 */
export function tidyCss(css) {
  return css
    .replace(SPACE_OR_COMMENT, (found, string) => string ?? (/\s/.test(found) ? ' ' : ''))
    .replace(SPACE_BESIDE_PUNCTUATION, (_found, string, punctuation) => string ?? punctuation)
    .replace(LAST_SEMICOLON, (_found, string) => string ?? '');
}

/** The text between the placeholders, if each of them is there once and in order; else null. */
function splitAtPlaceholders(text, count) {
  const parts = [];
  let last = 0;
  let expected = 0;
  for (const match of text.matchAll(PLACEHOLDERS)) {
    if (Number(match[1]) !== expected) return null;
    parts.push(text.slice(last, match.index));
    last = match.index + match[0].length;
    expected++;
  }
  if (expected !== count) return null;
  parts.push(text.slice(last));
  return parts;
}

const escapeForTemplate = (text) => text.replace(/\\|`|\$\{/g, (found) => `\\${found}`);

function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) walk(child, visit);
    else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}
