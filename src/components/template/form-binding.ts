import { validateEmail } from '../../core/forms/email.ts';
import { autocompleteEmailDomain } from '../../core/forms/email-suggestions.ts';
import { emailValidationMode } from '../../core/forms/field-kind.ts';
import {
  checkForm,
  type FormValidationOptions,
  type FormValidationResult,
  type KindRules,
} from '../../core/forms/form-check.ts';
import { type Language, translate } from '../../core/i18n/strings.ts';
import { afterNextPaint } from '../../core/loading/after-next-paint.ts';
import { SHAKE_MS } from '../../core/popup/timing.ts';
import { combine, guard, listenSafely, log } from '../../core/safety.ts';
import { createTimers } from '../../core/timers.ts';
import { EmailSuggestions } from './email-suggestion.ts';
import { type FieldControl, formControls, groupOf, kindOf, readField, type SubmittedField } from './field-dom.ts';
import { enhanceForm, type FieldAddon } from './field-enhance.ts';
import { clearAllFeedback, clearFieldFeedback, markInvalid, showFieldMessage } from './field-feedback.ts';
import { bindFieldKinds, kindModuleOf } from './field-kinds.ts';
import { addHoneypot } from './honeypot.ts';
import { clearSendError, showSendError } from './lead-delivery.ts';

/** Double submits within this pause are ignored (widget §4 guard flag). */
export const SUBMIT_GUARD_MS = 1_000;

export interface FormBindingOptions {
  language: Language;
  designProperties: Record<string, unknown>;
  /** Origin of the display server, for the free-mail list of business email fields. */
  apiBase: string;
  /** The visitor's country, for the first flag of international phones. */
  countryCode: string;
  /** False once the pop-up has been submitted. */
  canSubmit(): boolean;
  /** Slots next to inputs where the view renders the flag selector and the date picker. */
  onAddons(addons: FieldAddon[]): void;
  onValidSubmit(form: HTMLFormElement, fields: SubmittedField[]): void;
  /** Says a message through the pop-up's polite live region. */
  announce(message: string): void;
  /** Today, for birthdays; injectable for tests. */
  now?: () => Date;
}

const TYPO_MODES = new Set(['check-typos', 'typos-business']);

function emailMode(control: FieldControl): string | null {
  return kindOf(control) === 'email' ? emailValidationMode(control.getAttribute('data-validation')) : null;
}

/**
 * Binds the forms of a pop-up template to the rules of widget §4 and §5: fields are prepared once, then
 * checked while the visitor types and at submit. Returns the cleanup.
 */
export function bindTemplateForms(content: HTMLElement, options: FormBindingOptions): () => void {
  const { language } = options;
  const now = options.now ?? (() => new Date());
  const forms = Array.from(content.querySelectorAll('form'));
  // The rules and ways of each kind of field but the e-mail come with its module (field-kinds.ts).
  const kinds = bindFieldKinds(
    forms.flatMap(enhanceForm),
    {
      language,
      designProperties: options.designProperties,
      countryCode: options.countryCode,
      now,
      apiBase: options.apiBase,
    },
    options.onAddons,
  );
  const removeTraps = forms.map(addHoneypot);

  const suggestions = new EmailSuggestions(language);
  const timers = createTimers();
  const later = timers.later;
  let disposed = false;
  let lastAcceptedAt = -Infinity;
  let waiting = false;

  const fieldControl = (target: EventTarget | null): FieldControl | null => {
    const control = target as FieldControl | null;
    if (
      !control?.form ||
      !forms.includes(control.form) ||
      control.name === '' ||
      control.dataset.poptinBound === undefined
    )
      return null;
    return control;
  };
  const inputOf = (event: Event) => {
    const control = fieldControl(event.target);
    return control instanceof HTMLInputElement ? control : null;
  };

  const onInput = (event: Event) => {
    const control = fieldControl(event.target);
    if (!control) return;
    clearFieldFeedback(control.form!, groupOf(control));
    if (!(control instanceof HTMLInputElement)) return;
    kindModuleOf(control)?.input?.(control);
    if (TYPO_MODES.has(emailMode(control) ?? '')) {
      const completion = (event as InputEvent).inputType?.startsWith('delete')
        ? null
        : autocompleteEmailDomain(control.value);
      if (completion) suggestions.show(control, completion);
      else suggestions.clear(control);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const input = inputOf(event);
    if (input) kindModuleOf(input)?.keydown?.(input, event);
  };

  const onFocusIn = (event: FocusEvent) => {
    const input = inputOf(event);
    if (input) kindModuleOf(input)?.focusin?.(input);
  };

  const onFocusOut = (event: FocusEvent) => {
    const input = inputOf(event);
    if (!input) return;
    kindModuleOf(input)?.focusout?.(input);
    if (kindOf(input) === 'email') suggestAfterThePaint(input);
  };
  // "Did you mean …?" waits for the frame that shows what moved the focus away (a click on Submit, say): the typo
  // check cost that frame 2 to 6 ms at 4× CPU slowdown (docs/performance.md, "Interactions").
  const suggestAfterThePaint = (control: HTMLInputElement) =>
    void afterNextPaint().then(() =>
      guard('email suggestion', () => {
        if (disposed || !control.isConnected) return;
        const { suggestion } = validateEmail(control.value, {
          validation: control.getAttribute('data-validation'),
          language,
        });
        if (suggestion) suggestions.show(control, suggestion.address);
      }),
    );

  const shake = (form: HTMLFormElement) => {
    form.classList.remove('poptin-shake');
    // Reading layout restarts the animation when the visitor submits again while it still runs.
    void form.offsetWidth;
    form.classList.add('poptin-shake');
    later(() => form.classList.remove('poptin-shake'), SHAKE_MS);
  };

  const report = (form: HTMLFormElement, controls: FieldControl[], result: FormValidationResult) => {
    for (const error of result.errors) showFieldMessage(groupOf(controls[error.index]), error.message, error.hint);
    for (const index of result.highlight) {
      const group = groupOf(controls[index]);
      if (result.errors.some((error) => error.name === controls[index].name)) continue;
      // Nothing filled in: the first field is marked and says what it needs.
      if (result.blockReason === 'nothing-filled') showFieldMessage(group, translate(language, 'required'), null);
      else markInvalid(group);
    }
    if (result.blocked) shake(form);
    const firstIndex = Math.min(...result.errors.map((error) => error.index), ...result.highlight);
    options.announce(
      result.errors.find((error) => error.index === firstIndex)?.message ?? translate(language, 'required'),
    );
    controls[firstIndex]?.focus();
  };

  const check = (form: HTMLFormElement, rules: KindRules, ruleOptions: FormValidationOptions) => {
    const controls = formControls(form);
    for (const control of controls) kindModuleOf(control)?.settle?.(control);
    const fields = controls.map(readField);
    const result = checkForm(fields, rules, { ...ruleOptions, language, now: now() });
    clearAllFeedback(form, controls);
    for (const suggestion of result.suggestions) {
      const control = controls[suggestion.index];
      if (control instanceof HTMLInputElement) suggestions.show(control, suggestion.address);
    }
    if (!result.valid) {
      report(form, controls, result);
      return;
    }
    lastAcceptedAt = performance.now();
    options.onValidSubmit(
      form,
      fields.map((field, index) => kindModuleOf(controls[index])?.submitted?.(field, controls[index]) ?? field),
    );
  };

  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (!forms.includes(form)) return;
    event.preventDefault();
    if (waiting || !options.canSubmit() || performance.now() - lastAcceptedAt < SUBMIT_GUARD_MS) return;
    const controls = formControls(form);
    const ready = kinds.readyNow(controls);
    if (ready) {
      check(form, ready.rules, ready.options);
      return;
    }
    // The rules need a kind's module, the phone library or the free-mail list: the submit waits for them, once.
    waiting = true;
    kinds.ready(controls).then(
      ({ rules, options: ruleOptions }) =>
        guard('form submit', () => {
          waiting = false;
          clearSendError(form);
          if (!disposed && options.canSubmit()) check(form, rules, ruleOptions);
        }),
      (error: unknown) =>
        guard('form submit', () => {
          // Nothing is sent unchecked: the visitor is told, and the next submit loads the rules again.
          waiting = false;
          log.error('the rules of the form could not be loaded', error);
          if (!disposed) options.announce(showSendError(form, language).textContent ?? '');
        }),
    );
  };

  const stopListening = combine([
    listenSafely(content, 'input', onInput),
    listenSafely(content, 'keydown', onKeyDown),
    listenSafely(content, 'focusin', onFocusIn),
    listenSafely(content, 'focusout', onFocusOut),
    listenSafely(content, 'submit', onSubmit),
  ]);
  return () => {
    disposed = true;
    kinds.stop();
    removeTraps.forEach((remove) => remove());
    stopListening();
    timers.clearAll();
    suggestions.dispose();
  };
}
