import { type FieldControl, isCheckable } from './field-dom.ts';

/** Where a field's messages go: after its wrapper (phone flag, date picker), its label (boxes), or itself. */
function messageAnchor(control: FieldControl): Element {
  const wrapper = control.closest('.poptin-phone, .poptin-date');
  if (wrapper) return wrapper;
  if (isCheckable(control)) return control.closest('fieldset') ?? control.closest('label') ?? control;
  return control;
}

let messageCounter = 0;

function messageElement(className: string, text: string, owner: string): HTMLParagraphElement {
  const element = document.createElement('p');
  element.className = className;
  element.id = `poptin-message-${++messageCounter}`;
  element.dataset.for = owner;
  element.textContent = text;
  return element;
}

const ownerKey = (control: FieldControl) => control.name;

function baseDescribedBy(control: FieldControl): string {
  control.dataset.poptinDescribedby ??= control.getAttribute('aria-describedby') ?? '';
  return control.dataset.poptinDescribedby;
}

/** Removes the message, hint and invalid marks of one field or group (the visitor typed into it). */
export function clearFieldFeedback(root: ParentNode, group: FieldControl[]): void {
  const names = new Set(group.map(ownerKey));
  root.querySelectorAll<HTMLElement>('.poptin-error[data-for], .poptin-hint[data-for]').forEach((node) => {
    if (names.has(node.dataset.for ?? '')) node.remove();
  });
  for (const control of group) {
    control.removeAttribute('aria-invalid');
    control.classList.remove('poptin-invalid');
    const base = baseDescribedBy(control);
    if (base) control.setAttribute('aria-describedby', base);
    else control.removeAttribute('aria-describedby');
  }
}

export function clearAllFeedback(root: ParentNode, controls: FieldControl[]): void {
  const byName = new Map<string, FieldControl[]>();
  for (const control of controls) byName.set(control.name, [...(byName.get(control.name) ?? []), control]);
  byName.forEach((group) => clearFieldFeedback(root, group));
}

/** The red-border state of widget §5: kept until the visitor types into the field. */
export function markInvalid(group: FieldControl[]): void {
  for (const control of group) {
    control.setAttribute('aria-invalid', 'true');
    control.classList.add('poptin-invalid');
  }
}

/** Shows the message (and hint) under the field and points the field's aria-describedby at them. */
export function showFieldMessage(group: FieldControl[], message: string, hint: string | null): void {
  const last = group[group.length - 1];
  const owner = ownerKey(last);
  const error = messageElement('poptin-error', message, owner);
  const nodes: HTMLElement[] = [error];
  if (hint) nodes.push(messageElement('poptin-hint', hint, owner));
  messageAnchor(last).after(...nodes);
  markInvalid(group);
  for (const control of group) {
    const ids = [...nodes.map((node) => node.id), baseDescribedBy(control)].filter(Boolean);
    control.setAttribute('aria-describedby', ids.join(' '));
  }
}
