// poptin.js: defines <poptin-controller> only (no React). With `?id=CLIENT` in its own URL it also adds a
// controller for that client, talking to the script's origin unless the script tag says data-api-base.
import '../elements/poptin-controller/define.ts';
import { guard } from './core/safety.ts';
import { controllerSourceOf, ensureController } from './core/loading/controller-tag.ts';
import { defineOnSight } from './core/loading/define-on-sight.ts';
import { rememberEarlyClicks } from './core/loading/early-clicks.ts';
import { elementLoaders } from './element-loaders.ts';

function ownScript(): HTMLScriptElement | null {
  const self = import.meta.url;
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).find((script) => script.src === self) ?? null;
}

function addControllerFromScriptUrl(): void {
  const source = controllerSourceOf(ownScript(), import.meta.url);
  if (source) ensureController(document, source);
}

function start(): void {
  addControllerFromScriptUrl();
  defineOnSight(elementLoaders);
}

// Only what cannot wait runs while the script is evaluated: a module script runs at the end of the page's
// parsing, in the task of the page's own first layout, and anything more here made that task a long one
// (npm run bench, Long Animation Frames at 4× CPU slowdown).
const startSoon = () => setTimeout(() => guard('loader', start), 0);

guard('loader', () => {
  rememberEarlyClicks(document);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startSoon, { once: true });
  else startSoon();
});
