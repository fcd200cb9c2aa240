// Templates are written in one language and shown on pages of another: an English template in a Hebrew page's
// right-to-left dialog would put its sentence-ending punctuation at the wrong end ("!You won 10% off").

/**
 * The elements of a template that hold a line or block of written text. Fields are left out: empty, `dir="auto"`
 * would turn a Hebrew form's fields left to right before the visitor types a letter.
 */
const TEXT_HOLDERS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'li',
  'dt',
  'dd',
  'blockquote',
  'figcaption',
  'caption',
  'td',
  'th',
  'label',
  'legend',
  'button',
  '[data-poptin-coupon]',
].join(', ');

/**
 * Each text of the template that does not say its own direction takes it from its first strong letter
 * (`dir="auto"`): English reads left to right inside a right-to-left dialog, Hebrew right to left in a left-to-right one.
 */
export function giveTemplateTextItsDirection(content: ParentNode): void {
  content.querySelectorAll<HTMLElement>(TEXT_HOLDERS).forEach((element) => {
    if (!element.hasAttribute('dir')) element.dir = 'auto';
  });
}
