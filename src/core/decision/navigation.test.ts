import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { fakeWindow } from '../triggers/test-support/fakes.ts';
import { watchNavigation } from './navigation.ts';

type NavWindow = Parameters<typeof watchNavigation>[0];

describe('watchNavigation (widget §4 single-page apps)', () => {
  it('calls onChange once per URL change from pushState, replaceState, popstate and hashchange', () => {
    const win = fakeWindow({ href: 'https://app.example/' });
    const onChange = sinon.spy();
    const stop = watchNavigation(win as unknown as NavWindow, onChange);
    win.history.pushState({}, '', '/a');
    win.history.replaceState({}, '', '/a');
    win.history.replaceState({}, '', '/b');
    win.location.href = 'https://app.example/b#top';
    win.dispatchEvent(new Event('popstate'));
    win.dispatchEvent(new Event('hashchange'));
    expect(onChange.args).to.deep.equal([
      ['https://app.example/a', 'https://app.example/'],
      ['https://app.example/b', 'https://app.example/a'],
      ['https://app.example/b#top', 'https://app.example/b'],
    ]);
    stop();
  });

  it('patches history once: calling it twice adds no second wrapper, and stop restores the originals', () => {
    const win = fakeWindow();
    const originalPush = win.history.pushState;
    const originalReplace = win.history.replaceState;
    const first = sinon.spy();
    const second = sinon.spy();
    const stopFirst = watchNavigation(win as unknown as NavWindow, first);
    const wrapped = win.history.pushState;
    const stopSecond = watchNavigation(win as unknown as NavWindow, second);
    expect(win.history.pushState).to.equal(wrapped);
    win.history.pushState({}, '', '/x');
    expect([first.callCount, second.callCount]).to.deep.equal([1, 1]);
    stopFirst();
    expect(win.history.pushState).to.equal(wrapped);
    stopSecond();
    expect(win.history.pushState).to.equal(originalPush);
    expect(win.history.replaceState).to.equal(originalReplace);
    win.history.pushState({}, '', '/y');
    expect([first.callCount, second.callCount]).to.deep.equal([1, 1]);
  });

  it('works on the real History: restores the prototype methods on stop', () => {
    const start = window.location.href;
    const onChange = sinon.spy();
    const stop = watchNavigation(window, onChange);
    try {
      expect(Object.hasOwn(history, 'pushState')).to.equal(true);
      history.pushState(history.state, '', '#poptin-nav-test');
      expect(onChange.callCount).to.equal(1);
    } finally {
      stop();
      history.replaceState(history.state, '', start);
    }
    expect(Object.hasOwn(history, 'pushState')).to.equal(false);
    expect(history.pushState).to.equal(History.prototype.pushState);
  });

  it('leaves a later wrapper in place on stop', () => {
    const win = fakeWindow();
    const stop = watchNavigation(win as unknown as NavWindow, () => {});
    const ours = win.history.pushState;
    const theirs = function (this: unknown, ...args: Parameters<typeof ours>) {
      return ours.apply(this, args);
    };
    win.history.pushState = theirs;
    stop();
    expect(win.history.pushState).to.equal(theirs);
    const onChange = sinon.spy();
    const stopAgain = watchNavigation(win as unknown as NavWindow, onChange);
    win.history.pushState({}, '', '/z');
    expect(onChange.callCount).to.equal(1);
    stopAgain();
  });

  it('stop removes the listeners; a throwing onChange does not break navigation', () => {
    const win = fakeWindow({ href: 'https://app.example/' });
    const onChange = sinon.stub().throws(new Error('boom'));
    const errors = sinon.stub(console, 'error');
    try {
      const stop = watchNavigation(win as unknown as NavWindow, onChange);
      expect(() => win.history.pushState({}, '', '/a')).to.not.throw();
      stop();
      win.location.href = 'https://app.example/#x';
      win.dispatchEvent(new Event('hashchange'));
      expect(onChange.callCount).to.equal(1);
    } finally {
      errors.restore();
    }
  });
});
