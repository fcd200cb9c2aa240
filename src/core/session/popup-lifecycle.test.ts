import { expect } from '@open-wc/testing';
import {
  createLifecycleRunner,
  transition,
  type LifecycleEffect,
  type LifecycleHandlers,
  type PopupLifecycleEvent,
  type PopupLifecycleState,
} from './popup-lifecycle.ts';

const STATES: PopupLifecycleState[] = ['blocked', 'armed', 'queued', 'shown', 'closed'];

const EVENTS: Record<string, PopupLifecycleEvent> = {
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
};

/** Every event a state takes: [state, event name, next state, effects]. */
const LEGAL: [PopupLifecycleState, string, PopupLifecycleState, LifecycleEffect[]][] = [
  ['blocked', 'allowed', 'armed', ['arm-triggers', 'prepare']],
  ['blocked', 'reopen', 'armed', []],
  ['blocked', 'reset', 'closed', []],
  ['armed', 'fire', 'queued', ['enqueue']],
  ['armed', 'failed', 'closed', ['remove']],
  ['armed', 'reset', 'closed', ['remove']],
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

describe('pop-up lifecycle (widget §4)', () => {
  describe('transition', () => {
    for (const [state, name, next, effects] of LEGAL) {
      it(`${state} + ${name} → ${next}${effects.length ? ` (${effects.join(', ')})` : ''}`, () => {
        expect(transition(state, EVENTS[name])).to.deep.equal({ state: next, effects });
      });
    }

    for (const state of STATES) {
      const ignored = Object.keys(EVENTS).filter((name) => !LEGAL.some(([from, event]) => from === state && event === name));
      it(`${state} ignores ${ignored.join(', ')}`, () => {
        for (const name of ignored) expect(transition(state, EVENTS[name]), name).to.deep.equal({ state, effects: [] });
      });
    }

    it('a blocked pop-up that is not allowed stays blocked, with nothing to do', () => {
      expect(transition('blocked', EVENTS['not allowed'])).to.deep.equal({ state: 'blocked', effects: [] });
    });
  });

  describe('runner', () => {
    function setup(returns: Partial<Record<LifecycleEffect, () => (() => void) | void>> = {}) {
      const log: string[] = [];
      const effects = ['arm-triggers', 'prepare', 'enqueue', 'show', 'report-view', 'report-close', 'remove', 'remove-after-fade', 'release-queue'] as const;
      const handlers = Object.fromEntries(
        effects.map((effect) => [
          effect,
          () => {
            log.push(effect);
            return returns[effect]?.();
          },
        ]),
      ) as LifecycleHandlers;
      const runner = createLifecycleRunner(handlers, (state, event) => log.push(`${event.type} → ${state}`));
      return { runner, log };
    }

    it('starts blocked: nothing may show a pop-up before its decision', () => {
      expect(setup().runner.state).to.equal('blocked');
    });

    it('walks the whole lifecycle, telling each change before running its effects', () => {
      const { runner, log } = setup();
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'fire', trigger: 'exit' });
      runner.send({ type: 'mounted' });
      runner.send({ type: 'visible' });
      runner.send({ type: 'closed', cause: 'escape', submitted: false });
      expect(runner.state).to.equal('closed');
      expect(log).to.deep.equal([
        'decided → armed',
        'arm-triggers',
        'prepare',
        'fire → queued',
        'enqueue',
        'mounted → shown',
        'show',
        'visible → shown',
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
      expect(runner.state).to.equal('blocked');
      expect(log).to.deep.equal([]);
      runner.send({ type: 'decided', allowed: true });
      log.length = 0;
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'visible' });
      expect(runner.state).to.equal('armed');
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
      const { runner } = setup({ 'arm-triggers': () => () => order.push('disarm'), prepare: () => () => order.push('unprepare') });
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'reset' });
      expect(order).to.deep.equal(['unprepare', 'disarm']);
      expect(runner.state).to.equal('closed');
    });

    it('a cleanup returned after its state was already left (a trigger firing while it is armed) runs at once', () => {
      let disarmed = 0;
      const { runner } = setup({
        'arm-triggers': () => {
          runner.send({ type: 'fire', trigger: 'page_visits' });
          return () => disarmed++;
        },
      });
      runner.send({ type: 'decided', allowed: true });
      expect(runner.state).to.equal('queued');
      expect(disarmed).to.equal(1);
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
      expect(runner.state).to.equal('closed');
    });

    it('a render failure while queued removes it and frees the queue', () => {
      const { runner, log } = setup();
      runner.send({ type: 'decided', allowed: true });
      runner.send({ type: 'fire', trigger: 'scroll' });
      log.length = 0;
      runner.send({ type: 'failed' });
      expect(runner.state).to.equal('closed');
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
      expect(runner.state).to.equal('armed');
      runner.send({ type: 'fire', trigger: 'manual' });
      runner.send({ type: 'mounted' });
      expect(runner.state).to.equal('shown');
      expect(armed).to.equal(1);
      expect(log).to.deep.equal(['reopen → armed', 'fire → queued', 'enqueue', 'mounted → shown', 'show']);
    });

    it('reopens a blocked pop-up on demand', () => {
      const { runner } = setup();
      runner.send({ type: 'decided', allowed: false });
      expect(runner.state).to.equal('blocked');
      runner.send({ type: 'reopen' });
      runner.send({ type: 'fire', trigger: 'click' });
      expect(runner.state).to.equal('queued');
    });
  });
});
