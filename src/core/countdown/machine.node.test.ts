import { afterEach, beforeEach, describe, it } from 'node:test';
import { expect } from 'chai';
import sinon from 'sinon';
import { type CountdownSnapshot, createCountdownRunner, initialCountdown, transition } from './machine.ts';

const START = 1_700_000_000_000;
const FIVE_THIRTY = { kind: 'duration', ms: 330_000 } as const;

describe('countdown machine: idle → running → ended', () => {
  describe('transition (pure)', () => {
    it('starts idle with all of a duration left, or what the clock leaves of a fixed end', () => {
      expect(initialCountdown(FIVE_THIRTY, START)).to.deep.equal({
        state: 'idle',
        end: FIVE_THIRTY,
        endsAt: null,
        remainingMs: 330_000,
      });
      expect(initialCountdown({ kind: 'fixed', at: START + 9_000 }, START).remainingMs).to.equal(9_000);
      expect(initialCountdown({ kind: 'fixed', at: START - 9_000 }, START).remainingMs).to.equal(0);
    });

    it('start: a duration ends that long after the start, and ticking begins', () => {
      const step = transition(initialCountdown(FIVE_THIRTY, START), { type: 'start', now: START + 50 });
      expect(step.snapshot).to.deep.include({ state: 'running', endsAt: START + 50 + 330_000, remainingMs: 330_000 });
      expect(step.effects).to.deep.equal(['tick-every-second']);
    });

    it('start: a fixed end that has passed ends at once', () => {
      const step = transition(initialCountdown({ kind: 'fixed', at: START - 1 }, START), { type: 'start', now: START });
      expect(step.snapshot).to.deep.include({ state: 'ended', remainingMs: 0 });
      expect(step.effects).to.deep.equal(['announce-end']);
    });

    it('tick: counts down, and ends at zero', () => {
      const running = transition(initialCountdown({ kind: 'duration', ms: 2_000 }, START), {
        type: 'start',
        now: START,
      }).snapshot;
      const later = transition(running, { type: 'tick', now: START + 1_000 });
      expect(later).to.deep.equal({ snapshot: { ...running, remainingMs: 1_000 }, effects: [] });
      expect(transition(later.snapshot, { type: 'tick', now: START + 2_000 })).to.deep.equal({
        snapshot: { ...running, state: 'ended', remainingMs: 0 },
        effects: ['announce-end'],
      });
    });

    it('pause: holds what is left; start again counts down from there', () => {
      const running = transition(initialCountdown(FIVE_THIRTY, START), { type: 'start', now: START }).snapshot;
      const paused = transition(running, { type: 'pause', now: START + 30_000 }).snapshot;
      expect(paused).to.deep.include({ state: 'idle', endsAt: null, remainingMs: 300_000 });
      expect(transition(paused, { type: 'start', now: START + 90_000 }).snapshot).to.deep.include({
        state: 'running',
        endsAt: START + 390_000,
      });
    });

    it('a paused fixed end keeps to the clock when it starts again', () => {
      const end = { kind: 'fixed', at: START + 60_000 } as const;
      const paused = transition(transition(initialCountdown(end, START), { type: 'start', now: START }).snapshot, {
        type: 'pause',
        now: START + 1_000,
      }).snapshot;
      expect(transition(paused, { type: 'start', now: START + 30_000 }).snapshot).to.deep.include({
        endsAt: START + 60_000,
        remainingMs: 30_000,
      });
    });

    it('end: ends from idle or running; ended is final', () => {
      const idle = initialCountdown(FIVE_THIRTY, START);
      const ended = transition(idle, { type: 'end' });
      expect(ended).to.deep.equal({ snapshot: { ...idle, state: 'ended', remainingMs: 0 }, effects: ['announce-end'] });
      for (const event of [
        { type: 'start', now: START },
        { type: 'tick', now: START },
        { type: 'pause', now: START },
        { type: 'end' },
      ] as const) {
        expect(transition(ended.snapshot, event)).to.deep.equal({ snapshot: ended.snapshot, effects: [] });
      }
    });

    it('events a state does not take change nothing', () => {
      const idle = initialCountdown(FIVE_THIRTY, START);
      expect(transition(idle, { type: 'tick', now: START + 5_000 }).snapshot).to.equal(idle);
      expect(transition(idle, { type: 'pause', now: START }).snapshot).to.equal(idle);
      const running = transition(idle, { type: 'start', now: START }).snapshot;
      expect(transition(running, { type: 'start', now: START + 5_000 }).snapshot).to.equal(running);
    });
  });

  describe('runner (fake timers)', () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => {
      clock.restore();
    });

    it('ticks once per shown second and ends once at zero', () => {
      const changes: number[] = [];
      const ends: CountdownSnapshot[] = [];
      const runner = createCountdownRunner(
        { kind: 'duration', ms: 3_000 },
        { onChange: (snapshot) => changes.push(snapshot.remainingMs), onEnd: (snapshot) => ends.push(snapshot) },
      );
      runner.send({ type: 'start', now: Date.now() });
      clock.tick(999);
      expect(changes).to.deep.equal([3_000]);
      clock.tick(1);
      expect(changes).to.deep.equal([3_000, 2_000]);
      clock.tick(2_000);
      expect(changes).to.deep.equal([3_000, 2_000, 1_000, 0]);
      expect(runner.snapshot.state).to.equal('ended');
      expect(ends.map((snapshot) => snapshot.endsAt)).to.deep.equal([START + 3_000]);
      expect(clock.countTimers()).to.equal(0);
    });

    it('a late timer is caught up: the next tick comes when the shown second changes', () => {
      const runner = createCountdownRunner({ kind: 'duration', ms: 5_000 });
      runner.send({ type: 'start', now: Date.now() });
      clock.setSystemTime(START + 1_300);
      clock.tick(1_000);
      expect(runner.snapshot.remainingMs).to.equal(2_700);
      clock.tick(700);
      expect(runner.snapshot.remainingMs).to.equal(2_000);
    });

    it('pause clears the ticking, start again picks it up', () => {
      const runner = createCountdownRunner(FIVE_THIRTY);
      runner.send({ type: 'start', now: Date.now() });
      clock.tick(10_000);
      runner.send({ type: 'pause', now: Date.now() });
      expect(clock.countTimers()).to.equal(0);
      clock.tick(60_000);
      expect(runner.snapshot).to.deep.include({ state: 'idle', remainingMs: 320_000 });
      runner.send({ type: 'start', now: Date.now() });
      clock.tick(20_000);
      expect(runner.snapshot.remainingMs).to.equal(300_000);
    });

    it('dispose clears the ticking and ignores later events; nothing ends', () => {
      const onEnd = sinon.spy();
      const runner = createCountdownRunner({ kind: 'duration', ms: 2_000 }, { onEnd });
      runner.send({ type: 'start', now: Date.now() });
      runner.dispose();
      expect(clock.countTimers()).to.equal(0);
      runner.send({ type: 'end' });
      clock.tick(5_000);
      expect(onEnd.called).to.equal(false);
      expect(runner.snapshot.state).to.equal('running');
    });

    it('what onEnd returns is not taken for a cleanup', () => {
      const errors = sinon.stub(console, 'error');
      try {
        const runner = createCountdownRunner({ kind: 'duration', ms: 1_000 }, { onEnd: (() => true) as () => void });
        runner.send({ type: 'start', now: Date.now() });
        clock.tick(1_000);
        runner.dispose();
        expect(errors.called).to.equal(false);
      } finally {
        errors.restore();
      }
    });

    it('a listener that throws does not stop the countdown', () => {
      const onEnd = sinon.spy();
      const originalError = console.error;
      console.error = () => undefined;
      try {
        const runner = createCountdownRunner(
          { kind: 'duration', ms: 2_000 },
          {
            onChange: () => {
              throw new Error('broken listener');
            },
            onEnd,
          },
        );
        runner.send({ type: 'start', now: Date.now() });
        clock.tick(2_000);
      } finally {
        console.error = originalError;
      }
      expect(onEnd.calledOnce).to.equal(true);
    });
  });
});
