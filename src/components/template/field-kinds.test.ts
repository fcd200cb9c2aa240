import { expect } from '@open-wc/testing';
import { until } from '../../../test/browser-support/waiting.ts';
import { addDays, calendarDateOf, formatDayMonthYear } from '../../core/forms/date.ts';
import type { SubmittedField } from './field-dom.ts';
import { bindTemplateForms } from './form-binding.ts';

// The rules of each kind of field but the e-mail come in a chunk of their own (field-kinds.ts). Nothing in this file
// loads one before its test: each form is typed into and submitted in the task that bound it, before the module of
// its kind can have arrived, and is judged by the same rules and messages as ever (form-validation.test.ts).

function bindForm(fields: string) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<div><form>${fields}<button type="submit">Send</button></form></div>`;
  const sent: SubmittedField[][] = [];
  const unbind = bindTemplateForms(root.firstElementChild as HTMLElement, {
    language: 'en',
    designProperties: {},
    apiBase: location.origin,
    countryCode: 'US',
    canSubmit: () => true,
    onAddons: () => undefined,
    onValidSubmit: (_form, submitted) => sent.push(submitted),
    announce: () => undefined,
  });
  const field = (name: string) => root.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  return {
    field,
    sent,
    typeInto(name: string, value: string) {
      field(name).value = value;
      field(name).dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }));
    },
    submit: () => root.querySelector('form')!.requestSubmit(),
    messagesOf: (name: string) =>
      (field(name).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => root.getElementById(id)?.textContent ?? ''),
    remove() {
      unbind();
      host.remove();
    },
  };
}

describe('a form typed into and submitted at once, before the rules of its fields have arrived', () => {
  it('a phone: the submit waits for them, then says what the phone rules say, and a valid number goes out', async () => {
    const form = bindForm('<input name="Email" aria-label="Email"><input name="Phone" aria-label="Phone">');
    form.typeInto('Email', 'dan@example.com');
    form.typeInto('Phone', '12345');
    form.submit();
    await until(() => form.field('Phone').getAttribute('aria-invalid') === 'true', 'the phone message');
    expect(form.messagesOf('Phone')).to.deep.equal([
      'Please enter a valid phone number',
      'Please enter 7 to 15 digits and avoid using letters or symbols',
    ]);
    expect(form.sent).to.have.length(0);

    form.typeInto('Phone', '050 123 4567');
    form.submit();
    expect(form.sent.map((fields) => fields.map((entry) => entry.value))).to.deep.equal([
      ['dan@example.com', '050 123 4567'],
    ]);
    form.remove();
  });

  it('a date and a birthday: the submit waits for them, then says what the date rules say', async () => {
    const form = bindForm('<input name="Date" aria-label="Date"><input name="birthday" aria-label="Birthday">');
    const today = calendarDateOf(new Date());
    form.typeInto('Date', '31/02/2024');
    form.typeInto('birthday', formatDayMonthYear(today));
    form.submit();
    await until(() => form.field('Date').getAttribute('aria-invalid') === 'true', 'the date message');
    expect(form.messagesOf('Date')).to.deep.equal(['Please enter a valid date (dd/mm/yyyy)']);
    expect(form.messagesOf('birthday')).to.deep.equal(['Please enter a valid birthday.']);
    expect(form.sent).to.have.length(0);

    form.typeInto('Date', '29/02/2024');
    form.typeInto('birthday', formatDayMonthYear(addDays(today, -1)));
    form.submit();
    expect(form.sent.map((fields) => fields.map((entry) => entry.value))).to.deep.equal([
      ['29/02/2024', formatDayMonthYear(addDays(today, -1))],
    ]);
    form.remove();
  });
});
