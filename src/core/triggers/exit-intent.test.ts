import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { armExitIntent, armExitIntentNow, EXIT_INTENT_GRACE_MS, isExitThroughTop } from './exit-intent.ts';
import { testConfig, triggerContext } from './test-support/fakes.ts';

function leave(target: EventTarget, init: MouseEventInit = {}) {
  target.dispatchEvent(
    new MouseEvent('mouseout', {
      clientX: 100,
      clientY: -1,
      relatedTarget: null,
      bubbles: true,
      composed: true,
      ...init,
    }),
  );
}

describe('exit intent trigger (widget §4 close tab)', () => {
  let clock: sinon.SinonFakeTimers;
  const cleanups: (() => void)[] = [];
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_700_000_000_000 });
  });
  afterEach(() => {
    cleanups.splice(0).forEach((cleanup) => cleanup());
    clock.restore();
  });

  function armOnPage(config = testConfig({ display_after_exit_website_active: 'yes' })) {
    const context = triggerContext({ config, window: window, document: document, device: 'desktop' });
    cleanups.push(armExitIntent(context));
    return context;
  }

  it('records close_tab when the pointer leaves through the top (mouseout, relatedTarget null, clientY <= 0)', () => {
    const context = armOnPage();
    clock.tick(EXIT_INTENT_GRACE_MS);
    leave(document.documentElement, { clientY: 0 });
    expect(context.fired).to.deep.equal(['close_tab']);
  });

  it('ignores exits in the first 3 s of the visit (EXIT_INTENT_GRACE_MS = 3000)', () => {
    expect(EXIT_INTENT_GRACE_MS).to.equal(3000);
    const context = armOnPage();
    clock.tick(2999);
    leave(document.documentElement);
    expect(context.fired).to.deep.equal([]);
    clock.tick(1);
    leave(document.documentElement);
    expect(context.fired).to.deep.equal(['close_tab']);
  });

  it('ignores the pointer moving onto another element (relatedTarget set)', () => {
    const context = armOnPage();
    clock.tick(EXIT_INTENT_GRACE_MS);
    leave(document.documentElement, { relatedTarget: document.body });
    expect(context.fired).to.deep.equal([]);
  });

  it('ignores a pointer still inside the page (clientY > 0)', () => {
    const context = armOnPage();
    clock.tick(EXIT_INTENT_GRACE_MS);
    leave(document.documentElement, { clientY: 5 });
    expect(context.fired).to.deep.equal([]);
  });

  it('does not misfire on a browser autocomplete menu: mouseout from an input or select with relatedTarget null', () => {
    const context = armOnPage();
    clock.tick(EXIT_INTENT_GRACE_MS);
    const form = document.createElement('form');
    form.innerHTML =
      '<input name="Email" list="domains"><select><option>a</option></select><datalist id="domains"></datalist>';
    document.body.append(form);
    cleanups.push(() => form.remove());
    leave(form.querySelector('input')!, { clientY: 40 });
    leave(form.querySelector('input')!, { clientY: -1 });
    leave(form.querySelector('select')!, { clientY: -1 });
    leave(form.querySelector('datalist')!, { clientY: 0 });
    expect(context.fired).to.deep.equal([]);
  });

  it('does not misfire on the scrollbar (clientX >= document.documentElement.clientWidth)', () => {
    const context = armOnPage();
    clock.tick(EXIT_INTENT_GRACE_MS);
    leave(document.documentElement, { clientX: document.documentElement.clientWidth });
    expect(context.fired).to.deep.equal([]);
    leave(document.documentElement, { clientX: document.documentElement.clientWidth - 1 });
    expect(context.fired).to.deep.equal(['close_tab']);
  });

  it('fires at most once', () => {
    const context = armOnPage();
    clock.tick(EXIT_INTENT_GRACE_MS);
    leave(document.documentElement);
    leave(document.documentElement);
    expect(context.fired).to.deep.equal(['close_tab']);
  });

  it('disarm removes the listener', () => {
    const context = triggerContext({
      config: testConfig({ display_after_exit_website_active: 'yes' }),
      window,
      document,
      device: 'desktop',
    });
    const disarm = armExitIntent(context);
    clock.tick(EXIT_INTENT_GRACE_MS);
    disarm();
    leave(document.documentElement);
    expect(context.fired).to.deep.equal([]);
  });

  it('is not armed when display_after_exit_website_active is "no"', () => {
    const context = armOnPage(testConfig({ display_after_exit_website_active: 'no' }));
    clock.tick(EXIT_INTENT_GRACE_MS);
    leave(document.documentElement);
    expect(context.fired).to.deep.equal([]);
  });

  it('isExitThroughTop accepts a top exit and rejects the other cases', () => {
    const doc = { documentElement: { clientWidth: 1000 } } as unknown as Document;
    expect(isExitThroughTop(new MouseEvent('mouseout', { clientX: 10, clientY: -3 }), doc)).to.equal(true);
    expect(isExitThroughTop(new MouseEvent('mouseout', { clientX: 1000, clientY: -3 }), doc)).to.equal(false);
    expect(isExitThroughTop(new MouseEvent('mouseout', { clientX: 10, clientY: 1 }), doc)).to.equal(false);
  });

  describe('on touch devices', () => {
    it('Back (popstate after the sentinel entry) records back_button', () => {
      const context = triggerContext({ device: 'mobile' });
      cleanups.push(armExitIntentNow(context));
      context.window.dispatchEvent(new Event('touchstart'));
      context.window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      expect(context.fired).to.deep.equal(['back_button']);
    });

    it('a fast scroll up records close_tab, and only one of the two fires', () => {
      const context = triggerContext({ device: 'mobile' });
      cleanups.push(armExitIntentNow(context));
      clock.tick(EXIT_INTENT_GRACE_MS);
      const win = context.window as unknown as { scrollY: number } & EventTarget;
      win.scrollY = 2000;
      win.dispatchEvent(new Event('scroll'));
      clock.tick(100);
      win.scrollY = 1700;
      win.dispatchEvent(new Event('scroll'));
      win.dispatchEvent(new Event('touchstart'));
      win.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      expect(context.fired).to.deep.equal(['close_tab']);
    });

    it('a fast scroll up in the first 3 s does not fire', () => {
      const context = triggerContext({ device: 'mobile' });
      cleanups.push(armExitIntentNow(context));
      const win = context.window as unknown as { scrollY: number } & EventTarget;
      win.scrollY = 2000;
      win.dispatchEvent(new Event('scroll'));
      clock.tick(100);
      win.scrollY = 1000;
      win.dispatchEvent(new Event('scroll'));
      expect(context.fired).to.deep.equal([]);
    });

    it('mouseout does not fire on touch devices', () => {
      const context = triggerContext({ device: 'mobile' });
      cleanups.push(armExitIntentNow(context));
      clock.tick(EXIT_INTENT_GRACE_MS);
      leave(context.document);
      expect(context.fired).to.deep.equal([]);
    });
  });
});
