// Shared by the browser tests of the three games.
import { until } from './waiting.ts';

/** A winner at 100%: every play picks it. */
export const ALWAYS_WIN = {
  ten: { label: '10% off', code: 'TEN-OFF', prize_id: 'p-ten', is_winner: 1, chances: 100 },
  none: { label: 'No luck', code: '', prize_id: 'p-none', loosing_option: 1, chances: 0 },
};

/** A loser at 100%. */
export const ALWAYS_LOSE = {
  ten: { label: '10% off', code: 'TEN-OFF', prize_id: 'p-ten', is_winner: 1, chances: 0 },
  none: { label: 'No luck', code: '', prize_id: 'p-none', loosing_option: 1, chances: 100 },
};

export const FOUR_PRIZES = {
  a: { label: '10% off', code: 'TEN', prize_id: 'p-a', is_winner: 1, chances: 25 },
  b: { label: 'Free shipping', code: 'SHIP', prize_id: 'p-b', is_winner: 1, chances: 25 },
  c: { label: 'A free gift with your next order', code: 'GIFT', prize_id: 'p-c', is_winner: 1, chances: 25 },
  d: { label: 'No luck', code: '', prize_id: 'p-d', loosing_option: 1, chances: 25 },
};

export async function mountGame<T extends HTMLElement>(
  tag: string,
  attributes: Record<string, string>,
  parent: HTMLElement = document.body,
): Promise<T> {
  const element = document.createElement(tag) as T;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.append(element);
  await until(() => element.shadowRoot?.querySelector('[part~="base"]') != null, `${tag} to draw itself`);
  return element;
}

export function collect<Detail>(element: EventTarget, name: string): Detail[] {
  const seen: Detail[] = [];
  element.addEventListener(name, (event) => seen.push((event as CustomEvent<Detail>).detail));
  return seen;
}

export const shadowPart = <T extends Element = HTMLElement>(element: Element, name: string) =>
  element.shadowRoot!.querySelector<T>(`[part~="${name}"]`)!;
export const shadowParts = <T extends Element = HTMLElement>(element: Element, name: string) => [
  ...element.shadowRoot!.querySelectorAll<T>(`[part~="${name}"]`),
];
export const spoken = (element: Element) => element.shadowRoot!.querySelector('[aria-live]')!.textContent;
