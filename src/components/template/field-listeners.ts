// What a form's fields do while the visitor types and moves between them (widget §5): the field's messages clear,
// the module of its kind (field-kinds.ts) keeps, completes or lays out what was typed, and an e-mail offers its
// likely correction.

import { validateEmail } from '../../core/forms/email.ts';
import { autocompleteEmailDomain } from '../../core/forms/email-suggestions.ts';
import { emailValidationMode } from '../../core/forms/field-kind.ts';
import type { Language } from '../../core/i18n/strings.ts';
import { afterNextPaint } from '../../core/loading/after-next-paint.ts';
import { combine, guard, listenSafely } from '../../core/safety.ts';
import type { EmailSuggestions } from './email-suggestion.ts';
import { type FieldControl, groupOf, kindOf } from './field-dom.ts';
import { clearFieldFeedback } from './field-feedback.ts';
import { kindModuleOf } from './field-kinds.ts';

const TYPO_MODES = ['check-typos', 'typos-business'];

/** The field of one of these forms, bound to its rules (field-enhance.ts), that an event is about; null for any other. */
export function boundField(forms: readonly HTMLFormElement[], target: EventTarget | null): FieldControl | null {
  const control = target as FieldControl | null;
  return control?.form &&
    forms.includes(control.form) &&
    control.name !== '' &&
    control.dataset.poptinBound !== undefined
    ? control
    : null;
}

export interface FieldListening {
  language: Language;
  suggestions: EmailSuggestions;
  disposed(): boolean;
}

/** Listens to the fields of these forms in `content`; returns the unlistening. */
export function listenToFields(
  content: HTMLElement,
  forms: readonly HTMLFormElement[],
  { language, suggestions, disposed }: FieldListening,
): () => void {
  const inputOf = (event: Event) => {
    const control = boundField(forms, event.target);
    return control instanceof HTMLInputElement ? control : null;
  };

  const onInput = (event: Event) => {
    const control = boundField(forms, event.target);
    if (!control) return;
    clearFieldFeedback(control.form!, groupOf(control));
    if (!(control instanceof HTMLInputElement)) return;
    kindModuleOf(control)?.input?.(control);
    if (
      kindOf(control) !== 'email' ||
      !TYPO_MODES.includes(emailValidationMode(control.getAttribute('data-validation')))
    )
      return;
    const completion = (event as InputEvent).inputType?.startsWith('delete')
      ? null
      : autocompleteEmailDomain(control.value);
    if (completion) suggestions.show(control, completion);
    else suggestions.clear(control);
  };

  // "Did you mean …?" waits for the frame that shows what moved the focus away (a click on Submit, say): the typo
  // check cost that frame 2 to 6 ms at 4× CPU slowdown (docs/performance.md, "Interactions").
  const suggestAfterThePaint = (control: HTMLInputElement) =>
    void afterNextPaint().then(() =>
      guard('email suggestion', () => {
        if (disposed() || !control.isConnected) return;
        const { suggestion } = validateEmail(control.value, {
          validation: control.getAttribute('data-validation'),
          language,
        });
        if (suggestion) suggestions.show(control, suggestion.address);
      }),
    );

  return combine([
    listenSafely(content, 'input', onInput),
    listenSafely<KeyboardEvent>(content, 'keydown', (event) => {
      const input = inputOf(event);
      if (input) kindModuleOf(input)?.keydown?.(input, event);
    }),
    listenSafely(content, 'focusin', (event) => {
      const input = inputOf(event);
      if (input) kindModuleOf(input)?.focusin?.(input);
    }),
    listenSafely(content, 'focusout', (event) => {
      const input = inputOf(event);
      if (!input) return;
      kindModuleOf(input)?.focusout?.(input);
      if (kindOf(input) === 'email') suggestAfterThePaint(input);
    }),
  ]);
}
