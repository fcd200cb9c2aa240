// Mounts <poptin-popup> for the browser tests of the element and of the views it draws (template, fields).
import '../../elements/poptin-popup/define.ts';
import type { PoptinPopupElement } from '../../elements/poptin-popup/poptin-popup.ts';
import type { PopupSubmitDetail } from '../../src/components/popup/popup-view.tsx';
import { loadTemplateParts } from '../../src/components/template/template-parts.ts';
import { parsePopupConfig } from '../../src/core/config/parse.ts';
import { sanitizeTemplate } from '../../src/core/sanitize.ts';
import type { PopupModel } from '../../src/stores/popup-model.ts';

export const POPTIN_ID = 'a1b2c3d4e5f6g';

export function popupConfig(overrides: Record<string, unknown> = {}) {
  return parsePopupConfig({
    poptin_id: POPTIN_ID,
    poptin_name: 'Form test',
    poptin_type: 'lightbox',
    poptin_target: 'lead',
    viewer_id: 'v1',
    design_properties: {},
    ...overrides,
  });
}

export interface MountOptions {
  config?: Record<string, unknown>;
  lang?: string;
  model?: Partial<PopupModel>;
  /** Runs before the element is connected (navigation stubs, listeners). */
  before?: (element: PoptinPopupElement) => void;
  /** Leaves the template's parts (countdowns, games, coupons, …) to load after the first render; the controller loads them first. */
  lazyParts?: boolean;
}

/** A form template with a thank-you screen, around the given fields. */
export function formTemplate(fields: string, { thankYou = true } = {}): string {
  return `<div data-poptin-screen="form"><form>${fields}<button type="submit">Send</button></form></div>${
    thankYou ? '<div data-poptin-screen="thank-you" hidden><p>Thank you!</p></div>' : ''
  }`;
}

export async function mountPopup(template: string, options: MountOptions = {}): Promise<PoptinPopupElement> {
  if (!options.lazyParts) await loadTemplateParts(template);
  const element = document.createElement('poptin-popup') as PoptinPopupElement;
  element.popup = {
    config: popupConfig(options.config),
    html: sanitizeTemplate(template),
    lang: options.lang ?? 'en',
    trigger: 'manual',
    ...options.model,
  };
  options.before?.(element);
  const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
  document.body.append(element);
  await shown;
  // A close button that counts down loads its countdown's machine once the pop-up shows, and counts from then: a fake
  // clock's ticks before it runs would be lost, so the pop-up is ready once the machine is.
  await Promise.all([import('../../src/core/countdown/machine.ts'), import('../../src/core/countdown/time.ts')]);
  await nextFrame();
  return element;
}

// A macrotask through MessageChannel: React schedules with it, and fake timers leave it alone.
export const nextFrame = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Waits on macrotasks that fake timers leave alone, up to `ms` of real time (performance.now is never faked here). */
export async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    if (check()) return;
    await nextFrame();
  }
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

export const part = (element: Element, name: string) =>
  element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
export const inShadow = <T extends Element = HTMLElement>(element: Element, selector: string) =>
  element.shadowRoot!.querySelector<T>(selector)!;
export const allInShadow = <T extends Element = HTMLElement>(element: Element, selector: string) =>
  Array.from(element.shadowRoot!.querySelectorAll<T>(selector));
export const field = (element: Element, name: string) => inShadow<HTMLInputElement>(element, `[name="${name}"]`);

/** Types as a visitor does: the value changes and an input event follows. */
export function typeInto(input: HTMLInputElement, value: string, inputType = 'insertText'): void {
  input.focus();
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType }));
}

export function blur(input: HTMLElement): void {
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
  input.blur();
}

export function keydown(target: Element, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

export function submit(element: Element): void {
  inShadow<HTMLButtonElement>(element, '[type=submit]').click();
}

/** The message under a field, through its aria-describedby. */
export function messagesOf(element: Element, input: Element): string[] {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => element.shadowRoot!.getElementById(id)?.textContent ?? '');
}

export function collectSubmits(element: Element): PopupSubmitDetail[] {
  const details: PopupSubmitDetail[] = [];
  element.addEventListener('poptin-submit', (event) => details.push((event as CustomEvent<PopupSubmitDetail>).detail));
  return details;
}

export function closeSources(element: Element): string[] {
  const sources: string[] = [];
  element.addEventListener('poptin-request-close', (event) =>
    sources.push((event as CustomEvent<{ source: string }>).detail.source),
  );
  return sources;
}

export function removePopups(): void {
  document.querySelectorAll('poptin-popup').forEach((node) => node.remove());
}
export type { PoptinPopupElement };
