// The wheel is sized by its own properties, never by what surrounds it (design §6, no rem).
export const spinWheelStyles = `
:host {
  --poptin-wheel-size: 300px;
  --poptin-wheel-slice: #4f46e5;
  --poptin-wheel-slice-alternate: #f59e0b;
  --poptin-wheel-text: #ffffff;
  --poptin-wheel-rim: #1f2937;
  display: inline-block;
  vertical-align: middle;
  /* Narrower than its size on a phone's pop-up, it shrinks to the space it is given. */
  max-width: 100%;
}
[part~="base"] { position: relative; display: inline-block; width: var(--poptin-wheel-size); max-width: 100%; aspect-ratio: 1; }
[part~="wheel"] {
  display: block;
  width: 100%;
  height: 100%;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: none;
  cursor: pointer;
}
[part~="wheel"][data-disabled] { cursor: default; }
[part~="spin-button"] {
  position: absolute;
  z-index: 1;
  top: 50%;
  left: 50%;
  box-sizing: border-box;
  width: 64px;
  height: 64px;
  margin: -32px 0 0 -32px;
  padding: 0;
  border: 3px solid #ffffff;
  border-radius: 50%;
  background: var(--poptin-wheel-rim);
  color: #ffffff;
  font: 700 15px var(--poptin-font-family, system-ui, sans-serif);
  letter-spacing: 0.04em;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.35);
  cursor: pointer;
}
[part~="spin-button"][aria-disabled="true"] { cursor: default; }
[part~="spin-button"]:focus-visible { outline: 3px solid var(--poptin-focus-color, #2563eb); outline-offset: 3px; }
[part~="face"] {
  display: block;
  width: 100%;
  height: 100%;
  transition: transform 6.5s cubic-bezier(0.12, 0.6, 0.1, 1);
  /* A layer of its own from the start: the spin's first frame turns it instead of painting the face again. */
  will-change: transform;
}
.rim { fill: var(--poptin-wheel-rim); }
.slice.even path { fill: var(--poptin-wheel-slice); }
.slice.odd path { fill: var(--poptin-wheel-slice-alternate); }
.slice text { fill: var(--poptin-wheel-text); font: 600 11px var(--poptin-font-family, system-ui, sans-serif); }
/* A prize is the owner's text in its own language: it reads in the direction of its first letter, whatever the page's. */
.slice text { unicode-bidi: plaintext; }
.slice text[data-long] { font-size: 7.5px; }
.hub { fill: var(--poptin-wheel-rim); }
[part~="pointer"] {
  position: absolute;
  z-index: 1;
  top: -6px;
  left: 50%;
  width: 0;
  height: 0;
  margin-left: -12px;
  border-top: 26px solid var(--poptin-wheel-rim);
  border-right: 12px solid transparent;
  border-left: 12px solid transparent;
  pointer-events: none;
}
@media (prefers-reduced-motion: reduce) {
  [part~="face"] { transition: opacity 0.3s; }
  [data-state="playing"] [part~="face"] { opacity: 0.85; }
}
`;
