import { useEffect, useState } from 'react';
import { createCountdownRunner } from '../../core/countdown/machine.ts';
import { timeParts } from '../../core/countdown/time.ts';

/**
 * Seconds left before the close button may be used (widget §4 close-button countdown): all of `seconds`
 * until `started`, then counting down to 0.
 */
export function useCloseCountdown(seconds: number, started: boolean): number {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!started || seconds <= 0) return;
    const runner = createCountdownRunner(
      { kind: 'duration', ms: seconds * 1000 },
      { onChange: (snapshot) => setLeft(timeParts(snapshot.remainingMs).totalSeconds) },
    );
    runner.send({ type: 'start', now: Date.now() });
    return () => runner.dispose();
  }, [seconds, started]);
  return seconds > 0 ? (left ?? seconds) : 0;
}
