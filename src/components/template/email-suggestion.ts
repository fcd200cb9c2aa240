import { SUGGESTION_CLEAR_MS } from '../../core/forms/email-suggestions.ts';
import { type Language, translate } from '../../core/i18n/strings.ts';
import { listenSafely } from '../../core/safety.ts';
import { later } from '../../core/timers.ts';

const SPLIT = '\u0000';

/**
 * "Did you mean <address>?" under an email field, the address a button that fills the field in. One
 * suggestion per field; each clears SUGGESTION_CLEAR_MS after it was last shown (widget §5).
 */
export class EmailSuggestions {
  private readonly shown = new Map<HTMLInputElement, { element: HTMLElement; cancelClear: () => void }>();

  constructor(private readonly language: Language) {}

  show(input: HTMLInputElement, address: string): void {
    this.clear(input);
    const [before, after = ''] = translate(this.language, 'emailSuggestion', { address: SPLIT }).split(SPLIT);
    const element = document.createElement('p');
    element.className = 'poptin-suggestion';
    element.setAttribute('role', 'status');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'poptin-suggestion-address';
    button.textContent = address;
    listenSafely(button, 'click', () => this.accept(input, address));
    element.append(before, button, after);
    input.after(element);
    this.shown.set(input, { element, cancelClear: later(window, SUGGESTION_CLEAR_MS, () => this.clear(input)) });
  }

  clear(input: HTMLInputElement): void {
    const current = this.shown.get(input);
    if (!current) return;
    current.cancelClear();
    current.element.remove();
    this.shown.delete(input);
  }

  dispose(): void {
    [...this.shown.keys()].forEach((input) => this.clear(input));
  }

  private accept(input: HTMLInputElement, address: string): void {
    this.clear(input);
    input.value = address;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    input.focus();
  }
}
