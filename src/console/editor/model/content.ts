/**
 * The owner's template HTML as texts, colours and form fields that a form edits, and back. It parses in an inert
 * <template> (nothing runs, nothing loads); what it does not edit is written back as it was.
 */

export type Screen = 'form' | 'thank-you' | 'play' | 'win' | 'lose';
export const SCREENS: readonly Screen[] = ['form', 'thank-you', 'play', 'win', 'lose'];

const TEXT_SELECTOR = 'h1, h2, h3, h4, p, label, button, a, li, small, strong';
const STYLED_SELECTOR = '[style]';
const FIELD_SELECTOR = 'input[name], select[name], textarea[name]';
const COLOUR_PROPERTIES = ['color', 'background-color', 'background', 'border-color'] as const;
export const VALIDATION_MODES = [
  'no-validation',
  'basic',
  'check-typos',
  'business-email',
  'typos-business',
  'international',
  'advanced',
] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];

export interface TextItem {
  index: number;
  tag: string;
  text: string;
}
export interface ColourItem {
  index: number;
  property: (typeof COLOUR_PROPERTIES)[number];
  value: string;
  tag: string;
}
export interface FieldItem {
  index: number;
  name: string;
  type: string;
  required: boolean;
  validation: string;
  placeholder: string;
}

function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function serialize(fragment: DocumentFragment): string {
  const template = document.createElement('template');
  template.content.append(fragment);
  return template.innerHTML;
}

/** Elements whose content is text alone: their text is editable without touching markup. */
export function textsOf(html: string): TextItem[] {
  return Array.from(parse(html).querySelectorAll(TEXT_SELECTOR)).flatMap((element, index) => {
    const onlyText = Array.from(element.childNodes).every((node) => node.nodeType === Node.TEXT_NODE);
    const text = element.textContent ?? '';
    return onlyText && text.trim() ? [{ index, tag: element.tagName.toLowerCase(), text }] : [];
  });
}

export function withText(html: string, index: number, text: string): string {
  const fragment = parse(html);
  const element = fragment.querySelectorAll(TEXT_SELECTOR)[index];
  if (!element) return html;
  element.textContent = text;
  return serialize(fragment);
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A solid colour declaration of a style attribute, as the owner wrote it (the browser would read it back as rgb()). */
function colourDeclaration(property: string): RegExp {
  return new RegExp(`(^|;)(\\s*${property}\\s*:\\s*)(#[0-9a-f]{6}|#[0-9a-f]{3})(\\s*(?:!important\\s*)?(?:;|$))`, 'i');
}

/** Solid colours in style attributes (#rgb or #rrggbb), each editable with a colour picker. */
export function coloursOf(html: string): ColourItem[] {
  return Array.from(parse(html).querySelectorAll<HTMLElement>(STYLED_SELECTOR)).flatMap((element, index) => {
    const style = element.getAttribute('style') ?? '';
    return COLOUR_PROPERTIES.flatMap((property) => {
      const value = colourDeclaration(property).exec(style)?.[3];
      return value ? [{ index, property, value, tag: element.tagName.toLowerCase() }] : [];
    });
  });
}

export function withColour(html: string, index: number, property: ColourItem['property'], value: string): string {
  if (!HEX.test(value)) return html;
  const fragment = parse(html);
  const element = fragment.querySelectorAll<HTMLElement>(STYLED_SELECTOR)[index];
  const style = element?.getAttribute('style');
  if (!element || !style || !colourDeclaration(property).test(style)) return html;
  element.setAttribute(
    'style',
    style.replace(
      colourDeclaration(property),
      (_match, start: string, name: string, _old: string, end: string) => `${start}${name}${value}${end}`,
    ),
  );
  return serialize(fragment);
}

export function fieldsOf(html: string): FieldItem[] {
  return Array.from(parse(html).querySelectorAll<HTMLInputElement>(FIELD_SELECTOR)).map((element, index) => ({
    index,
    name: element.getAttribute('name') ?? '',
    type: element.getAttribute('type') ?? element.tagName.toLowerCase(),
    required: element.hasAttribute('required'),
    validation: element.getAttribute('data-validation') ?? '',
    placeholder: element.getAttribute('placeholder') ?? '',
  }));
}

export function withField(
  html: string,
  index: number,
  changes: Partial<Pick<FieldItem, 'required' | 'validation' | 'placeholder'>>,
): string {
  const fragment = parse(html);
  const element = fragment.querySelectorAll(FIELD_SELECTOR)[index];
  if (!element) return html;
  if (changes.required !== undefined) element.toggleAttribute('required', changes.required);
  if (changes.validation !== undefined) {
    if (changes.validation) element.setAttribute('data-validation', changes.validation);
    else element.removeAttribute('data-validation');
  }
  if (changes.placeholder !== undefined) element.setAttribute('placeholder', changes.placeholder);
  return serialize(fragment);
}

/** The screens a template has (data-poptin-screen); a template without any is one form screen. */
export function screensOf(html: string): Screen[] {
  const found = new Set(
    Array.from(parse(html).querySelectorAll('[data-poptin-screen]')).map((element) =>
      element.getAttribute('data-poptin-screen'),
    ),
  );
  const screens = SCREENS.filter((screen) => found.has(screen));
  return screens.length ? screens : ['form'];
}

/**
 * The template as the visitor sees it on one screen. The form screen is the template itself (the pop-up starts
 * there, and a preview submit moves on as on a page); any other screen is that screen's content alone, unmarked,
 * since the pop-up always opens on its form screen.
 */
export function htmlForScreen(html: string, screen: Screen): string {
  if (screen === 'form') return html;
  const fragment = parse(html);
  const chosen = Array.from(fragment.querySelectorAll<HTMLElement>('[data-poptin-screen]')).find(
    (element) => element.getAttribute('data-poptin-screen') === screen,
  );
  if (!chosen) return html;
  chosen.removeAttribute('data-poptin-screen');
  chosen.hidden = false;
  const only = document.createDocumentFragment();
  only.append(chosen);
  return serialize(only);
}
