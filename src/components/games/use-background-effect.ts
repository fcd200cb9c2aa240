import { type RefObject, useEffect, useRef } from 'react';
import type { BackgroundEffect } from '../../core/games/index.ts';
import { log } from '../../core/safety.ts';
import type { RunningEffect } from './background-effects.ts';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

interface Running {
  readonly effect: BackgroundEffect;
  readonly canvas: HTMLCanvasElement;
  run: RunningEffect | null;
}

/**
 * Runs a background effect in the place of `canvas` while `open`: its chunk loads when the surface first opens,
 * it pauses whenever the surface is not open, and stops (nothing left running, no listener) once its canvas is
 * gone, as when the pop-up has closed, or the surface goes.
 */
export function useBackgroundEffect(
  canvas: RefObject<HTMLCanvasElement | null>,
  effect: BackgroundEffect | null,
  open: boolean,
): void {
  const running = useRef<Running | null>(null);
  const openNow = useRef(open);
  openNow.current = open;

  // After each render: an effect whose canvas is no longer drawn stops.
  useEffect(() => {
    const current = running.current;
    if (current && (current.canvas !== canvas.current || current.effect !== effect)) {
      current.run?.stop();
      running.current = null;
    }
  });

  useEffect(() => {
    const target = canvas.current;
    if (!effect || !target) return;
    if (!open) {
      running.current?.run?.pause();
      return;
    }
    if (running.current) {
      running.current.run?.resume();
      return;
    }
    const starting: Running = { effect, canvas: target, run: null };
    running.current = starting;
    import('./background-effects.ts')
      .then(({ startBackgroundEffect }) => {
        if (running.current !== starting || !target.isConnected) return;
        starting.run = startBackgroundEffect(target, effect, { reducedMotion: prefersReducedMotion() });
        if (!openNow.current) starting.run.pause();
      })
      .catch((error: unknown) => log.warn('the background effect could not be loaded', error));
  }, [canvas, effect, open]);

  useEffect(
    () => () => {
      running.current?.run?.stop();
      running.current = null;
    },
    [],
  );
}
