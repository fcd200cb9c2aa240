import { describe, it } from 'node:test';
import { expect } from 'chai';
import sinon from 'sinon';
import { armImmediately } from './immediately.ts';
import { triggerContext } from './test-support/fakes.ts';

describe('no trigger configured', () => {
  it('records immediately on the next task; disarm before it cancels', () => {
    const clock = sinon.useFakeTimers();
    try {
      const shown = triggerContext();
      armImmediately(shown);
      expect(shown.fired).to.deep.equal([]);
      const cancelled = triggerContext();
      armImmediately(cancelled)();
      clock.tick(0);
      expect(shown.fired).to.deep.equal(['immediately']);
      expect(cancelled.fired).to.deep.equal([]);
    } finally {
      clock.restore();
    }
  });
});
