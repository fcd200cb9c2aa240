// A submit the rules refused (widget §4, §5): each field says what is wrong, an empty required one is marked, a
// blocked form shakes, and the first problem is said and focused.

import type { FormValidationResult } from '../../core/forms/form-check.ts';
import { type Language, translate } from '../../core/i18n/strings.ts';
import { SHAKE_MS } from '../../core/popup/timing.ts';
import { type FieldControl, groupOf } from './field-dom.ts';
import { markInvalid, showFieldMessage } from './field-feedback.ts';

export interface RefusalOptions {
  language: Language;
  /** Says a message through the pop-up's polite live region. */
  announce(message: string): void;
  later(run: () => void, ms: number): void;
}

/** Shakes the form whose submit was blocked; a submit while it still shakes starts it again. */
function shake(form: HTMLFormElement, later: RefusalOptions['later']): void {
  form.classList.remove('poptin-shake');
  // Reading layout restarts the animation when the visitor submits again while it still runs.
  void form.offsetWidth;
  form.classList.add('poptin-shake');
  later(() => form.classList.remove('poptin-shake'), SHAKE_MS);
}

export function showRefusal(
  form: HTMLFormElement,
  controls: readonly FieldControl[],
  result: FormValidationResult,
  { language, announce, later }: RefusalOptions,
): void {
  for (const error of result.errors) showFieldMessage(groupOf(controls[error.index]), error.message, error.hint);
  for (const index of result.highlight) {
    const group = groupOf(controls[index]);
    if (result.errors.some((error) => error.name === controls[index].name)) continue;
    // Nothing filled in: the first field is marked and says what it needs.
    if (result.blockReason === 'nothing-filled') showFieldMessage(group, translate(language, 'required'), null);
    else markInvalid(group);
  }
  if (result.blocked) shake(form, later);
  const firstIndex = Math.min(...result.errors.map((error) => error.index), ...result.highlight);
  announce(result.errors.find((error) => error.index === firstIndex)?.message ?? translate(language, 'required'));
  controls[firstIndex]?.focus();
}
