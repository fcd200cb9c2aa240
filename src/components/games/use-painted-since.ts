import { useEffect, useState } from 'react';
import { afterNextPaint } from '../../core/loading/after-next-paint.ts';

/**
 * Whether a frame has been painted since `started` became true (false again once it is false). The frame of a
 * visitor's play shows the move alone (the wheel starts turning, the lid lifts); what can follow a frame later
 * (the prize under the lid, a screen reader's words) waits for it, so that the frame after the click carries no
 * layout of its own (docs/performance.md, "Interactions").
 */
export function usePaintedSince(started: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    setPainted(false);
    if (!started) return;
    let current = true;
    void afterNextPaint().then(() => {
      if (current) setPainted(true);
    });
    return () => {
      current = false;
    };
  }, [started]);
  return started && painted;
}
