import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import {
  closeSources,
  collectSubmits,
  field,
  inShadow,
  messagesOf,
  mountPopup,
  nextFrame,
  part,
  removePopups,
  typeInto,
  until,
} from '../../../test/browser-support/popup.ts';
import { pastTheEscapeGuard } from '../../../test/browser-support/waiting.ts';

/** A Yes/No question, then a form in two steps: e-mail first, then name and phone. */
const STEPS = `<div data-poptin-screen="form"><form>
  <section data-poptin-step="question"><h2>Want 10% off?</h2>
    <button type="button" name="Wants discount" value="Yes" data-poptin-step-go="email">Yes</button>
    <button type="button" name="Wants discount" value="No" data-poptin-step-go="close">No</button>
  </section>
  <section data-poptin-step="email"><h2>Where shall we send it?</h2>
    <input name="Email" type="email" aria-label="Email" required>
    <button type="button" data-poptin-step-go="back">Back</button>
    <button type="button" data-poptin-step-go="details">Next</button>
  </section>
  <section data-poptin-step="details"><h2>Almost there</h2>
    <input name="Name" aria-label="Name">
    <input name="Phone" type="tel" aria-label="Phone">
    <button type="button" data-poptin-step-go="back">Back</button>
    <button type="submit">Get my code</button>
  </section>
</form></div><div data-poptin-screen="thank-you" hidden><h2>Thank you!</h2></div>`;

const step = (element: Element, name: string) => inShadow(element, `[data-poptin-step="${name}"]`);
const shownSteps = (element: Element) =>
  Array.from(element.shadowRoot!.querySelectorAll<HTMLElement>('[data-poptin-step]'))
    .filter((section) => !section.hidden)
    .map((section) => section.dataset.poptinStep);
const button = (element: Element, stepName: string, text: string) =>
  Array.from(step(element, stepName).querySelectorAll('button')).find((b) => b.textContent === text)!;
/** The focused element inside the pop-up's shadow root. */
const focused = (element: Element) => element.shadowRoot!.activeElement;
const answerOf = (fields: { name: string; value: string }[], name: string) =>
  fields.find((candidate) => candidate.name === name)?.value;

describe('<poptin-popup> in steps', () => {
  afterEach(() => {
    removePopups();
    sinon.restore();
  });

  it('shows the first step alone; Yes leads to the next step, whose heading takes the focus', async () => {
    const element = await mountPopup(STEPS);
    expect(shownSteps(element)).to.deep.equal(['question']);
    button(element, 'question', 'Yes').click();
    expect(shownSteps(element)).to.deep.equal(['email']);
    expect(focused(element)).to.equal(step(element, 'email').querySelector('h2'));
    expect(step(element, 'email').querySelector('h2')!.tabIndex).to.equal(-1);
  });

  it('Tab reaches Yes and Enter chooses it, as a click does', async () => {
    const element = await mountPopup(STEPS);
    button(element, 'question', 'Yes').focus();
    await sendKeys({ press: 'Enter' });
    await until(() => shownSteps(element)[0] === 'email', 'the e-mail step');
    field(element, 'Email').focus();
    await sendKeys({ type: 'ada@example.com' });
    await sendKeys({ press: 'Enter' });
    await until(() => shownSteps(element)[0] === 'details', 'Enter in the e-mail field goes on to the next step');
  });

  it('a step whose field breaks its rule stays, with the form rules’ message, and nothing is sent', async () => {
    const element = await mountPopup(STEPS);
    const submits = collectSubmits(element);
    button(element, 'question', 'Yes').click();
    button(element, 'email', 'Next').click();
    expect(shownSteps(element)).to.deep.equal(['email']);
    expect(messagesOf(element, field(element, 'Email'))).to.deep.equal(['This field is required']);
    typeInto(field(element, 'Email'), 'ada@');
    button(element, 'email', 'Next').click();
    expect(shownSteps(element)).to.deep.equal(['email']);
    expect(messagesOf(element, field(element, 'Email'))[0]).to.equal('There are typos in the email');
    expect(focused(element)).to.equal(field(element, 'Email'));
    expect(submits).to.deep.equal([]);
  });

  it('Back returns to the step before with what was typed kept; the first step has no Back', async () => {
    const element = await mountPopup(STEPS);
    button(element, 'question', 'Yes').click();
    expect(button(element, 'email', 'Back').hidden).to.equal(false);
    typeInto(field(element, 'Email'), 'ada@example.com');
    button(element, 'email', 'Next').click();
    typeInto(field(element, 'Name'), 'Ada');
    button(element, 'details', 'Back').click();
    expect(shownSteps(element)).to.deep.equal(['email']);
    expect(field(element, 'Email').value).to.equal('ada@example.com');
    expect(focused(element)).to.equal(step(element, 'email').querySelector('h2'));
    button(element, 'email', 'Next').click();
    expect(field(element, 'Name').value).to.equal('Ada');
  });

  it('the lead is sent once, from the last step, with every step’s answers and the choice as a field', async () => {
    const element = await mountPopup(STEPS);
    const submits = collectSubmits(element);
    button(element, 'question', 'Yes').click();
    typeInto(field(element, 'Email'), 'ada@example.com');
    button(element, 'email', 'Next').click();
    typeInto(field(element, 'Name'), 'Ada Lovelace');
    typeInto(field(element, 'Phone'), '+44 20 7946 00');
    inShadow<HTMLButtonElement>(element, '[type=submit]').click();
    await until(() => submits.length > 0, 'the lead');
    await nextFrame();
    expect(submits).to.have.length(1);
    const fields = submits[0]!.fields;
    expect(answerOf(fields, 'Email')).to.equal('ada@example.com');
    expect(answerOf(fields, 'Name')).to.equal('Ada Lovelace');
    expect(answerOf(fields, 'Phone')).to.equal('+44 20 7946 00');
    expect(answerOf(fields, 'Wants discount')).to.equal('Yes');
    expect(fields.find((f) => f.name === 'Wants discount')!.createdAs).to.equal('step-choice');
  });

  it('No closes the pop-up; Escape closes it from any step', async () => {
    const element = await mountPopup(STEPS);
    const sources = closeSources(element);
    button(element, 'question', 'No').click();
    expect(sources).to.deep.equal(['x-button']);
    removePopups();

    const second = await mountPopup(STEPS);
    const secondSources = closeSources(second);
    await pastTheEscapeGuard(performance.now());
    button(second, 'question', 'Yes').click();
    await sendKeys({ press: 'Escape' });
    expect(secondSources).to.deep.equal(['escape']);
  });

  it('closing after the e-mail step leaves a partial lead, marked, when the owner keeps them; not otherwise', async () => {
    const partial = await mountPopup(STEPS, { config: { design_properties: { steps_partial_lead: true } } });
    const submits = collectSubmits(partial);
    button(partial, 'question', 'Yes').click();
    // Closing before the e-mail step is done leaves nothing.
    typeInto(field(partial, 'Email'), 'ada@example.com');
    button(partial, 'email', 'Next').click();
    part(partial, 'close-button').click();
    await until(() => submits.length > 0, 'the partial lead');
    await nextFrame();
    expect(submits).to.have.length(1);
    expect(answerOf(submits[0]!.fields, 'Email')).to.equal('ada@example.com');
    expect(answerOf(submits[0]!.fields, 'poptin_partial')).to.equal('yes');
    expect(answerOf(submits[0]!.fields, 'Wants discount')).to.equal('Yes');
    removePopups();

    const kept = await mountPopup(STEPS);
    const none = collectSubmits(kept);
    button(kept, 'question', 'Yes').click();
    typeInto(field(kept, 'Email'), 'ada@example.com');
    button(kept, 'email', 'Next').click();
    part(kept, 'close-button').click();
    await nextFrame();
    await nextFrame();
    expect(none).to.deep.equal([]);
  });

  it('a page left after the e-mail step leaves one partial lead; the whole lead after it carries the same name', async () => {
    const element = await mountPopup(STEPS, { config: { design_properties: { steps_partial_lead: true } } });
    const submits = collectSubmits(element);
    button(element, 'question', 'Yes').click();
    typeInto(field(element, 'Email'), 'ada@example.com');
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(submits, 'nothing before the e-mail step is done').to.deep.equal([]);
    button(element, 'email', 'Next').click();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(submits).to.have.length(1);
    expect(answerOf(submits[0]!.fields, 'poptin_partial')).to.equal('yes');
    const name = answerOf(submits[0]!.fields, 'poptin_steps_lead');
    expect(name).to.match(/^[\x21-\x7e]{8,128}$/);
    // Back from the back-forward cache, the visitor finishes: the whole lead names the same showing.
    typeInto(field(element, 'Name'), 'Ada Lovelace');
    inShadow<HTMLButtonElement>(element, '[type=submit]').click();
    await until(() => submits.length > 1, 'the whole lead');
    expect(answerOf(submits[1]!.fields, 'poptin_partial')).to.equal(undefined);
    expect(answerOf(submits[1]!.fields, 'poptin_steps_lead')).to.equal(name);
    part(element, 'close-button').click();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    await nextFrame();
    expect(submits).to.have.length(2);
  });

  it('No, which ends the showing with no lead, sends its answer to the stats by itself; Yes does not', async () => {
    const beacons: { url: string; body: Record<string, string> }[] = [];
    sinon.stub(navigator, 'sendBeacon').callsFake((url, body) => {
      beacons.push({ url: String(url), body: Object.fromEntries(body as URLSearchParams) });
      return true;
    });
    const mount = (config: Record<string, unknown> = {}, model = {}) =>
      mountPopup(STEPS, {
        config,
        model: { apiBase: 'https://display.example/', ...model },
        before: (popup) => popup.setAttribute('poptin-id', 'stepsChoice01'),
      });
    const element = await mount();
    button(element, 'question', 'Yes').click();
    expect(beacons, 'an answer that leads on is carried by the lead').to.deep.equal([]);
    button(element, 'email', 'Back').click();
    button(element, 'question', 'No').click();
    expect(beacons).to.have.length(1);
    expect(beacons[0]!.url).to.equal('https://display.example/api/display/choice/stepsChoice01');
    expect(beacons[0]!.body.question).to.equal('Wants discount');
    expect(beacons[0]!.body.answer).to.equal('No');
    expect(beacons[0]!.body.idempotency_key).to.match(/^[\x21-\x7e]{8,128}$/);
    removePopups();

    const preview = await mount({}, { preview: true });
    button(preview, 'question', 'No').click();
    expect(beacons, 'a preview counts nothing').to.have.length(1);
  });

  it('a question before a form split over steps (as the editor writes both): Yes shows the e-mail step, then the details', async () => {
    const NESTED = `<div data-poptin-screen="form"><section data-poptin-step="question"><h2>Want 10% off?</h2>
      <button type="button" name="Wants discount" value="Yes" data-poptin-step-go="offer">Yes</button></section>
      <section data-poptin-step="offer"><form><div>
        <section data-poptin-step="email"><h3>Step 1</h3><input name="Email" type="email" aria-label="Email" required>
          <button type="button" data-poptin-step-go="details">Next</button></section>
        <section data-poptin-step="details"><h3>Step 2</h3><button type="button" data-poptin-step-go="back">Back</button>
          <input name="Name" aria-label="Name"></section>
      </div><button type="submit">Send</button></form></section></div>`;
    const element = await mountPopup(NESTED);
    const submitShown = () => !inShadow<HTMLButtonElement>(element, '[type=submit]').hidden;
    button(element, 'question', 'Yes').click();
    expect(shownSteps(element)).to.deep.equal(['offer', 'email']);
    expect(focused(element)).to.equal(step(element, 'email').querySelector('h3'));
    expect(submitShown(), 'the form’s button waits for the last step').to.equal(false);
    typeInto(field(element, 'Email'), 'ada@example.com');
    button(element, 'email', 'Next').click();
    expect(shownSteps(element)).to.deep.equal(['offer', 'details']);
    expect(submitShown()).to.equal(true);
    button(element, 'details', 'Back').click();
    expect(shownSteps(element)).to.deep.equal(['offer', 'email']);
  });

  it('no partial lead when the visitor closes before finishing the e-mail step', async () => {
    const element = await mountPopup(STEPS, { config: { design_properties: { steps_partial_lead: true } } });
    const submits = collectSubmits(element);
    button(element, 'question', 'Yes').click();
    typeInto(field(element, 'Email'), 'ada@example.com');
    part(element, 'close-button').click();
    await nextFrame();
    await nextFrame();
    expect(submits).to.deep.equal([]);
  });
});
