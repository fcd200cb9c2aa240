// A ticket: a coloured card with notches in its sides, and in it the scratch area, a silver foil (drawn on the
// canvas once) over the prize.
export const scratchCardStyles = `
:host {
  --poptin-scratch-width: 300px;
  --poptin-scratch-height: 150px;
  --poptin-scratch-cover: #b8bdc6;
  --poptin-scratch-cover-text: #4b5563;
  --poptin-scratch-background: #fef3c7;
  --poptin-scratch-ticket: #7c3aed;
  --poptin-scratch-prize-text: #78350f;
  display: inline-block;
  vertical-align: middle;
  /* Narrower than its size on a phone's pop-up, it shrinks to the space it is given. */
  max-width: 100%;
}
[part~="base"] { display: inline-flex; flex-direction: column; align-items: center; gap: 10px; max-width: 100%; }
/* The ticket's shadow follows its notches. */
.ticket { max-width: 100%; filter: drop-shadow(0 6px 10px rgb(0 0 0 / 0.22)); }
[part~="card"] {
  --notch: 10px;
  position: relative;
  box-sizing: border-box;
  width: var(--poptin-scratch-width);
  max-width: 100%;
  height: var(--poptin-scratch-height);
  padding: 12px 20px;
  border-radius: 12px;
  background:
    radial-gradient(circle at 20% 0, rgb(255 255 255 / 0.28), rgb(255 255 255 / 0) 60%),
    repeating-linear-gradient(135deg, rgb(255 255 255 / 0.07) 0 6px, rgb(255 255 255 / 0) 6px 12px),
    linear-gradient(135deg, var(--poptin-scratch-ticket), color-mix(in srgb, var(--poptin-scratch-ticket), #000000 30%));
  -webkit-mask:
    radial-gradient(circle at 0 50%, transparent var(--notch), #000000 calc(var(--notch) + 0.5px)) left / 51% 100% no-repeat,
    radial-gradient(circle at 100% 50%, transparent var(--notch), #000000 calc(var(--notch) + 0.5px)) right / 51% 100% no-repeat;
  mask:
    radial-gradient(circle at 0 50%, transparent var(--notch), #000000 calc(var(--notch) + 0.5px)) left / 51% 100% no-repeat,
    radial-gradient(circle at 100% 50%, transparent var(--notch), #000000 calc(var(--notch) + 0.5px)) right / 51% 100% no-repeat;
  /* Strokes that go on once the prize shows would select its text. */
  -webkit-user-select: none;
  user-select: none;
}
[part~="scratch-area"] {
  position: relative;
  height: 100%;
  overflow: hidden;
  border-radius: 8px;
  background:
    radial-gradient(circle, rgb(0 0 0 / 0.06) 1px, transparent 1.5px) 0 0 / 10px 10px,
    var(--poptin-scratch-background);
  box-shadow: 0 0 0 2px rgb(255 255 255 / 0.75), inset 0 1px 3px rgb(0 0 0 / 0.25);
}
[part~="prize"] {
  display: flex;
  align-items: center;
  justify-content: center;
  box-sizing: border-box;
  height: 100%;
  margin: 0;
  padding: 0 12px;
  border: 2px dashed color-mix(in srgb, var(--poptin-scratch-prize-text), transparent 60%);
  border-radius: 8px;
  color: var(--poptin-scratch-prize-text);
  font: 800 24px/1.15 var(--poptin-font-family, system-ui, sans-serif);
  text-align: center;
  overflow-wrap: anywhere;
  /* The owner's prize text reads in the direction of its first letter, whatever the page's. */
  unicode-bidi: plaintext;
}
[data-revealed] [part~="prize"] { animation: poptin-scratch-prize 0.5s cubic-bezier(0.3, 1.5, 0.5, 1); }
@keyframes poptin-scratch-prize { from { transform: scale(0.85); } to { transform: none; } }
[part~="cover"] {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  touch-action: none;
  cursor: crosshair;
  transition: opacity 0.4s;
}
[data-revealed] [part~="cover"] { opacity: 0; pointer-events: none; }
[part~="reveal-button"] {
  padding: 6px 14px;
  border: 1px solid currentColor;
  border-radius: 999px;
  background: transparent;
  color: inherit;
  font: 600 14px var(--poptin-font-family, system-ui, sans-serif);
  cursor: pointer;
}
[part~="reveal-button"]:focus-visible { outline: 3px solid var(--poptin-focus-color, #2563eb); outline-offset: 2px; }
[part~="reveal-button"]:disabled { visibility: hidden; }
@media (prefers-reduced-motion: reduce) {
  [part~="cover"] { transition-duration: 0.15s; }
  [data-revealed] [part~="prize"] { animation: none; }
}
`;
