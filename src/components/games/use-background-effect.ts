import { type RefObject, useEffect, useRef } from 'react';
import type { BackgroundEffect } from '../../core/games/index.ts';
import { afterNextPaint } from '../../core/loading/after-next-paint.ts';
import { log } from '../../core/safety.ts';
import type { RunningEffect } from './background-effects.ts';

/**
 * Runs a background effect in the place of `canvas` while `open`: its chunk loads when the surface first opens and it
 * is painted after the surface's first frame; it pauses whenever the surface is not open (closing included) and
 * stops when the surface goes. The effect stops itself once its canvas is taken out of the page, as when the pop-up
 * has closed (background-effects.ts).
 */
export function useBackgroundEffect(
  canvas: RefObject<HTMLCanvasElement | null>,
  effect: BackgroundEffect | null,
  open: boolean,
): void {
  const running = useRef<{ effect: BackgroundEffect; run: RunningEffect | null } | null>(null);
  const openNow = useRef(open);
  openNow.current = open;

  useEffect(() => {
    if (!effect) return;
    if (!open) {
      running.current?.run?.pause();
      return;
    }
    if (running.current?.effect === effect) {
      running.current.run?.resume();
      return;
    }
    const starting: { effect: BackgroundEffect; run: RunningEffect | null } = { effect, run: null };
    running.current = starting;
    // Behind the pop-up's own first frame: the effect's chunk is asked for, and the effect painted, once the pop-up
    // is on screen.
    afterNextPaint()
      .then(() => import('./background-effects.ts'))
      .then(({ startBackgroundEffect }) => {
        if (running.current !== starting || !canvas.current) return;
        starting.run = startBackgroundEffect(canvas.current, effect);
        if (!openNow.current) starting.run.pause();
      })
      .catch((error: unknown) => log.warn('the background effect could not be loaded', error));
  }, [canvas, effect, open]);

  useEffect(
    () => () => {
      running.current?.run?.stop();
      running.current = null;
    },
    [effect],
  );
}
