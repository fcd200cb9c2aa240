// axe-core's WCAG 2.1 A/AA and best-practice rules over part of the page (shadow DOM included), for browser tests.
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

export async function runAxe(context: ElementContext): Promise<AxeResults> {
  const page = window as unknown as {
    axe?: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
  };
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
  // contrast rule on a busy machine. Endless animations (confetti, spinners) are left running.
  const roots: DocumentOrShadowRoot[] = [document];
  const visit = (node: Element) => {
    if (node.shadowRoot) {
      roots.push(node.shadowRoot);
      [...node.shadowRoot.querySelectorAll('*')].forEach(visit);
    }
  };
  [...document.querySelectorAll('*')].forEach(visit);
  const settling = roots
    .flatMap((root) => root.getAnimations())
    .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
  // Brought to their end at once: a page the runner keeps in the background may never play them.
  for (const animation of settling) animation.finish();
  return page.axe!.run(context, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
}
