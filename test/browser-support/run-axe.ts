// axe-core's WCAG 2.1 A/AA and best-practice rules over part of the page (shadow DOM included), for browser tests.
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

export async function runAxe(context: ElementContext): Promise<AxeResults> {
  const page = window as unknown as { axe?: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> } };
  if (!page.axe) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('axe-core did not load'));
      document.head.append(script);
    });
  }
  // Colours are judged as the visitor reads them once an entrance has played: a panel still fading in fails the
  // contrast rule on a busy machine. Endless animations (confetti, spinners) are not waited for.
  const settling = document.getAnimations().filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
  await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
  return page.axe!.run(context, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
}
