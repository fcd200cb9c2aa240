import { describe, it } from 'node:test';
import { expect } from 'chai';
import {
  createShowingRunner,
  NO_SHOWING,
  noteShowing,
  SHOWING_EFFECTS,
  type ShowingEffect,
  type ShowingEvent,
  type ShowingHandlers,
  type ShowingPhase,
  transition,
} from './showing.ts';

const STATES: ShowingPhase[] = ['blocked', 'armed', 'queued', 'shown', 'closed'];

const EVENTS: Record<string, ShowingEvent> = {
  allowed: { type: 'decided', allowed: true },
  'not allowed': { type: 'decided', allowed: false },
  reopen: { type: 'reopen' },
  fire: { type: 'fire', trigger: 'scroll' },
  mounted: { type: 'mounted' },
  visible: { type: 'visible' },
  closed: { type: 'closed', cause: 'x_click', submitted: false },
  'closed after submit': { type: 'closed', cause: 'auto_close', submitted: true },
  failed: { type: 'failed' },
  reset: { type: 'reset' },
  unscheduled: { type: 'unscheduled' },
  'view recorded': { type: 'view-recorded', showing: 1, viewId: '42' },
};

/** Every event a state takes: [state, event name, next state, effects]. */
const LEGAL: [ShowingPhase, string, ShowingPhase, ShowingEffect[]][] = [
  ['blocked', 'allowed', 'armed', ['arm-triggers', 'prepare']],
  ['blocked', 'reopen', 'armed', []],
  ['blocked', 'reset', 'closed', []],
  ['armed', 'fire', 'queued', ['enqueue']],
  ['armed', 'failed', 'closed', ['remove']],
  ['armed', 'reset', 'closed', ['remove']],
  ['armed', 'unscheduled', 'blocked', ['remove']],
  ['queued', 'mounted', 'shown', ['show']],
  ['queued', 'failed', 'closed', ['remove', 'release-queue']],
  ['queued', 'reset', 'closed', ['remove']],
  ['shown', 'visible', 'shown', ['report-view']],
  ['shown', 'closed', 'closed', ['report-close', 'remove-after-fade', 'release-queue']],
  ['shown', 'closed after submit', 'closed', ['remove-after-fade', 'release-queue']],
  ['shown', 'failed', 'closed', ['remove', 'release-queue']],
  ['shown', 'reset', 'closed', ['remove']],
  ['closed', 'reopen', 'armed', []],
];

describe("a pop-up's showings (widget §4)", () => {
  describe('transition', () => {
    for (const [state, name, next, effects] of LEGAL) {
      it(`${state} + ${name} → ${next}${effects.length ? ` (${effects.join(', ')})` : ''}`, () => {
        expect(transition(state, EVENTS[name])).to.deep.equal({ state: next, effects });
      });
    }

    for (const state of STATES) {
      const ignored = Object.keys(EVENTS).filter(
        (name) => !LEGAL.some(([from, event]) => from === state && event === name),
      );
      it(`${state} ignores ${ignored.join(', ')}`, () => {
        for (const name of ignored) expect(transition(state, EVENTS[name]), name).to.deep.equal({ state, effects: [] });
      });
    }

    it('a blocked pop-up that is not allowed stays blocked, with nothing to do', () => {
      expect(transition('blocked', EVENTS['not allowed'])).to.deep.equal({ state: 'blocked', effects: [] });
    });
  });

  describe('runner', () => {
    function setup(returns: Partial<Record<ShowingEffect, () => (() => void) | void>> = {}) {
      const log: string[] = [];
      const handlers = Object.fromEntries(
        SHOWING_EFFECTS.map((effect) => [
          effect,
          () => {
            log.push(effect);
            return returns[effect]?.();
          },
        ]),
      ) as ShowingHandlers;
      const runner = createShowingRunner(handlers, (showing, _previous, event) =>
        log.push(`${event.type} → ${showing.phase}`),
      );
      return { runner, log };
    }

    it('starts blocked: nothing may show a pop-up before its decision', () => {
      expect(setup().runner.snapshot.phase).to.equal('blocked');
    });

    it('walks the whole lifecycle, telling each change before running its effects', () => {
      const { runner, log } = setup();
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'fire', trigger: 'exit' });
      runner.send({ type: 'mounted' });
      runner.send({ type: 'visible' });
      runner.send({ type: 'closed', cause: 'escape', submitted: false });
      expect(runner.snapshot.phase).to.equal('closed');
      expect(log).to.deep.equal([
        'decided → armed',
        'arm-triggers',
        'prepare',
        'fire → queued',
        'enqueue',
        'mounted → shown',
        'show',
        'report-view',
        'closed → closed',
        'report-close',
        'remove-after-fade',
        'release-queue',
      ]);
    });

    it('ignores an illegal event: no state change, no effect, nothing told', () => {
      const { runner, log } = setup();
      runner.send({ type: 'fire', trigger: 'scroll' });
      runner.send({ type: 'mounted' });
      runner.send({ type: 'closed', cause: 'x_click', submitted: false });
      expect(runner.snapshot.phase).to.equal('blocked');
      expect(log).to.deep.equal([]);
      runner.send({ type: 'decided', allowed: true });
      log.length = 0;
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'visible' });
      expect(runner.snapshot.phase).to.equal('armed');
      expect(log).to.deep.equal([]);
    });

    it('runs the disarm returned by arm-triggers when armed is left, once', () => {
      let disarmed = 0;
      const { runner } = setup({ 'arm-triggers': () => () => disarmed++ });
      runner.send({ type: 'decided', allowed: true });
      expect(disarmed).to.equal(0);
      runner.send({ type: 'fire', trigger: 'scroll' });
      expect(disarmed).to.equal(1);
      runner.send({ type: 'mounted' });
      runner.send({ type: 'closed', cause: 'x_click', submitted: false });
      expect(disarmed).to.equal(1);
    });

    it('keeps a cleanup over a change that stays in the same state', () => {
      let cleaned = 0;
      const { runner } = setup({ show: () => () => cleaned++ });
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'fire', trigger: 'scroll' });
      runner.send({ type: 'mounted' });
      runner.send({ type: 'visible' });
      runner.send({ type: 'visible' });
      expect(cleaned).to.equal(0);
      runner.send({ type: 'closed', cause: 'x_click', submitted: true });
      expect(cleaned).to.equal(1);
    });

    it('runs cleanups in reverse order of their effects', () => {
      const order: string[] = [];
      const { runner } = setup({
        'arm-triggers': () => () => order.push('disarm'),
        prepare: () => () => order.push('unprepare'),
      });
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'reset' });
      expect(order).to.deep.equal(['unprepare', 'disarm']);
      expect(runner.snapshot.phase).to.equal('closed');
    });

    it('a trigger that fires while it is being armed waits for the arming step, then disarms it once', () => {
      let disarmed = 0;
      const { runner, log } = setup({
        'arm-triggers': () => {
          runner.send({ type: 'fire', trigger: 'page_visits' });
          return () => disarmed++;
        },
      });
      runner.send({ type: 'decided', allowed: true });
      expect(runner.snapshot.phase).to.equal('queued');
      expect(disarmed).to.equal(1);
      expect(log).to.deep.equal(['decided → armed', 'arm-triggers', 'prepare', 'fire → queued', 'enqueue']);
      runner.send({ type: 'mounted' });
      expect(disarmed).to.equal(1);
    });

    it('reset disarms an armed pop-up and removes it', () => {
      let disarmed = 0;
      const { runner, log } = setup({ 'arm-triggers': () => () => disarmed++ });
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'reset' });
      expect(disarmed).to.equal(1);
      expect(log.slice(-2)).to.deep.equal(['reset → closed', 'remove']);
      runner.send({ type: 'fire', trigger: 'scroll' });
      expect(runner.snapshot.phase).to.equal('closed');
    });

    it('a render failure while queued removes it and frees the queue', () => {
      const { runner, log } = setup();
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'fire', trigger: 'scroll' });
      log.length = 0;
      runner.send({ type: 'failed' });
      expect(runner.snapshot.phase).to.equal('closed');
      expect(log).to.deep.equal(['failed → closed', 'remove', 'release-queue']);
    });

    it('reopens after closed: armed again without re-arming its triggers, then shown anew', () => {
      let armed = 0;
      const { runner, log } = setup({ 'arm-triggers': () => void armed++ });
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'fire', trigger: 'scroll' });
      runner.send({ type: 'mounted' });
      runner.send({ type: 'closed', cause: 'x_click', submitted: false });
      log.length = 0;
      runner.send({ type: 'reopen' });
      expect(runner.snapshot.phase).to.equal('armed');
      runner.send({ type: 'fire', trigger: 'manual' });
      runner.send({ type: 'mounted' });
      expect(runner.snapshot.phase).to.equal('shown');
      expect(armed).to.equal(1);
      expect(log).to.deep.equal(['reopen → armed', 'fire → queued', 'enqueue', 'mounted → shown', 'show']);
    });

    it('a schedule that ends disarms a waiting pop-up, which arms again when it starts anew', () => {
      let armed = 0;
      let disarmed = 0;
      const { runner } = setup({
        'arm-triggers': () => {
          armed++;
          return () => disarmed++;
        },
      });
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'unscheduled' });
      expect([runner.snapshot.phase, armed, disarmed]).to.deep.equal(['blocked', 1, 1]);
      runner.send({ type: 'fire', trigger: 'scroll' });
      expect(runner.snapshot.phase).to.equal('blocked');
      runner.send({ type: 'decided', allowed: true });
      expect([runner.snapshot.phase, armed]).to.deep.equal(['armed', 2]);
    });

    it('a schedule that ends while it shows lets the visitor finish it', () => {
      const { runner } = setup();
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'fire', trigger: 'scroll' });
      runner.send({ type: 'mounted' });
      runner.send({ type: 'unscheduled' });
      expect(runner.snapshot.phase).to.equal('shown');
    });

    it('reopens a blocked pop-up on demand', () => {
      const { runner } = setup();
      runner.send({ type: 'decided', allowed: false });
      expect(runner.snapshot.phase).to.equal('blocked');
      runner.send({ type: 'reopen' });
      runner.send({ type: 'fire', trigger: 'click' });
      expect(runner.snapshot.phase).to.equal('queued');
    });
  });
  describe('facts of the showing', () => {
    function shown(trigger: string) {
      const runner = createShowingRunner(
        Object.fromEntries(SHOWING_EFFECTS.map((effect) => [effect, () => undefined])) as ShowingHandlers,
      );
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'fire', trigger });
      runner.send({ type: 'mounted' });
      return runner;
    }

    it('keeps the trigger that opened it, the view id of this showing and why it closed', () => {
      const runner = shown('exit_intent');
      runner.send({ type: 'view-recorded', showing: 1, viewId: '42' });
      runner.send({ type: 'closed', cause: 'x_click', submitted: false });
      expect(runner.snapshot).to.deep.equal({
        phase: 'closed',
        trigger: 'exit_intent',
        closeCause: 'x_click',
        viewId: '42',
        showings: 1,
      });
    });

    it('a reopened pop-up has no trigger and no view until its next showing, and keeps its last close cause', () => {
      const runner = shown('scroll');
      runner.send({ type: 'view-recorded', showing: 1, viewId: '42' });
      runner.send({ type: 'closed', cause: 'escape', submitted: false });
      runner.send({ type: 'reopen' });
      expect(runner.snapshot).to.deep.equal({
        phase: 'armed',
        trigger: '',
        closeCause: 'escape',
        viewId: '',
        showings: 1,
      });
      runner.send({ type: 'fire', trigger: 'manual' });
      runner.send({ type: 'mounted' });
      expect(runner.snapshot).to.deep.equal({
        phase: 'shown',
        trigger: 'manual',
        closeCause: 'escape',
        viewId: '',
        showings: 2,
      });
    });

    it("an answer to the view of an earlier showing is not this showing's view", () => {
      const runner = shown('scroll');
      runner.send({ type: 'closed', cause: 'escape', submitted: false });
      runner.send({ type: 'reopen' });
      runner.send({ type: 'fire', trigger: 'manual' });
      runner.send({ type: 'mounted' });
      runner.send({ type: 'view-recorded', showing: 1, viewId: 'late' });
      expect(runner.snapshot.viewId).to.equal('');
      runner.send({ type: 'view-recorded', showing: 2, viewId: '43' });
      expect(runner.snapshot.viewId).to.equal('43');
    });

    it('an event the phase does not take changes no fact', () => {
      expect(noteShowing(NO_SHOWING, 'blocked', 'blocked', { type: 'fire', trigger: 'scroll' })).to.equal(NO_SHOWING);
      expect(noteShowing(NO_SHOWING, 'armed', 'armed', { type: 'closed', cause: 'escape', submitted: false })).to.equal(
        NO_SHOWING,
      );
    });
  });
});
