import { afterEach, describe, it } from 'node:test';
import { expect } from 'chai';
import sinon from 'sinon';
import { fireOnce } from './fire-once.ts';

describe('fireOnce', () => {
  afterEach(() => {
    sinon.restore();
  });

  it('each trigger fires at most once: fireOnce passes the first call and runs the cleanups', () => {
    const fire = sinon.spy();
    const cleanup = sinon.spy();
    const gate = fireOnce(fire);
    gate.onFire(cleanup);
    gate.fire();
    gate.fire();
    expect([fire.callCount, cleanup.callCount, gate.fired()]).to.deep.equal([1, 1, true]);
  });

  it('an error from the fire callback is logged, never thrown into the page', () => {
    const errors = sinon.stub(console, 'error');
    const gate = fireOnce(() => {
      throw new Error('controller failed');
    });
    expect(() => gate.fire()).to.not.throw();
    expect(errors.callCount).to.equal(1);
  });
});
