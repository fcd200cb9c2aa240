import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import sinon from 'sinon';
import { removePopups, until } from '../../test/browser-support/popup.ts';

/** A page builder's tag with a form and a thank-you screen, on a page with no controller. */
function place(attributes: string): { element: HTMLElement; shown: Promise<unknown> } {
  const holder = document.createElement('div');
  holder.dataset.testHolder = '';
  holder.innerHTML = `<poptin-popup kind="sside" trigger="immediate" aria-label="Newsletter" ${attributes}>
    <div data-poptin-screen="form"><form><input name="Email" aria-label="Email"><button type="submit">Subscribe</button></form></div>
    <div data-poptin-screen="thank-you" hidden><p>Thank you!</p></div>
  </poptin-popup>`;
  const element = holder.querySelector('poptin-popup')!;
  const shown = new Promise((resolve) => element.addEventListener('poptin-after-show', resolve, { once: true }));
  document.body.append(holder);
  return { element, shown };
}

async function subscribe({ element, shown }: { element: HTMLElement; shown: Promise<unknown> }): Promise<HTMLElement> {
  await shown;
  // The tag's children stay in the page, slotted: the visitor types into the page's own form.
  const email = element.querySelector<HTMLInputElement>('input[name="Email"]')!;
  const box = email.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
  await sendKeys({ type: 'dana@example.com' });
  await sendKeys({ press: 'Enter' });
  return element;
}

describe('<poptin-popup kind trigger>: where its leads go', () => {
  afterEach(() => {
    sinon.restore();
    removePopups();
    document.querySelectorAll('[data-test-holder]').forEach((node) => node.remove());
  });

  it('with no poptin-id, a submit names the missing attribute in the console and never shows the thank-you screen', async () => {
    const error = sinon.stub(console, 'error');
    const element = await subscribe(place(''));
    await until(() => element.querySelector('[role=alert]') !== null, 'the message');
    expect(element.querySelector('[role=alert]')!.textContent).to.equal(
      'Your details could not be sent. Please try again later.',
    );
    expect(element.querySelector<HTMLElement>('[data-poptin-screen="thank-you"]')!.hidden).to.equal(true);
    const logged = error.args.map((args) => args.join(' ')).join('\n');
    expect(logged).to.contain('<poptin-popup>: its lead was not sent, it has no valid poptin-id attribute');
  });

  it('with a poptin-id on a page with no client id, the console names the missing client id', async () => {
    const error = sinon.stub(console, 'error');
    const element = await subscribe(place('poptin-id="demolightbox1"'));
    await until(() => element.querySelector('[role=alert]') !== null, 'the message');
    expect(element.querySelector<HTMLElement>('[data-poptin-screen="thank-you"]')!.hidden).to.equal(true);
    const logged = error.args.map((args) => args.join(' ')).join('\n');
    expect(logged).to.contain(
      '<poptin-popup poptin-id="demolightbox1">: its lead was not sent, this page has no client id',
    );
  });
});
