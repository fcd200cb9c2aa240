import { calendarDateOf } from '../../core/forms/date.ts';
import { validateEmail } from '../../core/forms/email.ts';
import { autocompleteEmailDomain } from '../../core/forms/email-suggestions.ts';
import { emailValidationMode, phoneValidationMode } from '../../core/forms/field-kind.ts';
import { type FormValidationResult, needsPhoneLibrary, validateForm } from '../../core/forms/form.ts';
import { isAllowedNumberKey, normalizeNumberOnBlur } from '../../core/forms/number-input.ts';
import { sanitizePhoneWhileTyping } from '../../core/forms/phone-basic.ts';
import { formatPhoneForCountry, isValidInternationalPhone, toE164 } from '../../core/forms/phone-international.ts';
import { loadPhoneLibrary, type PhoneLibrary } from '../../core/forms/phone-library.ts';
import { type Language, translate } from '../../core/i18n/strings.ts';
import { afterNextPaint } from '../../core/loading/after-next-paint.ts';
import { SHAKE_MS } from '../../core/popup/timing.ts';
import { combine, guard, listenSafely, log } from '../../core/safety.ts';
import { createTimers } from '../../core/timers.ts';
import { $freeMailDomains } from '../../stores/free-mail.ts';
import { EmailSuggestions } from './email-suggestion.ts';
import { type FieldControl, formControls, groupOf, kindOf, readField, type SubmittedField } from './field-dom.ts';
import { enhanceForm, type FieldAddon } from './field-enhance.ts';
import { clearAllFeedback, clearFieldFeedback, markInvalid, showFieldMessage } from './field-feedback.ts';
import { addHoneypot } from './honeypot.ts';

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

const BUSINESS_MODES = new Set(['business-email', 'typos-business']);
const TYPO_MODES = new Set(['check-typos', 'typos-business']);

function isInternationalPhone(control: FieldControl): control is HTMLInputElement {
  return (
    control instanceof HTMLInputElement &&
    kindOf(control) === 'phone' &&
    phoneValidationMode(control.getAttribute('data-validation')) === 'international'
  );
}

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
  const addons = forms.flatMap((form) =>
    enhanceForm(form, {
      language,
      designProperties: options.designProperties,
      countryCode: options.countryCode,
      today: calendarDateOf(now()),
    }),
  );
  options.onAddons(addons);
  const removeTraps = forms.map(addHoneypot);

  const suggestions = new EmailSuggestions(language);
  const timers = createTimers();
  const later = timers.later;
  let disposed = false;
  let lastAcceptedAt = -Infinity;
  let waiting = false;

  // The free-mail list is fetched only when a business-only email field exists (widget §7), once per page.
  const needsFreeMail = forms.some((form) =>
    formControls(form).some((control) => BUSINESS_MODES.has(emailMode(control) ?? '')),
  );
  let freeMailDomains: ReadonlySet<string> | undefined;
  let freeMailLoading: Promise<void> | null = null;
  let stopFreeMail = () => {};
  if (needsFreeMail) {
    // Listening mounts the lazy store, which fetches the list once per page and server.
    const list = $freeMailDomains(options.apiBase);
    freeMailLoading = new Promise((resolve) => {
      stopFreeMail = list.subscribe((domains) => {
        if (domains === undefined) return;
        freeMailDomains = domains ?? undefined;
        freeMailLoading = null;
        resolve();
      });
    });
  }

  let phoneLibrary: PhoneLibrary | null = null;
  const ensurePhoneLibrary = () =>
    loadPhoneLibrary().then(
      (loaded) => (phoneLibrary = loaded),
      (error: unknown) => log.warn('phone library unavailable; international phones get the basic check', error),
    );

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

  const reformatInternational = (input: HTMLInputElement) => {
    const country = input.dataset.phoneCountry;
    if (phoneLibrary && isValidInternationalPhone(phoneLibrary, input.value, country))
      input.value = formatPhoneForCountry(phoneLibrary, input.value, country);
  };

  const onInput = (event: Event) => {
    const control = fieldControl(event.target);
    if (!control) return;
    clearFieldFeedback(control.form!, groupOf(control));
    if (!(control instanceof HTMLInputElement)) return;
    const kind = kindOf(control);
    if (kind === 'phone' && phoneValidationMode(control.getAttribute('data-validation')) === 'basic')
      keepPhoneCharacters(control);
    if (kind === 'email' && TYPO_MODES.has(emailMode(control) ?? '')) {
      const completion = (event as InputEvent).inputType?.startsWith('delete')
        ? null
        : autocompleteEmailDomain(control.value);
      if (completion) suggestions.show(control, completion);
      else suggestions.clear(control);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const control = fieldControl(event.target);
    if (control && kindOf(control) === 'number' && !isAllowedNumberKey(event.key, event)) event.preventDefault();
  };

  const onFocusIn = (event: FocusEvent) => {
    const control = fieldControl(event.target);
    if (control && isInternationalPhone(control)) void ensurePhoneLibrary();
  };

  const onFocusOut = (event: FocusEvent) => {
    const control = fieldControl(event.target);
    if (!(control instanceof HTMLInputElement)) return;
    const kind = kindOf(control);
    if (kind === 'number') control.value = normalizeNumberOnBlur(control.value);
    if (isInternationalPhone(control)) reformatInternational(control);
    if (kind === 'email') suggestAfterThePaint(control);
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

  const check = (form: HTMLFormElement) => {
    const controls = formControls(form);
    controls.filter(isInternationalPhone).forEach(reformatInternational);
    const fields = controls.map(readField);
    const result = validateForm(fields, { language, freeMailDomains, phoneLibrary, now: now() });
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
      fields.map((field, index) => submittedValue(field, controls[index], phoneLibrary)),
    );
  };

  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    if (!forms.includes(form)) return;
    event.preventDefault();
    if (waiting || !options.canSubmit() || performance.now() - lastAcceptedAt < SUBMIT_GUARD_MS) return;
    const pending: Promise<unknown>[] = [];
    if (!phoneLibrary && needsPhoneLibrary(formControls(form).map(readField))) pending.push(ensurePhoneLibrary());
    if (freeMailLoading) pending.push(freeMailLoading);
    if (pending.length === 0) {
      check(form);
      return;
    }
    // The rules need the phone library or the free-mail list: the submit waits for them, once.
    waiting = true;
    void Promise.all(pending).then(() =>
      guard('form submit', () => {
        waiting = false;
        if (!disposed && options.canSubmit()) check(form);
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
    stopFreeMail();
    removeTraps.forEach((remove) => remove());
    stopListening();
    timers.clearAll();
    suggestions.dispose();
  };
}

/** Widget §5: a basic phone keeps digits, + - ( ) and spaces while typing, 15 at most. */
function keepPhoneCharacters(input: HTMLInputElement): void {
  const kept = sanitizePhoneWhileTyping(input.value);
  if (kept === input.value) return;
  const caret = Math.max(0, (input.selectionStart ?? kept.length) - (input.value.length - kept.length));
  input.value = kept;
  if (input.type === 'tel' || input.type === 'text') input.setSelectionRange(caret, caret);
}

/** International phones go out in E.164 (+972501234567), so the owner gets the country code with the number. */
function submittedValue(field: SubmittedField, control: FieldControl, library: PhoneLibrary | null): SubmittedField {
  if (!library || !isInternationalPhone(control)) return field;
  return { ...field, value: toE164(library, field.value, field.phoneCountry) ?? field.value };
}
