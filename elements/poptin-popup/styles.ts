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
  --poptin-popover-background: #fff;
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
  .poptin-tooltip { transition: none; }
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
.content .poptin-hint { color: inherit; opacity: 0.8; font-size: 13px; margin: 2px 0 0; }
.content .poptin-suggestion { font-size: 14px; margin: 4px 0 0; }
.content .poptin-suggestion-address { padding: 0; border: 0; background: none; color: var(--poptin-accent); font: inherit; text-decoration: underline; cursor: pointer; }
.content [data-poptin-screen]:focus { outline: none; }
.content .poptin-phone { display: flex; flex-wrap: wrap; position: relative; align-items: stretch; gap: 6px; }
/* Flex-basis 0 so an owner's width:100% on the input does not push it under its button. */
.content .poptin-phone > input { flex: 1 1 0%; min-width: 0; }
.content .poptin-phone .poptin-country-popup { order: 1; }
.content .poptin-date { display: flex; flex-wrap: wrap; align-items: stretch; }
.content .poptin-date > input { flex: 1 1 0%; min-width: 0; }
.content .poptin-date > input:not([type=checkbox]):not([type=radio]) { padding-inline-end: 44px; }
.content .poptin-date > input[readonly] { cursor: pointer; }
.content .poptin-addon { display: contents; }
.poptin-country-button, .poptin-date-button, .poptin-calendar-step {
  font: inherit; color: inherit; background: transparent; border: 1px solid #b9bcc6; border-radius: 8px; cursor: pointer;
}
.poptin-country-button { display: inline-flex; align-items: center; gap: 4px; padding: 0 10px; white-space: nowrap; }
.poptin-date-button { flex: 0 0 44px; margin-inline-start: -44px; border-color: transparent; display: inline-flex; align-items: center; justify-content: center; }
/* In the flow under their field, not floating: the panel scrolls, and would clip anything positioned out of it. */
.poptin-country-popup, .poptin-calendar {
  flex-basis: 100%; margin-block-start: 4px; box-sizing: border-box;
  background: var(--poptin-popover-background); color: var(--poptin-panel-color); border: 1px solid #b9bcc6; border-radius: 10px;
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.18); padding: 8px; text-align: start;
}
.poptin-country-popup [role="listbox"] { list-style: none; margin: 6px 0 0; padding: 0; max-height: 220px; overflow: auto; }
.poptin-country-popup [role="option"] { display: flex; gap: 8px; padding: 8px; border-radius: 6px; cursor: pointer; font-size: 14px; }
.poptin-country-popup [role="option"].is-active { background: rgba(79, 70, 229, 0.12); outline: 2px solid var(--poptin-accent); outline-offset: -2px; }
.poptin-country-popup [role="option"][aria-selected="true"] { font-weight: 700; }
.poptin-country-code { opacity: 0.75; }
.poptin-country-empty { margin: 8px; font-size: 14px; }
.poptin-calendar { max-width: 320px; margin-inline-start: auto; }
.poptin-calendar-header { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 6px; }
.poptin-calendar-title { font-weight: 700; }
.poptin-calendar-step { width: 36px; height: 36px; }
.poptin-calendar table { width: 100%; border-collapse: collapse; table-layout: fixed; }
.poptin-calendar th { font-size: 12px; font-weight: 600; padding: 4px 0; opacity: 0.7; }
.poptin-calendar td { text-align: center; padding: 6px 0; border-radius: 6px; cursor: pointer; font-size: 14px; }
.poptin-calendar td.is-outside { opacity: 0.45; }
.poptin-calendar td[aria-current="date"] { font-weight: 700; }
.poptin-calendar td[aria-selected="true"] { background: var(--poptin-accent); color: #fff; }
.poptin-calendar td[aria-disabled="true"] { opacity: 0.3; cursor: not-allowed; }
.poptin-calendar td:focus { outline: 3px solid var(--poptin-accent); outline-offset: -3px; }
[data-poptin-coupon] { position: relative; cursor: copy; }
.poptin-tooltip {
  position: absolute; inset-block-end: calc(100% + 6px); inset-inline-start: 50%; translate: -50% 0; padding: 4px 8px; border-radius: 6px;
  background: #1d1d1f; color: #fff; font-size: 13px; white-space: nowrap; opacity: 1; transition: opacity 300ms;
}
[dir="rtl"] .poptin-tooltip { translate: 50% 0; }
.poptin-tooltip.is-fading { opacity: 0; }
[part~="skip-button"] { display: block; margin: 16px auto 0; padding: 8px 16px; font: inherit; color: inherit; background: transparent; border: 0; text-decoration: underline; cursor: pointer; }
.content [type=submit] { cursor: pointer; }
.poptin-shake { animation: poptin-shake 1s; }
@keyframes poptin-shake { 10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); } 30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); } }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
[hidden] { display: none !important; }
/* One template may carry both designs: each device sees its own. */
:host([data-variant="mobile"]) [data-poptin-variant="desktop"], :host(:not([data-variant="mobile"])) [data-poptin-variant="mobile"] { display: none !important; }
`;
