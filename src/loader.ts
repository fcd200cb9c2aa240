// poptin.js: defines <poptin-controller> only (no React). With `?id=CLIENT` in its own URL it also adds a
// controller for that client, talking to the script's origin unless the script tag says data-api-base.
import '../elements/poptin-controller/define.ts';
import { guard } from './core/safety.ts';
import { defineOnSight } from './core/loading/define-on-sight.ts';
import { elementLoaders } from './element-loaders.ts';

function ownScript(): HTMLScriptElement | null {
  const self = import.meta.url;
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).find((script) => script.src === self) ?? null;
}

function addControllerFromScriptUrl(): void {
  const url = new URL(import.meta.url);
  const clientId = url.searchParams.get('id');
  if (!clientId) return;
  if (document.querySelector(`poptin-controller[client-id="${CSS.escape(clientId)}"]`)) return;
  const controller = document.createElement('poptin-controller');
  controller.setAttribute('client-id', clientId);
  const script = ownScript();
  controller.setAttribute('api-base', script?.dataset.apiBase || url.origin);
  // The CSP nonce of the script tag, for the owner code the widget inserts (see README, "Strict CSP").
  if (script?.nonce) controller.nonce = script.nonce;
  (document.body ?? document.documentElement).append(controller);
}

function start(): void {
  addControllerFromScriptUrl();
  defineOnSight(elementLoaders);
}

guard('loader', () => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => guard('loader', start), { once: true });
  else start();
});
