// No rem units: hosts change the root font size (design §6).
export const popupStyles = `
:host {
  --poptin-panel-background: #fff;
  --poptin-panel-color: #1d1d1f;
  --poptin-panel-radius: 12px;
  --poptin-panel-max-width: 800px;
  --poptin-overlay-color: rgba(15, 17, 26, 0.55);
  --poptin-accent: #4f46e5;
  --poptin-invalid-color: #c62828;
  --poptin-z-index: 999999999;
  all: initial;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  color: var(--poptin-panel-color);
}
[part~="base"] {
  box-sizing: border-box;
  border: 0;
  padding: 0;
  background: transparent;
  max-width: min(var(--poptin-panel-max-width), calc(100vw - 24px));
  max-height: calc(100vh - 24px);
  overflow: visible;
  color: inherit;
}
dialog[part~="base"]::backdrop { background: var(--poptin-overlay-color); }
[part~="base"].is-inline {
  position: fixed;
  z-index: var(--poptin-z-index);
  margin: 12px;
}
.is-inline.at-top { top: 0; } .is-inline.at-bottom { bottom: 0; } .is-inline.at-middle { top: 50%; translate: 0 -50%; }
.is-inline.at-left { left: 0; } .is-inline.at-right { right: 0; } .is-inline.at-center { left: 50%; translate: -50% 0; }
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
[data-state="closing"] [part~="panel"] { opacity: 0; transform: scale(0.96); transition: opacity 200ms, transform 200ms; }
@keyframes poptin-enter { from { opacity: 0; transform: translateY(12px) scale(0.98); } to { opacity: 1; transform: none; } }
@media (prefers-reduced-motion: reduce) {
  [part~="panel"] { animation: none; }
  [data-state="closing"] [part~="panel"] { transition: none; }
  .poptin-shake { animation: none !important; outline: 2px solid var(--poptin-invalid-color); }
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
.content input:not([type=checkbox]):not([type=radio]), .content select, .content textarea {
  box-sizing: border-box; width: 100%; padding: 10px 12px; font: inherit; border: 1px solid #b9bcc6; border-radius: 8px;
}
.content [aria-invalid="true"], .content .poptin-invalid { border-color: var(--poptin-invalid-color) !important; box-shadow: 0 0 0 1px var(--poptin-invalid-color); }
.content .poptin-error { color: var(--poptin-invalid-color); font-size: 14px; margin: 4px 0 0; }
.content [type=submit] { cursor: pointer; }
.poptin-shake { animation: poptin-shake 1s; }
@keyframes poptin-shake { 10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); } 30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); } }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
[hidden] { display: none !important; }
`;
