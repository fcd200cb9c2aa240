import { useEffect, useState } from 'react';
import { readingProgress, scrollToTopVisible, TIMINGS } from '../k3-behaviour.ts';
import { prefersReducedMotion } from './use-viewport.ts';

function useScrollY(): number {
  const [scrollY, setScrollY] = useState(() => window.scrollY);
  useEffect(() => {
    const update = () => setScrollY(window.scrollY);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrollY;
}

/** Scrolls the window to `top` in `durationMs` (ease-out), at once under reduced motion. */
export function animateScrollTo(top: number, durationMs: number): void {
  if (prefersReducedMotion() || durationMs <= 0) return window.scrollTo(0, top);
  const start = window.scrollY;
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / durationMs);
    window.scrollTo(0, start + (top - start) * (1 - (1 - progress) ** 3));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** The theme's scroll-to-top control: shown past 300 px, scrolling up in 300 ms (site spec §2, §9). */
export function ScrollToTop() {
  const visible = scrollToTopVisible(useScrollY());
  return (
    <button
      type="button"
      className="scroll-to-top"
      data-visible={visible ? '' : undefined}
      hidden={!visible}
      aria-label="Kembali ke atas"
      onClick={() => animateScrollTo(0, TIMINGS.scrollToTopMs)}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}

/** The reading-progress bar: its width follows how far the page is scrolled, also as the page grows or the window changes. */
export function ReadingProgress() {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    const update = () =>
      setPercent(
        Math.round(readingProgress(window.scrollY, document.documentElement.scrollHeight, window.innerHeight)),
      );
    update();
    const resized = new ResizeObserver(update);
    resized.observe(document.body);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      resized.disconnect();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return (
    <div
      className="reading-progress"
      role="progressbar"
      aria-label="Progres membaca"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="reading-progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
