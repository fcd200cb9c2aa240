// The wheel is sized by its own properties, never by what surrounds it (design §6, no rem).
// A label's colour is black or white, whichever contrasts more with its slice: white below the lightness (CIE L*
// 49.4) at which both contrast alike (WCAG), black above it.
const contrasting = (background: string) => `lch(from ${background} clamp(0, (49.4 - l) * 1000, 100) 0 0)`;

export const spinWheelStyles = `
:host {
  --poptin-wheel-size: 300px;
  --poptin-wheel-slice: #4f46e5;
  --poptin-wheel-slice-alternate: #f59e0b;
  --poptin-wheel-slice-third: color-mix(in srgb, var(--poptin-wheel-slice) 45%, #ffffff);
  --poptin-wheel-rim: #1f2937;
  --poptin-wheel-pointer: var(--poptin-wheel-rim);
  --poptin-wheel-light: #fde68a;
  display: inline-block;
  vertical-align: middle;
  /* Narrower than its size on a phone's pop-up, it shrinks to the space it is given. */
  max-width: 100%;
}
[part~="base"] {
  position: relative;
  display: inline-block;
  width: var(--poptin-wheel-size);
  max-width: 100%;
  aspect-ratio: 1;
  /* The hub and the pointer are sized by the wheel's drawn width. */
  container-type: inline-size;
}
[part~="wheel"] {
  position: relative;
  display: block;
  width: 100%;
  height: 100%;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: none;
  box-shadow: 0 14px 28px -10px rgb(0 0 0 / 0.5), 0 4px 10px rgb(0 0 0 / 0.2);
  cursor: pointer;
}
/* Once played, a cover takes the default cursor: the wheel's own, inherited by every part of its face and rim, stays. */
[part~="wheel"][data-disabled]::after { content: ""; position: absolute; inset: 0; border-radius: 50%; cursor: default; }
[part~="spin-button"] {
  position: absolute;
  z-index: 1;
  inset: 0;
  box-sizing: border-box;
  width: 24%;
  height: 24%;
  margin: auto;
  padding: 0;
  border: max(2px, 1.1cqw) solid #ffffff;
  border-radius: 50%;
  background: var(--poptin-wheel-rim);
  background: radial-gradient(circle at 35% 30%, color-mix(in srgb, var(--poptin-wheel-rim), #ffffff 30%), var(--poptin-wheel-rim) 55%, color-mix(in srgb, var(--poptin-wheel-rim), #000000 35%));
  color: #ffffff;
  font: 800 clamp(11px, 5.4cqw, 18px) var(--poptin-font-family, system-ui, sans-serif);
  letter-spacing: 0.03em;
  text-transform: uppercase;
  box-shadow: 0 3px 8px rgb(0 0 0 / 0.4), inset 0 -2px 4px rgb(0 0 0 / 0.25);
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
.frame { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
.rim, .rim-sheen { fill: none; stroke-width: 13; }
.rim { stroke: var(--poptin-wheel-rim); }
.rim-edge { fill: none; stroke: rgb(0 0 0 / 0.35); stroke-width: 1.5; }
.bulb { stroke: rgb(0 0 0 / 0.3); stroke-width: 0.5; }
.bulb-core { stop-color: #ffffff; }
.bulb-light { stop-color: var(--poptin-wheel-light); }
.bulb-edge { stop-color: color-mix(in srgb, var(--poptin-wheel-light), #000000 30%); }
.peg { fill: #ffffff; stroke: rgb(0 0 0 / 0.35); stroke-width: 0.6; }
.slice.even path { fill: var(--poptin-wheel-slice); }
.slice.odd path { fill: var(--poptin-wheel-slice-alternate); }
.slice.third path { fill: var(--poptin-wheel-slice-third); }
.slice path.shade { fill: url(#slice-shade); stroke: rgb(255 255 255 / 0.7); stroke-width: 1; stroke-linejoin: round; }
.slice text {
  fill: var(--poptin-wheel-text, #ffffff);
  font-family: var(--poptin-font-family, system-ui, sans-serif);
  font-weight: 700;
  text-anchor: middle;
  dominant-baseline: central;
}
@supports (color: lch(from red l c h)) {
  .slice.even text { fill: var(--poptin-wheel-text, ${contrasting('var(--poptin-wheel-slice)')}); }
  .slice.odd text { fill: var(--poptin-wheel-text, ${contrasting('var(--poptin-wheel-slice-alternate)')}); }
  .slice.third text { fill: var(--poptin-wheel-text, ${contrasting('var(--poptin-wheel-slice-third)')}); }
  [part~="spin-button"] { color: ${contrasting('var(--poptin-wheel-rim)')}; }
}
[part~="pointer"] {
  position: absolute;
  z-index: 1;
  top: -2.5%;
  left: 50%;
  width: 13%;
  margin-left: -6.5%;
  filter: drop-shadow(0 3px 2px rgb(0 0 0 / 0.4));
  pointer-events: none;
}
[part~="pointer"] svg { display: block; width: 100%; height: auto; }
[part~="pointer"] path { fill: var(--poptin-wheel-pointer); stroke: #ffffff; stroke-width: 3; stroke-linejoin: round; }
[part~="pointer"] circle { fill: #ffffff; }
/* Once it has stopped, the chosen slice stands out from the others. */
.decided > .slice:not(.chosen) { filter: saturate(0.55) brightness(0.85); }
.slice.chosen path.shade { stroke: #ffffff; stroke-width: 2.5; }
/* While it turns, every other light blinks: two steps a second, a repaint of the rim each, no frame-by-frame work. */
/* It starts after the spin's first frames, which carry the turn alone. */
.frame[data-blinking] .odd { animation: poptin-wheel-blink 1s steps(2, jump-none) 0.5s infinite; }
@keyframes poptin-wheel-blink { from { opacity: 1; } to { opacity: 0.25; } }
@media (prefers-reduced-motion: reduce) {
  [part~="face"] { transition: opacity 0.3s; }
  [data-state="playing"] [part~="face"] { opacity: 0.85; }
  .frame[data-blinking] .odd { animation: none; }
}
`;
