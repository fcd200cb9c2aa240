import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { combine, fireOnce } from './listen.ts';

describe('trigger plumbing', () => {
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
    try {
      const gate = fireOnce(() => {
        throw new Error('controller failed');
      });
      expect(() => gate.fire()).to.not.throw();
      expect(errors.callCount).to.equal(1);
    } finally {
      errors.restore();
    }
  });

  it('combine runs every cleanup once even when one throws', () => {
    const errors = sinon.stub(console, 'error');
    const last = sinon.spy();
    try {
      const all = combine([
        () => {
          throw new Error('x');
        },
        last,
      ]);
      all();
      all();
    } finally {
      errors.restore();
    }
    expect(last.callCount).to.equal(1);
  });
});
