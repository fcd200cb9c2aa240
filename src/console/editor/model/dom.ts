/** Template HTML parsed inert in a <template> (nothing runs, nothing loads) and written back. */

export type Screen = 'form' | 'thank-you' | 'play' | 'win' | 'lose';
export const SCREENS: readonly Screen[] = ['form', 'thank-you', 'play', 'win', 'lose'];

export function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

export function serialize(fragment: DocumentFragment): string {
  const template = document.createElement('template');
  template.content.append(fragment);
  return template.innerHTML;
}

/** The screen an element is on: its nearest data-poptin-screen, or the form screen when there is none. */
export function screenOf(element: Element): Screen {
  const value = element.closest('[data-poptin-screen]')?.getAttribute('data-poptin-screen');
  return (SCREENS as readonly string[]).includes(value ?? '') ? (value as Screen) : 'form';
}

/** Each screen's root element: the data-poptin-screen elements, or the top-level elements of a one-screen template. */
export function screenRoots(fragment: DocumentFragment): HTMLElement[] {
  const marked = Array.from(fragment.querySelectorAll<HTMLElement>('[data-poptin-screen]'));
  return marked.length > 0 ? marked : (Array.from(fragment.children) as HTMLElement[]);
}
