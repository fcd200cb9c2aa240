import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import sinon from 'sinon';
import type { PopupSubmitDetail } from '../../src/components/popup/popup-view.tsx';
import { EARLY_CLICK_MS, rememberEarlyClicks } from '../../src/core/loading/early-clicks.ts';
import { collectSubmits, inShadow, nextFrame, part, removePopups, until } from '../../test/browser-support/popup.ts';
import { runAxe } from '../../test/browser-support/run-axe.ts';

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

  it('shows its own light-DOM content at once with trigger="immediate", slotted into its dialog', async () => {
    const element = place(
      '<poptin-popup kind="lightbox" trigger="immediate"><h2>Spring sale</h2><p>Ten percent off today</p></poptin-popup>',
    );
    await until(() => shown(element), 'the pop-up to show');
    const text = element.querySelector('p')!;
    expect(inShadow<HTMLSlotElement>(element, '[part~="panel"] slot').assignedElements()).to.include(text);
    expect(text.checkVisibility()).to.equal(true);
    expect(inShadow<HTMLDialogElement>(element, 'dialog').open).to.equal(true);
    expect(inShadow(element, 'dialog').getAttribute('aria-label')).to.equal(
      'Spring sale',
      'named by its slotted heading',
    );
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

  describe('its children stay in the page, slotted', () => {
    const clickOn = async (target: Element) => {
      const box = target.getBoundingClientRect();
      await sendMouse({
        type: 'click',
        position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
      });
    };
    const messagesUnder = (input: Element) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? '');

    it('a listener the page put on a button inside it runs when the visitor clicks the button', async () => {
      const element = place(
        '<poptin-popup trigger="immediate"><h2 id="builder-offer-title">Offer</h2><button type="button" id="builder-cta">Tell me more</button></poptin-popup>',
      );
      const clicks: Event[] = [];
      element.querySelector('#builder-cta')!.addEventListener('click', (event) => clicks.push(event));
      await until(() => shown(element), 'the pop-up to show');
      await clickOn(element.querySelector('#builder-cta')!);
      expect(clicks).to.have.length(1);
    });

    it('Tab goes from the × to the slotted buttons and wraps back, the focus kept in the dialog', async () => {
      const element = place(
        '<poptin-popup kind="lightbox" trigger="immediate"><h2>Offer</h2><button type="button" id="builder-first">First</button><button type="button" id="builder-last">Last</button></poptin-popup>',
      );
      await until(() => shown(element), 'the pop-up to show');
      part(element, 'close-button').focus();
      const visited: string[] = [];
      for (let press = 0; press < 3; press += 1) {
        await sendKeys({ press: 'Tab' });
        const active = element.shadowRoot!.activeElement ?? document.activeElement;
        visited.push(active?.id || active?.getAttribute('part') || active?.localName || '');
      }
      expect(visited).to.deep.equal(['builder-first', 'builder-last', 'close-button']);
    });

    it('no id is there twice: the children are not copied', async () => {
      const element = place(
        '<poptin-popup trigger="immediate"><h2 id="builder-offer-title">Offer</h2><button type="button" id="builder-cta">Tell me more</button></poptin-popup>',
      );
      await until(() => shown(element), 'the pop-up to show');
      expect([
        document.querySelectorAll('#builder-offer-title').length,
        document.querySelectorAll('#builder-cta').length,
      ]).to.deep.equal([1, 1]);
      expect(element.shadowRoot!.querySelectorAll('[id="builder-offer-title"], [id="builder-cta"]').length).to.equal(0);
    });

    it('a page builder’s live edit of the text shows in the open pop-up', async () => {
      const element = place(
        '<poptin-popup trigger="immediate"><p class="builder-text">Ten percent off</p></poptin-popup>',
      );
      await until(() => shown(element), 'the pop-up to show');
      const text = element.querySelector<HTMLElement>('.builder-text')!;
      text.textContent = 'Twenty percent off';
      await nextFrame();
      expect(text.checkVisibility()).to.equal(true);
      expect(text.innerText).to.equal('Twenty percent off');
      expect(element.shadowRoot!.textContent).to.not.contain('Ten percent off', 'no stale copy is drawn');
    });

    it('the page’s own CSS styles the slotted content', async () => {
      const style = document.createElement('style');
      // The plainest rule of the page, on the tag alone, still wins over the widget's own field looks.
      style.textContent =
        '.builder-heading { color: rgb(1, 2, 3); letter-spacing: 3px; } input { border-top-color: rgb(4, 5, 6); }';
      document.head.append(style);
      try {
        const element = place(
          '<poptin-popup trigger="immediate"><h2 class="builder-heading">Offer</h2><form><input name="Email" aria-label="Email"></form></poptin-popup>',
        );
        await until(() => shown(element), 'the pop-up to show');
        const heading = element.querySelector('h2')!;
        expect([getComputedStyle(heading).color, getComputedStyle(heading).letterSpacing]).to.deep.equal([
          'rgb(1, 2, 3)',
          '3px',
        ]);
        expect(getComputedStyle(element.querySelector('input')!).borderTopColor).to.equal('rgb(4, 5, 6)');
      } finally {
        style.remove();
      }
    });

    it('validates a slotted form with the spec messages as the visitor types, submits a valid one with Enter, and thanks once its lead is sent', async () => {
      const element = place(
        '<poptin-popup trigger="immediate"><div data-poptin-screen="form"><form><input name="Email" aria-label="Email"><button type="submit">Send</button></form></div><div data-poptin-screen="thank-you" hidden><p>Thanks!</p></div></poptin-popup>',
      );
      await until(() => shown(element), 'the pop-up to show');
      const submits = collectSubmits(element);
      // What the page's controller does with a lead it stores: says it was sent.
      element.addEventListener('poptin-submit', (event) =>
        (event as CustomEvent<PopupSubmitDetail>).detail.respondWith?.(Promise.resolve({ status: 'sent' })),
      );
      const email = element.querySelector<HTMLInputElement>('input[name="Email"]')!;
      expect(element.querySelector<HTMLElement>('.poptin-trap')!.getBoundingClientRect().right).to.be.below(
        0,
        'the spam trap is off screen',
      );
      await clickOn(email);
      await sendKeys({ type: 'dan@example' });
      await sendKeys({ press: 'Enter' });
      await until(() => messagesUnder(email).length > 0, 'the message');
      expect(messagesUnder(email)).to.deep.equal(['There are typos in the email']);
      expect(email.getAttribute('aria-invalid')).to.equal('true');
      expect(submits).to.have.length(0);
      await sendKeys({ type: '.com' });
      await sendKeys({ press: 'Enter' });
      await until(() => submits.length === 1, 'the valid submit');
      expect(submits[0]!.fields.map((entry) => entry.value)).to.deep.equal(['dan@example.com']);
      expect(submits[0]!.honeypot).to.equal('');
      await until(
        () => !element.querySelector<HTMLElement>('[data-poptin-screen="thank-you"]')!.hidden,
        'the thank-you screen',
      );
      expect(element.querySelector<HTMLElement>('[data-poptin-screen="thank-you"]')!.checkVisibility()).to.equal(true);
    });
  });

  it('shows on exit intent once the pointer leaves through the top of the page', async () => {
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const element = place('<poptin-popup kind="lightbox" trigger="exit-intent"><p>Before you go</p></poptin-popup>');
    // The attribute-driven path is a chunk of its own: a visitor leaves long after it has loaded and armed the trigger.
    await import('../../src/components/popup/declarative.ts');
    await nextFrame();
    clock.tick(10_000);
    document.dispatchEvent(
      new MouseEvent('mouseout', { clientY: -5, clientX: 100, relatedTarget: null, bubbles: true }),
    );
    await until(() => shown(element), 'the pop-up to show on exit intent');
  });

  describe('a bar is a bar wherever the tag sits', () => {
    const barIn = (position: string) =>
      place(
        `<article><h2>An article</h2><p style="height:1500px">Long text.</p><poptin-popup kind="bar" trigger="immediate" ${position}><p>Free shipping</p></poptin-popup><p style="height:1500px">More text.</p></article>`,
      );

    it('a top bar in the middle of an article spans the top of the window, fixed, over the page', async () => {
      window.scrollTo(0, 0);
      const element = barIn('');
      await until(() => shown(element), 'the bar to show');
      const box = part(element, 'base').getBoundingClientRect();
      expect([Math.round(box.top), Math.round(box.width)]).to.deep.equal([
        0,
        Math.min(1920, document.documentElement.clientWidth),
      ]);
      expect(getComputedStyle(part(element, 'base')).position).to.equal('fixed');
      window.scrollTo(0, 700);
      await nextFrame();
      expect(Math.round(part(element, 'base').getBoundingClientRect().top)).to.equal(
        0,
        'still at the top once the page scrolls',
      );
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
        expect(Math.round(element.getBoundingClientRect().top)).to.equal(
          Math.round(document.body.getBoundingClientRect().top),
          'where the page starts',
        );
      } finally {
        element.remove();
      }
    });
  });

  it('has no axe-core violations when shown', async () => {
    const element = place(
      '<poptin-popup kind="lightbox" trigger="immediate" poptin-id="declaxe000001"><h2>Spring sale</h2><p>Ten percent off today</p></poptin-popup>',
    );
    await until(() => shown(element), 'the pop-up to show');
    // Colours are judged once the entry fade has finished.
    await until(
      () => element.shadowRoot!.getAnimations().every((animation) => animation.playState !== 'running'),
      'the entry animation to end',
    );
    const results = await runAxe({ include: [['poptin-popup[poptin-id="declaxe000001"]']] });
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).to.deep.equal([]);
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
    expect(messages).to.include(
      '[poptin] <poptin-popup> not shown: trigger "hover" is not a trigger; use immediate | seconds:N | scroll:P | exit-intent | click:SELECTOR',
    );
  });
});
