import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMachine, type Step } from './machine.ts';
import { after } from './timers.ts';

// A door: closed → open → closed; opening starts a buzzer that is cleaned up when the door closes.
type Door = { state: 'closed' | 'open'; opened: number };
type DoorEvent = { type: 'open' } | { type: 'close' } | { type: 'knock' };
type DoorEffect = 'buzz' | 'echo-close' | 'log';

function door(snapshot: Door, event: DoorEvent): Step<Door, DoorEffect> {
  if (event.type === 'open')
    return snapshot.state === 'closed'
      ? { snapshot: { state: 'open', opened: snapshot.opened + 1 }, effects: ['buzz'] }
      : { snapshot, effects: [] };
  if (event.type === 'close')
    return snapshot.state === 'open'
      ? { snapshot: { ...snapshot, state: 'closed' }, effects: [] }
      : { snapshot, effects: [] };
  return { snapshot, effects: ['log'] };
}

function machineWith(
  options: { phased?: boolean; run?: (effect: DoorEffect, send: (event: DoorEvent) => void) => void } = {},
) {
  const record: string[] = [];
  const machine = createMachine<Door, DoorEvent, DoorEffect>({
    name: 'door',
    initial: { state: 'closed', opened: 0 },
    transition: door,
    phaseOf: options.phased === false ? undefined : (snapshot) => snapshot.state,
    onChange: (snapshot, previous) => record.push(`change ${previous.state}→${snapshot.state}`),
    run: (effect, running) => {
      record.push(`run ${effect}`);
      options.run?.(effect, (event) => running.send(event));
      return () => record.push(`cleanup ${effect}`);
    },
  });
  return { machine, record };
}

describe('machine runtime', () => {
  it('keeps the snapshot the transition returns, tells the change, then runs the effects', () => {
    const { machine, record } = machineWith();
    machine.send({ type: 'open' });
    assert.deepEqual(machine.snapshot, { state: 'open', opened: 1 });
    assert.deepEqual(record, ['change closed→open', 'run buzz']);
  });

  it('cleans up the effects of a phase when the machine leaves it, not before', () => {
    const { machine, record } = machineWith();
    machine.send({ type: 'open' });
    machine.send({ type: 'knock' });
    assert.deepEqual(record.slice(2), ['run log']);
    machine.send({ type: 'close' });
    assert.deepEqual(record.slice(3), ['cleanup log', 'cleanup buzz', 'change open→closed']);
  });

  it('without phases, effects last until dispose', () => {
    const { machine, record } = machineWith({ phased: false });
    machine.send({ type: 'open' });
    machine.send({ type: 'close' });
    assert.ok(!record.some((line) => line.startsWith('cleanup')));
    machine.dispose();
    assert.deepEqual(record.slice(-1), ['cleanup buzz']);
  });

  it('runs effects of an unchanged snapshot without telling a change', () => {
    const { machine, record } = machineWith();
    machine.send({ type: 'knock' });
    assert.deepEqual(record, ['run log']);
  });

  it('dispose cleans up once and ignores later events', () => {
    const { machine, record } = machineWith();
    machine.send({ type: 'open' });
    machine.dispose();
    machine.dispose();
    machine.send({ type: 'close' });
    assert.deepEqual(machine.snapshot.state, 'open');
    assert.deepEqual(record, ['change closed→open', 'run buzz', 'cleanup buzz']);
  });

  it('an event sent by an effect waits until the step that ran it is done', () => {
    const { machine, record } = machineWith({ run: (effect, send) => effect === 'buzz' && send({ type: 'close' }) });
    machine.send({ type: 'open' });
    assert.equal(machine.snapshot.state, 'closed');
    assert.deepEqual(record, ['change closed→open', 'run buzz', 'cleanup buzz', 'change open→closed']);
  });

  it('an effect or a listener that throws is logged, and the machine goes on', (t) => {
    t.mock.method(console, 'error', () => {});
    let calls = 0;
    const machine = createMachine<Door, DoorEvent, DoorEffect>({
      name: 'door',
      initial: { state: 'closed', opened: 0 },
      transition: door,
      onChange: () => {
        throw new Error('listener');
      },
      run: () => {
        calls += 1;
        throw new Error('effect');
      },
    });
    machine.send({ type: 'open' });
    machine.send({ type: 'close' });
    machine.send({ type: 'open' });
    assert.deepEqual(machine.snapshot, { state: 'open', opened: 2 });
    assert.equal(calls, 2);
  });

  it('a transition that throws is logged and its event dropped; the events after it are handled', (t) => {
    const errors = t.mock.method(console, 'error', () => {});
    const machine = createMachine<Door, DoorEvent, DoorEffect>({
      name: 'door',
      initial: { state: 'closed', opened: 0 },
      transition: (snapshot, event) => {
        if (event.type === 'knock') throw new Error('transition');
        return door(snapshot, event);
      },
      run: (effect, context) => {
        if (effect === 'buzz') {
          context.send({ type: 'knock' });
          context.send({ type: 'close' });
        }
      },
    });
    machine.send({ type: 'open' });
    assert.equal(machine.snapshot.state, 'closed', 'the close sent after the knock');
    assert.equal(errors.mock.callCount(), 1);
    machine.send({ type: 'open' });
    assert.equal(machine.snapshot.opened, 2, 'the machine still takes events');
  });

  it('after: sends when due, and a timer that fired is no longer cleaned up; one pending is cleared on dispose', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const cleared: number[] = [];
    const host = {
      setTimeout: globalThis.setTimeout,
      clearTimeout: (handle: unknown) => cleared.push(Number(handle)),
    } as unknown as Parameters<typeof after>[3];
    const machine = createMachine<Door, DoorEvent, DoorEffect>({
      name: 'door',
      initial: { state: 'closed', opened: 0 },
      transition: door,
      run: (effect, context) =>
        effect === 'buzz'
          ? after(context, 1_000, () => context.send({ type: 'close' }), host)
          : after(context, 5_000, () => {}, host),
    });
    machine.send({ type: 'open' });
    t.mock.timers.tick(1_000);
    assert.equal(machine.snapshot.state, 'closed');
    machine.send({ type: 'knock' });
    machine.dispose();
    assert.equal(cleared.length, 1);
  });
});
