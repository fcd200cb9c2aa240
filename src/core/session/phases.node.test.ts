import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ControllerEvent, type ControllerPhase, transition } from './phases.ts';

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
  ['quiet', 'needed', 'waking', ['stop-watching', 'open-session']],
  ['quiet', 'disconnected', 'stopped', ['stop-watching']],
  ['waking', 'loaded', 'running', []],
  ['waking', 'failed to load', 'stopped', []],
  ['waking', 'disconnected', 'stopped', ['stop-session']],
  ['running', 'disconnected', 'stopped', ['stop-session']],
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

  it('a page with nothing to show stays quiet until the session is needed, then wakes it once', () => {
    const walk: string[] = [];
    let phase: ControllerPhase = 'stopped';
    for (const event of [
      EVENTS.connected!,
      EVENTS['answered empty']!,
      EVENTS.needed!,
      EVENTS.needed!,
      EVENTS.loaded!,
      EVENTS.needed!,
      EVENTS.disconnected!,
    ]) {
      const step = transition(phase, event);
      phase = step.snapshot;
      walk.push(`${phase}${step.effects.length ? `: ${step.effects.join(', ')}` : ''}`);
    }
    assert.deepEqual(walk, [
      'asking: ask-display',
      'quiet: watch-quietly',
      'waking: stop-watching, open-session',
      'waking',
      'running',
      'running',
      'stopped: stop-session',
    ]);
  });

  it('taken off the page and put back, it asks again', () => {
    const off = transition('running', EVENTS.disconnected!);
    assert.deepEqual(transition(off.snapshot, EVENTS.connected!), { snapshot: 'asking', effects: ['ask-display'] });
  });
});
