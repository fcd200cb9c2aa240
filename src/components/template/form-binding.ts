import { checkForm, type FormValidationOptions, type KindRules } from '../../core/forms/form-check.ts';
import type { Language } from '../../core/i18n/strings.ts';
import { guard, listenSafely } from '../../core/safety.ts';
import { createTimers } from '../../core/timers.ts';
import { EmailSuggestions } from './email-suggestion.ts';
import { type FieldControl, formControls, readField, type SubmittedField } from './field-dom.ts';
import { enhanceForm, type FieldAddon } from './field-enhance.ts';
import { clearAllFeedback } from './field-feedback.ts';
import { bindFieldKinds, kindModuleOf } from './field-kinds.ts';
import { listenToFields } from './field-listeners.ts';
import { showRefusal } from './form-refusal.ts';
import { addHoneypot } from './honeypot.ts';
import { submitGuard } from './submit-guard.ts';

export { SUBMIT_GUARD_MS } from './submit-guard.ts';

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

/** A form's fields as its rules read them: each kind's module settles its own first (an international phone's layout). */
function readForm(form: HTMLFormElement): { controls: FieldControl[]; fields: SubmittedField[] } {
  const controls = formControls(form);
  for (const control of controls) kindModuleOf(control)?.settle?.(control);
  return { controls, fields: controls.map(readField) };
}

/** The fields as the lead carries them (an international phone in E.164). */
function leadFields(fields: SubmittedField[], controls: FieldControl[]): SubmittedField[] {
  return fields.map((field, index) => kindModuleOf(controls[index])?.submitted?.(field, controls[index]) ?? field);
}

/**
 * Binds the forms of a pop-up template to the rules of widget §4 and §5, step by step: the forms' fields are found
 * and prepared once (enhanceForm, bindFieldKinds), they answer the visitor's typing (listenToFields), and a submit,
 * once what the rules need is there, is read, judged, and either refused (showRefusal) or handed on. Returns the
 * cleanup.
 */
export function bindTemplateForms(content: HTMLElement, options: FormBindingOptions): () => void {
  const { language, announce } = options;
  const now = options.now ?? (() => new Date());
  const forms = Array.from(content.querySelectorAll('form'));
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
  const gate = submitGuard();
  let disposed = false;

  const submit = (form: HTMLFormElement, rules: KindRules, ruleOptions: FormValidationOptions) => {
    const { controls, fields } = readForm(form);
    const result = checkForm(fields, rules, { ...ruleOptions, language, now: now() });
    clearAllFeedback(form, controls);
    for (const suggestion of result.suggestions) {
      const control = controls[suggestion.index];
      if (control instanceof HTMLInputElement) suggestions.show(control, suggestion.address);
    }
    if (!result.valid) return showRefusal(form, controls, result, { language, announce, later: timers.later });
    gate.accepted(performance.now());
    options.onValidSubmit(form, leadFields(fields, controls));
  };

  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (!forms.includes(form)) return;
    event.preventDefault();
    if (!gate.mayStart(performance.now()) || !options.canSubmit()) return;
    const controls = formControls(form);
    const ready = kinds.readyNow(controls);
    if (ready) return submit(form, ready.rules, ready.options);
    // The rules need a kind's module, the phone library or the free-mail list: the submit waits for them, once.
    gate.waiting(true);
    void kinds.ready(controls).then(({ rules, options: ruleOptions }) =>
      guard('form submit', () => {
        gate.waiting(false);
        if (!disposed && options.canSubmit()) submit(form, rules, ruleOptions);
      }),
    );
  };

  const stopFields = listenToFields(content, forms, { language, suggestions, disposed: () => disposed });
  const stopSubmits = listenSafely(content, 'submit', onSubmit);
  return () => {
    disposed = true;
    kinds.stop();
    removeTraps.forEach((remove) => remove());
    stopFields();
    stopSubmits();
    timers.clearAll();
    suggestions.dispose();
  };
}
