import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMachine } from '../machine.ts';
import { type ControllerEffect, type ControllerEvent, type ControllerPhase, phaseOf, transition } from './phases.ts';

const PHASES: ControllerPhase[] = ['stopped', 'asking', 'quiet', 'waking', 'running'];

const EVENTS: Record<string, ControllerEvent> = {
  connected: { type: 'connected', sessionFirst: false },
  'connected, session first': { type: 'connected', sessionFirst: true },
  'answered empty': { type: 'answered', empty: true },
  'answered with pop-ups': { type: 'answered', empty: false },
  needed: { type: 'needed' },
  loaded: { type: 'loaded', ok: true },
  'failed to load': { type: 'loaded', ok: false },
  disconnected: { type: 'disconnected' },
};

/** Every event a phase takes: [phase, event name, next phase, effects]. */
const TAKEN: [ControllerPhase, string, ControllerPhase, string[]][] = [
  ['stopped', 'connected', 'asking', ['ask-display']],
  ['stopped', 'connected, session first', 'waking', ['open-session']],
  ['stopped', 'disconnected', 'stopped', []],
  ['asking', 'answered empty', 'quiet', ['watch-quietly']],
  ['asking', 'answered with pop-ups', 'waking', ['open-session']],
  ['asking', 'disconnected', 'stopped', []],
  ['quiet', 'needed', 'waking', ['open-session']],
  ['quiet', 'disconnected', 'stopped', []],
  ['waking', 'loaded', 'running', []],
  ['waking', 'failed to load', 'stopped', []],
  ['waking', 'disconnected', 'stopped', []],
  ['running', 'disconnected', 'stopped', []],
];

describe('the controller phases: quiet → waking → running → stopped', () => {
  for (const [phase, name, next, effects] of TAKEN) {
    it(`${phase} + ${name} → ${next}${effects.length ? ` (${effects.join(', ')})` : ''}`, () => {
      assert.deepEqual(transition(phase, EVENTS[name]!), { snapshot: next, effects });
    });
  }

  for (const phase of PHASES) {
    const ignored = Object.keys(EVENTS).filter(
      (name) => !TAKEN.some(([from, event]) => from === phase && event === name),
    );
    it(`${phase} ignores ${ignored.join(', ')}`, () => {
      for (const name of ignored)
        assert.deepEqual(transition(phase, EVENTS[name]!), { snapshot: phase, effects: [] }, name);
    });
  }

  /** The phases on the machine runtime, with effects that tell when they run and when they are cleaned up. */
  function phasesOnTheRuntime(
    run: (effect: ControllerEffect, send: (event: ControllerEvent) => void) => void = () => {},
  ) {
    const walk: string[] = [];
    const machine = createMachine<ControllerPhase, ControllerEvent, ControllerEffect>({
      name: 'controller',
      initial: 'stopped',
      transition,
      phaseOf,
      onChange: (phase) => walk.push(phase),
      run: (effect, context) => {
        walk.push(`run ${effect}`);
        run(effect, (event) => context.send(event));
        return () => walk.push(`clean up ${effect}`);
      },
    });
    return { machine, walk };
  }

  it('a page with nothing to show stays quiet until the session is needed, then wakes it once', () => {
    const { machine, walk } = phasesOnTheRuntime();
    for (const event of [
      EVENTS.connected!,
      EVENTS['answered empty']!,
      EVENTS.needed!,
      EVENTS.needed!,
      EVENTS.loaded!,
      EVENTS.needed!,
      EVENTS.disconnected!,
    ])
      machine.send(event);
    assert.deepEqual(walk, [
      'asking',
      'run ask-display',
      'clean up ask-display',
      'quiet',
      'run watch-quietly',
      'clean up watch-quietly',
      'waking',
      'run open-session',
      'running',
      'clean up open-session',
      'stopped',
    ]);
  });

  it('taken off the page by a listener the quiet watch tells, it stops the watch once the watch is on', () => {
    const { machine, walk } = phasesOnTheRuntime((effect, send) => {
      if (effect === 'watch-quietly') send(EVENTS.disconnected!);
    });
    machine.send(EVENTS.connected!);
    machine.send(EVENTS['answered empty']!);
    assert.deepEqual(walk.slice(3), ['quiet', 'run watch-quietly', 'clean up watch-quietly', 'stopped']);
  });

  it('a session that could not load is cleaned up as the controller stops', () => {
    const { machine, walk } = phasesOnTheRuntime();
    machine.send(EVENTS['connected, session first']!);
    machine.send(EVENTS['failed to load']!);
    assert.deepEqual(walk, ['waking', 'run open-session', 'clean up open-session', 'stopped']);
  });

  it('taken off the page and put back, it asks again', () => {
    const off = transition('running', EVENTS.disconnected!);
    assert.deepEqual(transition(off.snapshot, EVENTS.connected!), { snapshot: 'asking', effects: ['ask-display'] });
  });
});
