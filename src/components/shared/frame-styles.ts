// The frame every surface is drawn in. No rem units: hosts change the root font size (design §6).
// Inherited properties are set on the base element inside the shadow root, not only on :host: a host
// page's `* { color: red !important }` matches the host element and would be inherited from it.
export const frameStyles = `
:host {
  --poptin-panel-background: #fff;
  --poptin-panel-color: #1d1d1f;
  --poptin-panel-radius: 12px;
  --poptin-panel-max-width: 800px;
  --poptin-overlay-color: rgba(15, 17, 26, 0.55);
  --poptin-accent: #4f46e5;
  --poptin-invalid-color: #c62828;
  --poptin-popover-background: #fff;
  --poptin-z-index: 999999999;
  --poptin-font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  --poptin-font-size: 16px;
  all: initial;
}
[part~="base"] {
  box-sizing: border-box;
  border: 0;
  padding: 0;
  background: transparent;
  max-width: min(var(--poptin-panel-max-width), calc(100vw - 24px));
  max-height: calc(100vh - 24px);
  overflow: visible;
  color: var(--poptin-panel-color);
  font-family: var(--poptin-font-family);
  font-size: var(--poptin-font-size);
  font-weight: 400;
  font-style: normal;
  font-variant: normal;
  line-height: 1.4;
  letter-spacing: normal;
  word-spacing: normal;
  text-align: start;
  text-indent: 0;
  text-transform: none;
  text-shadow: none;
  white-space: normal;
  visibility: visible;
  cursor: auto;
}
dialog[part~="base"]::backdrop { background: var(--poptin-overlay-color); }
/* Laid out once, unseen, by the browser's frame before showModal() (surface-frame.tsx): centred in the viewport as a
   modal is, and nothing in it seen or reached, whatever the template's own styles say. */
dialog[part~="base"][data-laying-out]:not([open]) { display: block; position: fixed; inset: 0; margin: auto; }
dialog[part~="base"][data-laying-out]:not([open]),
dialog[part~="base"][data-laying-out]:not([open]) * { visibility: hidden !important; pointer-events: none !important; }
[part~="base"].is-inline {
  position: fixed;
  /* The popover's own inset: 0 would pin every side; the placement classes set the ones that count. */
  inset: auto;
  z-index: var(--poptin-z-index);
  margin: 12px;
}
.is-inline.at-top { top: 0; } .is-inline.at-bottom { bottom: 0; } .is-inline.at-middle { top: 50%; translate: 0 -50%; margin-block: 0; }
.is-inline.at-left { left: 0; } .is-inline.at-right { right: 0; } .is-inline.at-center { left: 50%; translate: -50% 0; margin-inline: 0; }
.is-inline.at-center.at-middle { translate: -50% -50%; }
[part~="panel"] {
  position: relative;
  box-sizing: border-box;
  background: var(--poptin-panel-background);
  border-radius: var(--poptin-panel-radius);
  box-shadow: 0 20px 60px rgba(0, 0, 0, 0.25);
  padding: 32px 28px 28px;
  min-width: min(320px, calc(100vw - 24px));
  overflow: auto;
  max-height: calc(100vh - 24px);
  animation: poptin-enter 300ms ease-out;
}
/* On the panel's own attribute: a change of the base's data-state would send the browser through the whole template. */
[part~="panel"][data-animation-phase="exit"] { opacity: 0; transform: scale(0.96); transition: opacity 200ms, transform 200ms; }
@keyframes poptin-enter { from { opacity: 0; transform: translateY(12px) scale(0.98); } to { opacity: 1; transform: none; } }
@media (prefers-reduced-motion: reduce) {
  [part~="panel"] { animation: none; }
  [part~="panel"][data-animation-phase="exit"] { transition: none; }
}
[part~="close-button"] {
  position: absolute;
  inset-block-start: 6px;
  inset-inline-end: 6px;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  font-size: 26px;
  line-height: 1;
  cursor: pointer;
}
[part~="close-button"]:focus-visible, .content :focus-visible { outline: 3px solid var(--poptin-accent); outline-offset: 2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
[hidden] { display: none !important; }
`;
