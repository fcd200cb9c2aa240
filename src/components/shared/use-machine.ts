import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type Cleanup, createMachine, type EffectContext, type Machine, type Transition } from '../../core/machine.ts';

/**
 * A machine for the life of a view: the view renders its snapshot and sends it events; `run` (the latest one
 * the view rendered) carries out its effects. Disposed, its effects cleaned up, when the view goes.
 */
export function useMachine<Snapshot, Event, Effect>(
  name: string,
  initial: Snapshot,
  transition: Transition<Snapshot, Event, Effect>,
  run: (effect: Effect, context: EffectContext<Snapshot, Event>) => Cleanup | void,
): readonly [Snapshot, Machine<Snapshot, Event>] {
  const latestRun = useRef(run);
  useLayoutEffect(() => {
    latestRun.current = run;
  });
  const [snapshot, setSnapshot] = useState(initial);
  const [machine] = useState(() =>
    createMachine({
      name,
      initial,
      transition,
      onChange: (next: Snapshot) => setSnapshot(next),
      run: (effect, running) => latestRun.current(effect, running),
    }),
  );
  useEffect(() => () => machine.dispose(), [machine]);
  return [snapshot, machine];
}
