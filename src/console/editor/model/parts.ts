/**
 * A template's declared parts (data-poptin-part) as content an owner edits: texts, an image, the form's fields.
 * Only declared parts are offered; what is not a part is written back exactly as it was.
 */
import { parse, type Screen, screenOf, serialize } from './dom.ts';

export const PART_ROLES = [
  'eyebrow',
  'headline',
  'body',
  'image',
  'button',
  'decline',
  'fields',
  'consent',
  'coupon',
  'countdown',
  'prizes',
  'thank-you-headline',
  'thank-you-body',
  'note',
] as const;
export type PartRole = (typeof PART_ROLES)[number];

/** Parts drawn by the widget (the form's fields, a countdown, a game): the owner places them, the widget fills them. */
const BUILT_PARTS: readonly PartRole[] = ['fields', 'countdown', 'prizes'];

export interface Part {
  screen: Screen;
  role: PartRole;
  /** text: its words are edited; image: its address and description; built: shown, edited elsewhere or not at all. */
  kind: 'text' | 'image' | 'built';
  text: string;
  src: string;
  alt: string;
}

export interface PartChange {
  screen: Screen;
  role: PartRole;
  text?: string;
  src?: string;
  alt?: string;
}

const isRole = (value: string | null): value is PartRole => (PART_ROLES as readonly string[]).includes(value ?? '');

function imageOf(element: Element): HTMLImageElement | null {
  return element instanceof HTMLImageElement ? element : element.querySelector('img');
}

/** The element of each declared part, the first one of a role on each screen. */
function partElements(fragment: DocumentFragment): { screen: Screen; role: PartRole; element: HTMLElement }[] {
  const seen = new Set<string>();
  return Array.from(fragment.querySelectorAll<HTMLElement>('[data-poptin-part]')).flatMap((element) => {
    const role = element.getAttribute('data-poptin-part');
    const screen = screenOf(element);
    if (!isRole(role) || seen.has(`${screen} ${role}`)) return [];
    seen.add(`${screen} ${role}`);
    return [{ screen, role, element }];
  });
}

/** The words of a part: an input's value (a submit input), or its own text without that of the controls it holds. */
function textOfPart(element: HTMLElement): string {
  if (element instanceof HTMLInputElement) return element.getAttribute('value') ?? '';
  const own = Array.from(element.childNodes).filter(
    (node) => node.nodeType === Node.TEXT_NODE || !(node as Element).matches?.('input, select, textarea'),
  );
  // The HTML's own layout (line breaks and indentation) is not words; a space typed at the end is (a word follows).
  return own
    .map((node) => node.textContent ?? '')
    .join('')
    .replace(/^\s+/, '')
    .replace(/\s*\n\s*$/, '');
}

function setTextOfPart(element: HTMLElement, text: string): void {
  if (element instanceof HTMLInputElement) {
    element.setAttribute('value', text);
    return;
  }
  const controls = Array.from(element.querySelectorAll('input, select, textarea'));
  if (controls.length === 0) {
    element.textContent = text;
    return;
  }
  // A label around its checkbox: the words change, the checkbox stays where it was.
  for (const node of Array.from(element.childNodes)) if (!controls.some((control) => node === control)) node.remove();
  const words = document.createTextNode(text);
  const first = controls[0];
  if (first && first.parentNode === element) first.after(' ', words);
  else element.append(words);
}

export function readParts(html: string): Part[] {
  return partElements(parse(html)).map(({ screen, role, element }) => {
    const image = role === 'image' ? imageOf(element) : null;
    return {
      screen,
      role,
      kind: role === 'image' ? 'image' : BUILT_PARTS.includes(role) ? 'built' : 'text',
      text: role === 'image' || BUILT_PARTS.includes(role) ? '' : textOfPart(element),
      src: image?.getAttribute('src') ?? '',
      alt: image?.getAttribute('alt') ?? '',
    };
  });
}

export const hasParts = (html: string): boolean => readParts(html).length > 0;

/** An image address a pop-up may load: https, or one of our own uploads (/images/…) on the console's origin. */
export function imageAddressProblem(src: string, ownOrigin = location.origin): 'https-only' | null {
  if (src === '') return null;
  try {
    const url = new URL(src);
    const ownUpload = url.origin === ownOrigin && url.pathname.startsWith('/images/');
    return url.protocol === 'https:' || ownUpload ? null : 'https-only';
  } catch {
    return 'https-only';
  }
}

export function applyPartChange(html: string, change: PartChange): string {
  const fragment = parse(html);
  const found = partElements(fragment).find((part) => part.screen === change.screen && part.role === change.role);
  if (!found) return html;
  const { element, role } = found;
  if (role === 'image') {
    const image = imageOf(element);
    if (!image) return html;
    if (change.src !== undefined) {
      if (imageAddressProblem(change.src)) return html;
      image.setAttribute('src', change.src);
    }
    if (change.alt !== undefined) image.setAttribute('alt', change.alt);
  } else if (change.text !== undefined && !BUILT_PARTS.includes(role)) {
    setTextOfPart(element, change.text);
  }
  return serialize(fragment);
}
