// A template in steps (design §2, "Steps"): one `[data-poptin-step]` shows at a time; its buttons lead to another step,
// back, a close, a redirect or another pop-up. A step's fields are checked by the form rules before the next step
// shows, the lead goes once, from the last step, with every step's answers; a choice button's answer is a field of
// the lead. A chunk of its own: only templates with steps load it (template-parts.ts).

import { DISPLAY_ROUTES, PARTIAL_LEAD_FIELD, STEPS_LEAD_FIELD } from '../../core/api/contract.ts';
import { displayApiPath } from '../../core/api/display-routes.ts';
import { checkForm, type KindRules } from '../../core/forms/form-check.ts';
import { translate } from '../../core/i18n/strings.ts';
import { POPTIN_ID } from '../../core/poptin-id.ts';
import {
  CHOICE_CREATED_AS,
  readStepTarget,
  STEP_ATTRIBUTE,
  STEP_GO_ATTRIBUTE,
  StepPath,
  type StepTarget,
} from '../../core/popup/steps.ts';
import { combine, listenSafely } from '../../core/safety.ts';
import { navigationOf } from '../popup/popup-template.ts';
import { emit } from '../shared/emit.ts';
import type { SurfaceEventMap } from '../shared/surface.ts';
import { formControls, groupOf, kindOf, readField, type SubmittedField } from './field-dom.ts';
import { clearAllFeedback, markInvalid, showFieldMessage } from './field-feedback.ts';
import { loadedKindRules, loadKindModules } from './field-kinds.ts';
import type { FormBindingOptions } from './form-binding.ts';
import { honeypotValue } from './honeypot.ts';
import { leadResponder } from './lead-delivery.ts';
import { followRedirect } from './navigation.ts';

/** The form binding's options (form-binding.ts), and the pop-up around the steps. */
export interface StepOptions
  extends Pick<FormBindingOptions, 'language' | 'designProperties' | 'canSubmit' | 'announce' | 'apiBase'> {
  /** The pop-up's element: its close requests are heard here, and a partial lead is sent from it. */
  host: HTMLElement;
  requestClose(): void;
}

const HEADING = 'h1, h2, h3, h4, h5, h6, [role="heading"]';
const stepName = (step: Element) => step.getAttribute(STEP_ATTRIBUTE) ?? '';
const targetOf = (button: Element): StepTarget | null => readStepTarget(button.getAttribute(STEP_GO_ATTRIBUTE));
const FORWARD = (target: StepTarget | null) => target !== null && target.kind === 'step';
/** A name no other showing or answer has: 8 to 128 printable ASCII characters, as the server asks. */
const newName = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

export function bindSteps(content: HTMLElement, options: StepOptions): () => void {
  const steps = Array.from(content.querySelectorAll<HTMLElement>(`[${STEP_ATTRIBUTE}]`));
  if (steps.length === 0) return () => undefined;
  const byName = new Map(steps.map((step) => [stepName(step), step]));
  const form = content.querySelector('form');
  // A submit button outside the steps (or in a step around steps) belongs to the last ones: those with no way forward.
  const looseSubmits = Array.from(content.querySelectorAll<HTMLElement>('[type=submit]')).filter((button) => {
    const holder = button.closest(`[${STEP_ATTRIBUTE}]`);
    return !holder || holder.querySelector(`[${STEP_ATTRIBUTE}]`) !== null;
  });
  // `popup:ID` opens the other pop-up the way any launcher in a template does (click-to-open.ts).
  content.querySelectorAll(`[${STEP_GO_ATTRIBUTE}^="popup:"]`).forEach((button) => {
    const target = targetOf(button);
    if (target?.kind === 'popup') button.setAttribute('data-poptin-id', target.id);
  });

  /** A step that holds steps (a question's offer around a form in steps) is entered at its first one. */
  const entered = (name: string) => {
    const inner = byName.get(name)?.querySelector(`[${STEP_ATTRIBUTE}]`);
    return inner ? stepName(inner) : name;
  };
  const path = new StepPath(entered(stepName(steps[0]!)));
  /** The steps whose fields the visitor filled in and moved on from. */
  const done = new Set<string>();
  let partialSent = false;

  const forwardButton = (step: HTMLElement) =>
    Array.from(step.querySelectorAll<HTMLElement>(`[${STEP_GO_ATTRIBUTE}]`)).find((button) =>
      FORWARD(targetOf(button)),
    ) ?? null;
  const isLast = (step: HTMLElement) => forwardButton(step) === null;

  const show = (name: string, focus: boolean) => {
    const shown = byName.get(name) ?? steps[0]!;
    for (const step of steps) step.hidden = !step.contains(shown);
    shown.querySelectorAll<HTMLElement>(`[${STEP_GO_ATTRIBUTE}="back"]`).forEach((button) => {
      button.hidden = path.before.length === 0;
    });
    for (const button of looseSubmits) button.hidden = !isLast(shown);
    if (!focus) return;
    // The new step's heading takes the focus, so a screen reader reads where the visitor is now.
    const heading = shown.querySelector<HTMLElement>(HEADING) ?? shown;
    if (heading.tabIndex < 0) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  };

  const stepControls = (step: HTMLElement) => formControls(step).filter((control) => control.type !== 'hidden');

  /** Widget §4 and §5 for one step: the same rules and messages as the whole form's submit. */
  const stepIsValid = (step: HTMLElement, rules: KindRules): boolean => {
    const controls = stepControls(step);
    if (controls.length === 0) return true;
    const result = checkForm(controls.map(readField), rules, { language: options.language, now: new Date() });
    clearAllFeedback(step, controls);
    if (result.valid) return true;
    for (const error of result.errors) showFieldMessage(groupOf(controls[error.index]!), error.message, error.hint);
    for (const index of result.highlight) {
      if (result.errors.some((error) => error.name === controls[index]!.name)) continue;
      if (result.blockReason === 'nothing-filled')
        showFieldMessage(groupOf(controls[index]!), translate(options.language, 'required'), null);
      else markInvalid(groupOf(controls[index]!));
    }
    const first = Math.min(...result.errors.map((error) => error.index), ...result.highlight);
    options.announce(
      result.errors.find((error) => error.index === first)?.message ?? translate(options.language, 'required'),
    );
    controls[first]?.focus();
    return false;
  };

  const answerOf = (button: HTMLElement) => button.getAttribute('value') ?? button.textContent?.trim() ?? '';

  /** A choice button's name and value are a field of the lead: the answer, kept in a hidden field of the form. */
  const keepAnswer = (button: HTMLElement) => {
    const name = button.getAttribute('name');
    if (!form || !name) return;
    const value = answerOf(button);
    let field = Array.from(form.querySelectorAll<HTMLInputElement>('input[type=hidden][data-created-as]')).find(
      (input) => input.name === name && input.dataset.createdAs === CHOICE_CREATED_AS,
    );
    if (!field) {
      field = document.createElement('input');
      field.type = 'hidden';
      field.name = name;
      field.dataset.createdAs = CHOICE_CREATED_AS;
      form.append(field);
    }
    field.value = value;
  };

  /**
   * A choice that ends the showing (a close, a redirect, another pop-up) with no lead to carry its answer: the answer
   * goes to the stats by itself, by the browser's beacon, which outlives a redirect (ChoiceRequest). A partial lead
   * about to be sent carries it instead; a preview counts nothing.
   */
  const countChoice = (button: HTMLElement) => {
    const question = button.getAttribute('name');
    const id = options.host.getAttribute('poptin-id') ?? '';
    const model = (options.host as { model?: { get(): { preview?: boolean } | null } }).model?.get();
    if (!question || !POPTIN_ID.test(id) || model?.preview || partialDue()) return;
    navigator.sendBeacon?.(
      options.apiBase.replace(/\/+$/, '') + displayApiPath(DISPLAY_ROUTES.choice, { poptinId: id }),
      new URLSearchParams({
        question: question.slice(0, 200),
        answer: answerOf(button).slice(0, 200),
        idempotency_key: newName(),
      }),
    );
  };

  const follow = (button: HTMLElement, target: StepTarget, loaded?: KindRules) => {
    const current = byName.get(path.current)!;
    if (target.kind === 'back') {
      if (path.back() !== null) show(path.current, true);
      return;
    }
    if (target.kind === 'popup') return;
    if (target.kind === 'step' && !byName.has(target.name)) return;
    // Going forward takes what the step holds: its fields must pass their rules first, once they have arrived
    // (field-kinds.ts).
    if (target.kind === 'step') {
      const controls = stepControls(current);
      const rules = loaded ?? loadedKindRules(controls);
      if (!rules) {
        void loadKindModules(controls).then((arrived) => follow(button, target, arrived));
        return;
      }
      if (!stepIsValid(current, rules)) return;
    }
    keepAnswer(button);
    if (target.kind !== 'step') countChoice(button);
    if (target.kind === 'step') {
      done.add(path.current);
      path.go(entered(target.name));
      show(path.current, true);
    } else if (target.kind === 'close') options.requestClose();
    else followRedirect(navigationOf(options.host), target.url, button.getAttribute('target') === '_blank');
  };

  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>(`[${STEP_GO_ATTRIBUTE}]`);
    if (!button || !content.contains(button)) return;
    const target = targetOf(button);
    // Another pop-up opens by the click's own way (click-to-open.ts); the answer that chose it is counted here.
    if (target?.kind === 'popup') countChoice(button);
    if (!target || target.kind === 'popup') return;
    event.preventDefault();
    follow(button, target);
  };

  // Enter in a field of a step that has a way forward goes forward, as its Next button does; the lead is sent
  // from the last step only.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.isComposing) return;
    const field = event.target as Element | null;
    if (!(field instanceof HTMLInputElement) || field.type === 'submit' || field.type === 'button') return;
    const current = byName.get(path.current)!;
    const next = current.contains(field) ? forwardButton(current) : null;
    if (!next) return;
    event.preventDefault();
    follow(next, targetOf(next)!);
  };
  const onSubmit = (event: Event) => {
    const current = byName.get(path.current)!;
    if (isLast(current)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const next = forwardButton(current);
    if (next) follow(next, targetOf(next)!);
  };
  // The form's own check, after the last step, may find a field of an earlier step wrong (a rule that needed the
  // free-mail list, say): that step shows again, its field focused.
  const afterSubmit = () => {
    const wrong = steps.find((step) => step.hidden && step.querySelector('[aria-invalid="true"]'));
    if (!wrong) return;
    path.go(stepName(wrong));
    show(path.current, false);
    wrong.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const emailDone = () =>
    [...done].some((name) =>
      formControls(byName.get(name)!).some((control) => kindOf(control) === 'email' && control.value.trim()),
    );

  // Widget §4, partial leads: the owner's option, off unless set. Sent once, when the close goes ahead or the page
  // goes (another page, the tab closed); a switch to another tab is no leaving. Both leads of this showing carry
  // one name, by which the server makes the partial lead whole if the visitor comes back (back-forward cache) and
  // finishes: one lead, never two.
  const keepsPartial = options.designProperties.steps_partial_lead === true && form !== null;
  if (keepsPartial) {
    const name = form.ownerDocument.createElement('input');
    name.type = 'hidden';
    name.name = STEPS_LEAD_FIELD;
    name.value = newName();
    form.append(name);
  }
  const partialDue = () => keepsPartial && !partialSent && emailDone() && options.canSubmit();

  const sendPartial = () => {
    partialSent = true;
    const visited = new Set([...done]);
    const fields: SubmittedField[] = formControls(form!)
      .filter((control) => {
        const step = control.closest<HTMLElement>(`[${STEP_ATTRIBUTE}]`);
        return step === null || visited.has(stepName(step));
      })
      .map(readField);
    fields.push({
      name: PARTIAL_LEAD_FIELD,
      type: 'hidden',
      value: 'yes',
      required: false,
      placeholder: '',
      validation: '',
    });
    emit<SurfaceEventMap['poptin-submit']>(options.host, 'poptin-submit', {
      poptinId: options.host.getAttribute('poptin-id') ?? '',
      fields,
      honeypot: honeypotValue(form!),
      prize: null,
      respondWith: leadResponder().respondWith,
    });
  };

  const onCloseRequest = (event: Event) => {
    if (!partialDue()) return;
    queueMicrotask(() => {
      if (!event.defaultPrevented && partialDue()) sendPartial();
    });
  };
  // Heard before the controller's own pagehide listener (a capture listener of the window goes first), so the lead
  // is in the outbox by the time the outbox hands what it holds to the browser's beacon.
  const onPageHide = () => {
    if (partialDue()) sendPartial();
  };

  show(path.current, false);
  return combine([
    listenSafely(content, 'click', onClick),
    listenSafely(content, 'keydown', onKeyDown, { capture: true }),
    listenSafely(content, 'submit', onSubmit, { capture: true }),
    listenSafely(content, 'submit', afterSubmit),
    listenSafely(options.host, 'poptin-request-close', onCloseRequest),
    listenSafely(options.host.ownerDocument.defaultView ?? window, 'pagehide', onPageHide, { capture: true }),
  ]);
}
