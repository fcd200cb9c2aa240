// poptin.js: defines <poptin-controller> only (no React). With `?id=CLIENT` in its own URL it also adds a
// controller for that client, talking to the script's origin unless the script tag says data-api-base.
import '../elements/poptin-controller/define.ts';
import { controllerSourceOf, ensureController } from './core/loading/controller-tag.ts';
import { defineOnSight } from './core/loading/define-on-sight.ts';
import { rememberEarlyClicks } from './core/loading/early-clicks.ts';
import { guard } from './core/safety.ts';
import { handPlacedLoaders } from './registry.ts';

function ownScript(): HTMLScriptElement | null {
  const self = import.meta.url;
  return (
    Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).find((script) => script.src === self) ??
    null
  );
}

function addControllerFromScriptUrl(): void {
  const source = controllerSourceOf(ownScript(), import.meta.url);
  if (source) ensureController(document, source);
}

// A module script runs at the end of the page's parsing, in the task of the page's own first layout: the
// controller, whose start reads the page and its own script tag, is added in a timer, or that task was a long
// one (npm run bench, Long Animation Frames at 4× CPU slowdown). Hand-placed elements (a chat button, an embed)
// start loading at once, so that they do not wait behind the page's own first tasks.
function start(): void {
  defineOnSight(handPlacedLoaders);
  setTimeout(() => guard('loader', addControllerFromScriptUrl), 0);
}

guard('loader', () => {
  rememberEarlyClicks(document);
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', () => guard('loader', start), { once: true });
  else start();
});
