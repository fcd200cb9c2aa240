// The one runtime of the widget's state machines: a pure `transition(snapshot, event)` says what comes next and
// what to do; the runtime keeps the snapshot, runs the effects and undoes them when their time is over.
import { guard } from './safety.ts';

/** Undoes an effect: clears its timer, removes its listener. */
export type Cleanup = () => void;

/** What an event leads to: the next snapshot (the same object when nothing changed) and the effects to run. */
export interface Step<Snapshot, Effect> {
  readonly snapshot: Snapshot;
  readonly effects: readonly Effect[];
}

export type Transition<Snapshot, Event, Effect> = (snapshot: Snapshot, event: Event) => Step<Snapshot, Effect>;

export interface Machine<Snapshot, Event> {
  readonly snapshot: Snapshot;
  /**
   * Run to completion, as statecharts do: an event sent while one is being handled (by an effect or a listener)
   * waits until that step is done, so every effect of a step runs with the snapshot it was made for and listeners
   * hear the changes in the order they happened.
   */
  send(event: Event): void;
  /** Stops for good: every running effect is cleaned up and later events are ignored. */
  dispose(): void;
}

/** What an effect sees of its machine while it runs. */
export interface EffectContext<Snapshot, Event> {
  readonly snapshot: Snapshot;
  send(event: Event): void;
  /** The effect is over by itself (its timer fired): its cleanup is dropped rather than kept until it is due. */
  ended(): void;
}

export interface MachineDefinition<Snapshot, Event, Effect> {
  /** Names the machine in logged errors. */
  readonly name: string;
  readonly initial: Snapshot;
  readonly transition: Transition<Snapshot, Event, Effect>;
  /** Runs one effect once its snapshot is current; what it returns is called when the effect's time is over. */
  readonly run: (effect: Effect, context: EffectContext<Snapshot, Event>) => Cleanup | void;
  /**
   * Effects belong to the phase they started in and are cleaned up when the machine leaves it. Without it,
   * effects last until `dispose()`.
   */
  readonly phaseOf?: (snapshot: Snapshot) => unknown;
  /** Every change of the snapshot, with the one before and the event that made it; heard before the step's effects run. */
  readonly onChange?: (snapshot: Snapshot, previous: Snapshot, event: Event) => void;
}

export function createMachine<Snapshot, Event, Effect>({
  name,
  initial,
  transition,
  run,
  phaseOf = () => 0,
  onChange,
}: MachineDefinition<Snapshot, Event, Effect>): Machine<Snapshot, Event> {
  let snapshot = initial;
  let cleanups = new Set<Cleanup>();
  let disposed = false;
  /** The events to handle, the one being handled among them; null between steps. */
  let waiting: Event[] | null = null;

  const runCleanups = () => {
    const due = [...cleanups].reverse();
    cleanups = new Set();
    for (const cleanup of due) guard(name, cleanup);
  };

  const handle = (event: Event) => {
    const previous = snapshot;
    const step = transition(previous, event);
    snapshot = step.snapshot;
    if (snapshot !== previous) {
      if (phaseOf(snapshot) !== phaseOf(previous)) runCleanups();
      guard(name, () => onChange?.(snapshot, previous, event));
    }
    for (const effect of step.effects) {
      if (disposed) return;
      let over = false;
      let cleanup: ReturnType<typeof run>;
      // The machine itself (its snapshot, its send) and this effect's own `ended`.
      const context = Object.create(machine) as EffectContext<Snapshot, Event>;
      context.ended = () => {
        over = true;
        cleanups.delete(cleanup as Cleanup);
      };
      cleanup = guard(name, () => run(effect, context));
      if (typeof cleanup === 'function' && !over) cleanups.add(cleanup);
    }
  };

  const machine: Machine<Snapshot, Event> = {
    get snapshot() {
      return snapshot;
    },
    send(event) {
      if (disposed) return;
      if (waiting) {
        waiting.push(event);
        return;
      }
      // An array's iterator reaches the events pushed while it runs. A transition that throws is logged, its event dropped.
      waiting = [event];
      for (const next of waiting) if (!disposed) guard(name, () => handle(next));
      waiting = null;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      runCleanups();
    },
  };
  return machine;
}
