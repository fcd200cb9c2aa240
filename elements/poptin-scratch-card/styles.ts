export const scratchCardStyles = `
:host {
  --poptin-scratch-width: 300px;
  --poptin-scratch-height: 150px;
  --poptin-scratch-cover: #6b7280;
  --poptin-scratch-cover-text: #ffffff;
  --poptin-scratch-background: #fef3c7;
  display: inline-block;
  vertical-align: middle;
  /* Narrower than its size on a phone's pop-up, it shrinks to the space it is given. */
  max-width: 100%;
}
[part~="base"] { display: inline-flex; flex-direction: column; align-items: center; gap: 8px; max-width: 100%; }
[part~="card"] {
  position: relative;
  width: var(--poptin-scratch-width);
  max-width: 100%;
  height: var(--poptin-scratch-height);
  overflow: hidden;
  border-radius: 12px;
  background: var(--poptin-scratch-background);
  /* Strokes that go on once the prize shows would select its text. */
  -webkit-user-select: none;
  user-select: none;
}
[part~="prize"] {
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
  margin: 0;
  padding: 0 12px;
  color: #1f2937;
  font: 700 24px/1.2 var(--poptin-font-family, system-ui, sans-serif);
  text-align: center;
  /* The owner's prize text reads in the direction of its first letter, whatever the page's. */
  unicode-bidi: plaintext;
}
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
  padding: 6px 12px;
  border: 1px solid currentColor;
  border-radius: 6px;
  background: transparent;
  color: inherit;
  font: 500 14px var(--poptin-font-family, system-ui, sans-serif);
  cursor: pointer;
}
[part~="reveal-button"]:focus-visible { outline: 3px solid var(--poptin-focus-color, #2563eb); outline-offset: 2px; }
[part~="reveal-button"]:disabled { visibility: hidden; }
@media (prefers-reduced-motion: reduce) {
  [part~="cover"] { transition-duration: 0.15s; }
}
`;
