import { expect } from '@open-wc/testing';
import {
  collectSubmits,
  field,
  formTemplate,
  inShadow,
  mountPopup,
  part,
  removePopups,
  submit,
  typeInto,
  until,
} from '../../test/browser-support/popup.ts';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import { macrotask } from '../../test/browser-support/waiting.ts';

const TEMPLATE = formTemplate('<input name="Email" aria-label="Email">');

describe('<poptin-popup> preview mode and credit badge (widget §2)', () => {
  afterEach(() => removePopups());

  it('a preview says that submitting will not work, and a valid form is not sent', async () => {
    const element = await mountPopup(TEMPLATE, { model: { preview: true } });
    expect(part(element, 'preview-notice').textContent).to.equal(
      'This is a preview only: submitting the form will not work.',
    );
    const submits = collectSubmits(element);
    typeInto(field(element, 'Email'), 'dan@example.com');
    submit(element);
    await until(() => inShadow(element, '[aria-live="polite"]').textContent !== '', 'the announcement');
    expect(inShadow(element, '[aria-live="polite"]').textContent).to.equal(
      'This is a preview only: submitting the form will not work.',
    );
    await macrotask();
    expect(submits).to.deep.equal([]);
    expect(inShadow(element, '[data-poptin-screen="form"]').hidden).to.equal(false);
  });

  it('the notice is Hebrew on a Hebrew page', async () => {
    const element = await mountPopup(TEMPLATE, { lang: 'he', model: { preview: true } });
    expect(part(element, 'preview-notice').textContent).to.equal('זוהי תצוגה מקדימה בלבד: שליחת הטופס לא תעבוד.');
  });

  it('if_poptin_credit adds the "Powered by" badge, linking to the display server; without it there is none', async () => {
    const credited = await mountPopup(TEMPLATE, {
      config: { if_poptin_credit: 'yes' },
      model: { apiBase: 'https://popups.example' },
    });
    const link = part(credited, 'credit').querySelector('a')!;
    expect(link.textContent).to.equal('Powered by poptin-elements');
    expect(link.href).to.equal('https://popups.example/');
    expect(link.rel).to.equal('noopener');
    expect((await runAxe(credited)).violations).to.deep.equal([]);
    removePopups();
    const plain = await mountPopup(TEMPLATE);
    expect(plain.shadowRoot!.querySelector('[part~="credit"]')).to.equal(null);
  });
});
