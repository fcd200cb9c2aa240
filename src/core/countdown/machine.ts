import { type Cleanup, createMachine, type EffectContext, type Machine, type Step } from '../machine.ts';
import type { TimerEnd } from './settings.ts';
import { nextTickDelay } from './time.ts';

/** idle (not started, or paused) → running → ended. Ended is final: a new end is a new countdown. */
export type CountdownState = 'idle' | 'running' | 'ended';

export interface CountdownSnapshot {
  state: CountdownState;
  end: TimerEnd;
  /** The instant it reaches zero while running (and once ended); null while idle. */
  endsAt: number | null;
  /** Milliseconds left: frozen while idle, counted down while running, 0 once ended. */
  remainingMs: number;
}

export type CountdownEvent =
  /** Runs: a duration counts down from what is left, a fixed end from the clock. */
  | { type: 'start'; now: number }
  /** The clock moved. */
  | { type: 'tick'; now: number }
  /** Holds what is left (a pop-up not shown yet holds the countdowns of its template). */
  | { type: 'pause'; now: number }
  /** Ends now, whatever is left. */
  | { type: 'end' };

/** On entering running: tick each time the shown second changes (cleaned up on leaving). On entering ended: say so. */
export type CountdownEffect = 'tick-every-second' | 'announce-end';

export type CountdownStep = Step<CountdownSnapshot, CountdownEffect>;

/** A countdown not started yet: a duration has all of it left, a fixed end what the clock leaves. */
export function initialCountdown(end: TimerEnd, now: number): CountdownSnapshot {
  return {
    state: 'idle',
    end,
    endsAt: null,
    remainingMs: end.kind === 'duration' ? end.ms : Math.max(0, end.at - now),
  };
}

function leftAt(endsAt: number, now: number): number {
  return Math.max(0, endsAt - now);
}

function ended(snapshot: CountdownSnapshot, endsAt: number | null): CountdownStep {
  return { snapshot: { ...snapshot, state: 'ended', endsAt, remainingMs: 0 }, effects: ['announce-end'] };
}

const stay = (snapshot: CountdownSnapshot): CountdownStep => ({ snapshot, effects: [] });

/** The next snapshot and what to do; an event the state does not take returns the same snapshot, with no effects. */
export function transition(snapshot: CountdownSnapshot, event: CountdownEvent): CountdownStep {
  switch (event.type) {
    case 'start': {
      if (snapshot.state !== 'idle') return stay(snapshot);
      const endsAt = snapshot.end.kind === 'fixed' ? snapshot.end.at : event.now + snapshot.remainingMs;
      const remainingMs = leftAt(endsAt, event.now);
      if (remainingMs === 0) return ended(snapshot, endsAt);
      return { snapshot: { ...snapshot, state: 'running', endsAt, remainingMs }, effects: ['tick-every-second'] };
    }
    case 'tick': {
      if (snapshot.state !== 'running' || snapshot.endsAt === null) return stay(snapshot);
      const remainingMs = leftAt(snapshot.endsAt, event.now);
      if (remainingMs === 0) return ended(snapshot, snapshot.endsAt);
      return remainingMs === snapshot.remainingMs
        ? stay(snapshot)
        : { snapshot: { ...snapshot, remainingMs }, effects: [] };
    }
    case 'pause': {
      if (snapshot.state !== 'running' || snapshot.endsAt === null) return stay(snapshot);
      const remainingMs = leftAt(snapshot.endsAt, event.now);
      if (remainingMs === 0) return ended(snapshot, snapshot.endsAt);
      return { snapshot: { ...snapshot, state: 'idle', endsAt: null, remainingMs }, effects: [] };
    }
    case 'end':
      return snapshot.state === 'ended' ? stay(snapshot) : ended(snapshot, snapshot.endsAt);
  }
}

/** `dispose()` stops it for good: the ticking is cleared and later events are ignored. */
export type CountdownRunner = Machine<CountdownSnapshot, CountdownEvent>;

export interface CountdownRunnerOptions {
  /** The clock; Date.now unless a test or a host gives another. */
  now?: () => number;
  /** Every change of the snapshot, with the one before. */
  onChange?: (snapshot: CountdownSnapshot, previous: CountdownSnapshot) => void;
  /** It reached zero (or was ended). */
  onEnd?: (snapshot: CountdownSnapshot) => void;
}

/**
 * Runs one countdown to `end`, starting idle. Effects run after the snapshot changed and `onChange` heard it;
 * the ticking of the running state is cleaned up when running is left or the runner is disposed.
 */
export function createCountdownRunner(end: TimerEnd, options: CountdownRunnerOptions = {}): CountdownRunner {
  const now = options.now ?? (() => Date.now());
  const tickEverySecond = (machine: EffectContext<CountdownSnapshot, CountdownEvent>): Cleanup => {
    let handle: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      handle = setTimeout(() => {
        machine.send({ type: 'tick', now: now() });
        if (!stopped) schedule();
      }, nextTickDelay(machine.snapshot.remainingMs));
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(handle);
    };
  };
  return createMachine<CountdownSnapshot, CountdownEvent, CountdownEffect>({
    name: 'countdown',
    initial: initialCountdown(end, now()),
    transition,
    phaseOf: (snapshot) => snapshot.state,
    onChange: options.onChange,
    run: (effect, machine) =>
      effect === 'tick-every-second' ? tickEverySecond(machine) : options.onEnd?.(machine.snapshot),
  });
}
