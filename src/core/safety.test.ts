import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { combine, listenSafely } from './safety.ts';
import { createTimers, later } from './timers.ts';

const failing = () => {
  throw new Error('boom');
};

describe('safety', () => {
  let errors: sinon.SinonStub;
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    errors = sinon.stub(console, 'error');
    clock = sinon.useFakeTimers();
  });
  afterEach(() => sinon.restore());

  it('combine runs every cleanup once even when one throws', () => {
    const last = sinon.spy();
    const all = combine([failing, last]);
    all();
    all();
    expect([last.callCount, errors.callCount]).to.deep.equal([1, 1]);
  });

  it('listenSafely logs a throwing handler, passes the options and removes the listener', () => {
    const target = new EventTarget();
    const handler = sinon.spy(failing);
    const stop = listenSafely(target, 'ping', handler, { capture: true });
    expect(() => target.dispatchEvent(new Event('ping'))).to.not.throw();
    stop();
    target.dispatchEvent(new Event('ping'));
    expect([handler.callCount, errors.callCount]).to.deep.equal([1, 1]);
  });

  it('later runs once after the delay, logs a throwing action, and can be cancelled', () => {
    const action = sinon.spy(failing);
    later(window, 100, action);
    const cancelled = sinon.spy();
    later(window, 100, cancelled)();
    clock.tick(99);
    expect(action.called).to.equal(false);
    expect(() => clock.tick(1)).to.not.throw();
    expect([action.callCount, cancelled.callCount, errors.callCount]).to.deep.equal([1, 0, 1]);
  });

  it('createTimers cancels every pending timer at once', () => {
    const timers = createTimers();
    const early = sinon.spy();
    const pending = sinon.spy();
    timers.later(early, 10);
    timers.later(pending, 50);
    clock.tick(10);
    timers.clearAll();
    clock.tick(100);
    expect([early.callCount, pending.callCount]).to.deep.equal([1, 0]);
  });
});
