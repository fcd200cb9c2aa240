import { useEffect, useState } from 'react';
import type { CountdownRunner } from '../../core/countdown/machine.ts';

/**
 * Seconds left before the close button may be used (widget §4 close-button countdown): all of `seconds`
 * until `started`, then counting down to 0. The countdown's machine is loaded then, and only by pop-ups that have one.
 */
export function useCloseCountdown(seconds: number, started: boolean): number {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!started || seconds <= 0) return;
    // Counted from now, however long its machine takes to load.
    const startedAt = Date.now();
    let runner: CountdownRunner | null = null;
    let ended = false;
    void Promise.all([import('../../core/countdown/machine.ts'), import('../../core/countdown/time.ts')]).then(
      ([{ createCountdownRunner }, { timeParts }]) => {
        if (ended) return;
        runner = createCountdownRunner(
          { kind: 'duration', ms: seconds * 1000 },
          { onChange: (snapshot) => setLeft(timeParts(snapshot.remainingMs).totalSeconds) },
        );
        runner.send({ type: 'start', now: startedAt });
      },
    );
    return () => {
      ended = true;
      runner?.dispose();
    };
  }, [seconds, started]);
  return seconds > 0 ? (left ?? seconds) : 0;
}
