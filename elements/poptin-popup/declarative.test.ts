import { expect } from '@open-wc/testing';
import { runAxe } from '../../test/browser-support/run-axe.ts';
import sinon from 'sinon';
import { EARLY_CLICK_MS, rememberEarlyClicks } from '../../src/core/loading/early-clicks.ts';
import { collectSubmits, field, inShadow, messagesOf, nextFrame, part, removePopups, submit, typeInto, until } from './test-support.ts';

/** Places a tag the way a page builder does: markup with attributes and light-DOM content, no controller. */
function place(markup: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  const element = holder.querySelector('poptin-popup') as HTMLElement;
  let shown = false;
  element.addEventListener('poptin-after-show', () => (shown = true));
  Object.defineProperty(element, 'shownForTest', { get: () => shown });
  holder.dataset.testHolder = '';
  document.body.append(holder);
  return element;
}


const shown = (element: HTMLElement) => (element as HTMLElement & { shownForTest: boolean }).shownForTest;

describe('<poptin-popup kind trigger>: declarative pop-ups without a server decision', () => {
  afterEach(() => {
    sinon.restore();
    removePopups();
    document.querySelectorAll('[data-test-holder]').forEach((node) => node.remove());
  });

  it('shows its own light-DOM content at once with trigger="immediate"', async () => {
    const element = place('<poptin-popup kind="lightbox" trigger="immediate"><h2>Spring sale</h2><p>Ten percent off today</p></poptin-popup>');
    await until(() => shown(element), 'the pop-up to show');
    expect(inShadow(element, '[part~="panel"]').textContent).to.contain('Ten percent off today');
    expect(inShadow<HTMLDialogElement>(element, 'dialog').open).to.equal(true);
  });

  it('waits N seconds with trigger="seconds:N"', async () => {
    const element = place('<poptin-popup kind="bar" trigger="seconds:0.4"><p>Free shipping</p></poptin-popup>');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await nextFrame();
    expect(shown(element)).to.equal(false);
    await until(() => shown(element), 'the pop-up to show after 0.4 s');
  });

  it('opens on a click of the elements matching trigger="click:SELECTOR", and not on other clicks', async () => {
    const opener = document.createElement('button');
    opener.id = 'open-offer';
    opener.dataset.testHolder = '';
    const other = document.createElement('button');
    other.dataset.testHolder = '';
    document.body.append(opener, other);
    const element = place('<poptin-popup trigger="click:#open-offer"><p>Hello</p></poptin-popup>');
    await nextFrame();
    other.click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shown(element)).to.equal(false);
    opener.click();
    await until(() => shown(element), 'the pop-up to show on click');
  });

  it('opens for a click made before its code had loaded, which the loader kept; not for an older one', async () => {
    let now = 1_000_000;
    const stop = rememberEarlyClicks(document, () => now);
    try {
      const opener = document.createElement('button');
      opener.id = 'early-offer';
      opener.dataset.testHolder = '';
      document.body.append(opener);
      opener.click();
      const element = place('<poptin-popup trigger="click:#early-offer"><p>Hello early</p></poptin-popup>');
      await until(() => shown(element), 'the pop-up to show for the early click');

      removePopups();
      opener.click();
      now += EARLY_CLICK_MS + 1;
      const late = place('<poptin-popup trigger="click:#early-offer"><p>Hello late</p></poptin-popup>');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(shown(late)).to.equal(false, `a click more than ${EARLY_CLICK_MS} ms old is not acted on`);
    } finally {
      stop();
    }
  });

  it('shows when the page is scrolled past P percent with trigger="scroll:P"', async () => {
    const spacer = document.createElement('div');
    spacer.style.height = '4000px';
    spacer.dataset.testHolder = '';
    document.body.append(spacer);
    window.scrollTo(0, 0);
    const element = place('<poptin-popup kind="sside" trigger="scroll:50"><p>Still reading?</p></poptin-popup>');
    await nextFrame();
    expect(shown(element)).to.equal(false);
    window.scrollTo(0, document.documentElement.scrollHeight);
    await until(() => shown(element), 'the pop-up to show after scrolling');
    window.scrollTo(0, 0);
  });

  it('validates a form inside its content with the spec messages, and submits a valid one', async () => {
    const element = place(
      '<poptin-popup trigger="immediate"><div data-poptin-screen="form"><form><input name="Email" aria-label="Email"><button type="submit">Send</button></form></div></poptin-popup>',
    );
    await until(() => shown(element), 'the pop-up to show');
    const submits = collectSubmits(element);
    typeInto(field(element, 'Email'), 'dan@example');
    submit(element);
    expect(messagesOf(element, field(element, 'Email'))).to.deep.equal(['There are typos in the email']);
    expect(submits).to.have.length(0);
    typeInto(field(element, 'Email'), 'dan@example.com');
    submit(element);
    await until(() => submits.length === 1, 'the valid submit');
    expect(submits[0]!.fields.map((entry) => entry.value)).to.deep.equal(['dan@example.com']);
  });

  it('shows on exit intent once the pointer leaves through the top of the page', async () => {
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const element = place('<poptin-popup kind="lightbox" trigger="exit-intent"><p>Before you go</p></poptin-popup>');
    // The attribute-driven path is a chunk of its own: a visitor leaves long after it has loaded and armed the trigger.
    await import('../../src/components/popup/declarative.ts');
    await nextFrame();
    clock.tick(10_000);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -5, clientX: 100, relatedTarget: null, bubbles: true }));
    await until(() => shown(element), 'the pop-up to show on exit intent');
  });

  describe('a bar is a bar wherever the tag sits', () => {
    const barIn = (position: string) =>
      place(`<article><h2>An article</h2><p style="height:1500px">Long text.</p><poptin-popup kind="bar" trigger="immediate" ${position}><p>Free shipping</p></poptin-popup><p style="height:1500px">More text.</p></article>`);

    it('a top bar in the middle of an article spans the top of the window, fixed, over the page', async () => {
      window.scrollTo(0, 0);
      const element = barIn('');
      await until(() => shown(element), 'the bar to show');
      const box = part(element, 'base').getBoundingClientRect();
      expect([Math.round(box.top), Math.round(box.width)]).to.deep.equal([0, Math.min(1920, document.documentElement.clientWidth)]);
      expect(getComputedStyle(part(element, 'base')).position).to.equal('fixed');
      window.scrollTo(0, 700);
      await nextFrame();
      expect(Math.round(part(element, 'base').getBoundingClientRect().top)).to.equal(0, 'still at the top once the page scrolls');
      window.scrollTo(0, 0);
    });

    it('position="bottom" puts it across the bottom of the window', async () => {
      const element = barIn('position="bottom"');
      await until(() => shown(element), 'the bar to show');
      const box = part(element, 'base').getBoundingClientRect();
      expect(Math.round(box.bottom)).to.equal(window.innerHeight);
      expect(getComputedStyle(part(element, 'base')).position).to.equal('fixed');
    });

    it('first in <body> a top bar still pushes the page down from the top', async () => {
      const holder = document.createElement('div');
      holder.innerHTML = '<poptin-popup kind="bar" trigger="immediate"><p>Free shipping</p></poptin-popup>';
      const element = holder.firstElementChild as HTMLElement;
      let barShown = false;
      element.addEventListener('poptin-after-show', () => (barShown = true));
      document.body.prepend(element);
      try {
        await until(() => barShown, 'the bar to show');
        expect(element.dataset.rendering).to.equal('in-flow');
        expect(getComputedStyle(part(element, 'base')).position).to.not.equal('fixed');
        expect(Math.round(element.getBoundingClientRect().top)).to.equal(Math.round(document.body.getBoundingClientRect().top), 'where the page starts');
      } finally {
        element.remove();
      }
    });
  });

  it('has no axe-core violations when shown', async () => {
    const element = place('<poptin-popup kind="lightbox" trigger="immediate" poptin-id="declaxe000001"><h2>Spring sale</h2><p>Ten percent off today</p></poptin-popup>');
    await until(() => shown(element), 'the pop-up to show');
    // Colours are judged once the entry fade has finished.
    await until(() => element.shadowRoot!.getAnimations().every((animation) => animation.playState !== 'running'), 'the entry animation to end');
    const results = await runAxe({ include: [['poptin-popup[poptin-id="declaxe000001"]']] });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).to.deep.equal([]);
    expect(results.passes.length, 'axe looked inside the shadow root').to.be.greaterThan(0);
  });

  it('logs a clear message for a bad kind or trigger, shows nothing and throws nothing', async () => {
    const errors = sinon.stub(console, 'error');
    const badKind = place('<poptin-popup kind="modal" trigger="immediate"><p>x</p></poptin-popup>');
    const badTrigger = place('<poptin-popup trigger="hover"><p>x</p></poptin-popup>');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shown(badKind) || shown(badTrigger)).to.equal(false);
    const messages = errors.getCalls().map((call) => call.args.join(' '));
    expect(messages).to.include(
      '[poptin] <poptin-popup> not shown: kind "modal" is not a pop-up kind; use one of embedded, lightbox, gamified, bar, sside, bside, browsing, fullpage, mobile, social, content',
    );
    expect(messages).to.include('[poptin] <poptin-popup> not shown: trigger "hover" is not a trigger; use immediate | seconds:N | scroll:P | exit-intent | click:SELECTOR');
  });
});
