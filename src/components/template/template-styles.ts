// What the template binding adds to an owner's template: field looks, messages, suggestions, coupons.
import { honeypotStyles } from './honeypot.ts';

// Shared by the shadow root's copy of a template and by a page builder's slotted children.
const FIELD =
  'box-sizing: border-box; width: 100%; padding: 10px 12px; font: inherit; border: 1px solid #b9bcc6; border-radius: 8px;';
const INVALID =
  'border-color: var(--poptin-invalid-color) !important; box-shadow: 0 0 0 1px var(--poptin-invalid-color);';
const ERROR = 'color: var(--poptin-invalid-color); font-size: 14px; margin: 4px 0 0;';
const HINT = 'color: inherit; opacity: 0.8; font-size: 13px; margin: 2px 0 0;';
const SUGGESTION = 'font-size: 14px; margin: 4px 0 0;';
const SUGGESTION_ADDRESS =
  'padding: 0; border: 0; background: none; color: var(--poptin-accent); font: inherit; text-decoration: underline; cursor: pointer;';
const COUPON = 'position: relative; cursor: copy;';
const TOOLTIP =
  'position: absolute; inset-block-end: calc(100% + 6px); inset-inline-start: 50%; translate: -50% 0; padding: 4px 8px; border-radius: 6px; background: #1d1d1f; color: #fff; font-size: 13px; white-space: nowrap; opacity: 1; transition: opacity 300ms;';
// Named apart from the pop-up's entry animation "shake" (animation-styles.ts), which shares the shadow root.
const SHAKE_KEYFRAMES =
  '@keyframes poptin-form-shake { 10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); } 30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); } }';

export const templateStyles = `${honeypotStyles}
.content input:not([type=checkbox]):not([type=radio]), .content select, .content textarea {
  ${FIELD}
}
.content [aria-invalid="true"], .content .poptin-invalid { ${INVALID} }
.content .poptin-error { ${ERROR} }
.content .poptin-hint { ${HINT} }
.content .poptin-suggestion { ${SUGGESTION} }
.content .poptin-suggestion-address { ${SUGGESTION_ADDRESS} }
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
[data-poptin-coupon] { ${COUPON} }
.poptin-tooltip { ${TOOLTIP} }
[dir="rtl"] .poptin-tooltip { translate: 50% 0; }
.poptin-tooltip.is-fading { opacity: 0; }
.content [type=submit] { cursor: pointer; }
.poptin-shake { animation: poptin-form-shake 1s; }
${SHAKE_KEYFRAMES}
@media (prefers-reduced-motion: reduce) {
  .poptin-shake { animation: none !important; outline: 2px solid var(--poptin-invalid-color); }
  .poptin-tooltip { transition: none; }
}
`;

/**
 * The same for a pop-up's own slotted children (a page builder's tag), from the document: at no specificity, so
 * that any rule of the page wins, apart from the spam trap and hidden screens, which must stay unseen.
 */
export const slottedTemplateStyles = `
@scope (poptin-popup[data-slotted]) {
  .poptin-trap { position: absolute !important; inset-inline-start: -10000px !important; top: auto; width: 1px !important; height: 1px !important; overflow: hidden !important; }
  [data-poptin-screen][hidden] { display: none !important; }
  :where(input:not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]), select, textarea) { ${FIELD} }
  :where([aria-invalid="true"], .poptin-invalid) { ${INVALID} }
  :where(.poptin-error) { ${ERROR} }
  :where(.poptin-hint) { ${HINT} }
  :where(.poptin-suggestion) { ${SUGGESTION} }
  :where(.poptin-suggestion-address) { ${SUGGESTION_ADDRESS} }
  :where([data-poptin-coupon]) { ${COUPON} }
  :where(.poptin-tooltip) { ${TOOLTIP} }
  :where(.poptin-tooltip:dir(rtl)) { translate: 50% 0; }
  :where(.poptin-tooltip.is-fading) { opacity: 0; }
  :where([type=submit]) { cursor: pointer; }
  :where(.poptin-shake) { animation: poptin-form-shake 1s; }
}
${SHAKE_KEYFRAMES}
@media (prefers-reduced-motion: reduce) {
  @scope (poptin-popup[data-slotted]) { .poptin-shake { animation: none !important; outline: 2px solid var(--poptin-invalid-color); } .poptin-tooltip { transition: none; } }
}
`;
