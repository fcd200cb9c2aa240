// A trap field in every template form: off-screen, hidden from assistive technology and out of the tab order,
// so a person never fills it, while a bot filling every input does. The server stores such a lead as spam
// and answers it like any other (design §5), so the bot learns nothing.
const TRAP_SELECTOR = '[data-poptin-honeypot]';

/** Adds the trap to the form; returns its removal. */
export function addHoneypot(form: HTMLFormElement): () => void {
  const wrapper = document.createElement('div');
  wrapper.className = 'poptin-trap';
  wrapper.setAttribute('aria-hidden', 'true');
  const label = document.createElement('label');
  label.textContent = 'Leave this field empty';
  const input = document.createElement('input');
  input.type = 'text';
  input.tabIndex = -1;
  input.autocomplete = 'off';
  input.dataset.poptinHoneypot = '';
  label.append(input);
  wrapper.append(label);
  form.append(wrapper);
  return () => wrapper.remove();
}

/** What the trap of this form holds: empty when a person sent it. */
export function honeypotValue(form: HTMLFormElement): string {
  return form.querySelector<HTMLInputElement>(TRAP_SELECTOR)?.value ?? '';
}

/** Off-screen rather than display:none, which bots recognise. */
export const honeypotStyles = `
.poptin-trap { position: absolute; inset-inline-start: -10000px; top: auto; width: 1px; height: 1px; overflow: hidden; }
`;
