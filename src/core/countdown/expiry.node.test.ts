import { describe, it } from 'node:test';
import { expect } from 'chai';
import { evaluateTimer } from './expiry.ts';

describe('countdown: the timer as a display rule (widget §4)', () => {
  const endsAt = Date.parse('2026-12-31T23:59:00+02:00');
  const design = { timer: { date: '2026-12-31', time: '23:59', gmt: '+02:00' } };

  it('blocks a pop-up whose fixed end-time has passed', () => {
    expect(evaluateTimer(design, endsAt + 1)).to.deep.equal({
      allowed: false,
      rule: 'timer',
      reason: 'the timer ended at 2026-12-31T21:59:00.000Z',
    });
  });

  it('allows it before, and allows durations, no timer and unreadable settings (saying why)', () => {
    expect(evaluateTimer(design, endsAt - 1)).to.deep.equal({
      allowed: true,
      rule: 'timer',
      reason: 'the timer ends at 2026-12-31T21:59:00.000Z',
    });
    expect(evaluateTimer({ timer: { timerTime: '05:00' } }, endsAt).allowed).to.equal(true);
    expect(evaluateTimer({}, endsAt)).to.deep.equal({ allowed: true, rule: 'timer', reason: 'no timer' });
    expect(evaluateTimer({ timer: { timerTime: 'later' } }, endsAt)).to.deep.equal({
      allowed: true,
      rule: 'timer',
      reason: 'timer settings ignored: timerTime "later" is not minutes:seconds, e.g. "05:30"',
    });
  });
});
