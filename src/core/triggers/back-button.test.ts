import { expect } from '@open-wc/testing';
import { armBackButton, BACK_SENTINEL_KEY, isSentinelState } from './back-button.ts';
import { fakeWindow, triggerContext } from './test-support/fakes.ts';

describe('back button trigger (widget §4 back button)', () => {
  it('pushes a sentinel entry only after the first interaction (history manipulation intervention)', () => {
    const win = fakeWindow({ href: 'https://shop.example/cart' });
    const disarm = armBackButton(triggerContext({ window: win }));
    expect(win.history.entries).to.have.length(1);
    win.dispatchEvent(new Event('pointerdown'));
    win.dispatchEvent(new Event('keydown'));
    expect(win.history.entries).to.have.length(2);
    expect(isSentinelState(win.history.state)).to.equal(true);
    expect(win.history.entries[1].url).to.equal('https://shop.example/cart');
    disarm();
  });

  it('keeps the page state in the sentinel entry', () => {
    const win = fakeWindow();
    win.history.state = { route: '/a' };
    const disarm = armBackButton(triggerContext({ window: win }));
    win.dispatchEvent(new Event('touchstart'));
    expect(win.history.state).to.deep.equal({ route: '/a', [BACK_SENTINEL_KEY]: true });
    disarm();
  });

  it('records back_button when Back pops the sentinel, at most once', () => {
    const context = triggerContext();
    const disarm = armBackButton(context);
    context.window.dispatchEvent(new Event('pointerdown'));
    context.window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    context.window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(context.fired).to.deep.equal(['back_button']);
    disarm();
  });

  it('does not fire for a popstate before the sentinel exists, nor for one landing on the sentinel', () => {
    const context = triggerContext();
    const disarm = armBackButton(context);
    context.window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    context.window.dispatchEvent(new Event('pointerdown'));
    context.window.dispatchEvent(new PopStateEvent('popstate', { state: { [BACK_SENTINEL_KEY]: true } }));
    expect(context.fired).to.deep.equal([]);
    disarm();
  });

  it('reuses a sentinel already on top (re-armed after a reset) instead of pushing another', () => {
    const win = fakeWindow();
    win.history.state = { [BACK_SENTINEL_KEY]: true };
    const context = triggerContext({ window: win });
    const disarm = armBackButton(context);
    win.dispatchEvent(new Event('pointerdown'));
    expect(win.history.entries).to.have.length(1);
    win.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(context.fired).to.deep.equal(['back_button']);
    disarm();
  });

  it('disarm removes the listeners', () => {
    const context = triggerContext();
    armBackButton(context)();
    context.window.dispatchEvent(new Event('pointerdown'));
    context.window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(context.fired).to.deep.equal([]);
  });
});
