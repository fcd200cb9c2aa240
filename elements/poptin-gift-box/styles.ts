// A box is drawn by CSS alone, in shares of its own width (container units: a row too wide for a phone's pop-up
// shrinks its boxes, whole, instead of wrapping them): the lid with its bow, the body with its ribbon, the shadow
// under it and the glow behind an opened one. Opening moves the lid as one layer; nothing is painted per frame.
export const giftBoxStyles = `
:host {
  --poptin-gift-size: 96px;
  --poptin-gift-color: #dc2626;
  --poptin-gift-ribbon: #facc15;
  --poptin-gift-glow: #fde68a;
  display: inline-block;
  vertical-align: middle;
  max-width: 100%;
}
[part~="base"] {
  --ribbon-dark: color-mix(in srgb, var(--poptin-gift-ribbon), #000000 28%);
  display: inline-flex;
  justify-content: center;
  gap: calc(var(--poptin-gift-size) * 0.12);
  max-width: 100%;
}
[part~="box"] {
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  box-sizing: border-box;
  width: var(--poptin-gift-size);
  min-width: 0;
  flex: 0 1 auto;
  padding: 0;
  border: 0;
  border-radius: 8px;
  background: none;
  color: #1f2937;
  font: 700 14px/1.2 var(--poptin-font-family, system-ui, sans-serif);
  cursor: pointer;
  container-type: inline-size;
  /* The glow and the shadow behind it stay inside the box's own stacking. */
  isolation: isolate;
}
/* The shadow the box casts on the floor, and the glow behind an opened one. */
[part~="box"]::after, [part~="box"]::before { content: ""; position: absolute; left: 50%; pointer-events: none; z-index: -1; }
[part~="box"]::after {
  bottom: 1%;
  width: 105%;
  height: 13%;
  transform: translateX(-50%);
  background: radial-gradient(closest-side, rgb(0 0 0 / 0.4), rgb(0 0 0 / 0));
}
[part~="box"]::before {
  top: 0;
  width: 150%;
  aspect-ratio: 1;
  transform: translateX(-50%);
  background: radial-gradient(closest-side, var(--poptin-gift-glow), rgb(255 255 255 / 0));
  opacity: 0;
  /* Started once the frame of the click, which carries the lid's lift alone, is painted (data-glow). */
  transition: opacity 0.5s 0.2s;
}
[part~="opened"][data-glow]::before { opacity: 0.9; }
[part~="box"][aria-disabled="true"] { cursor: default; }
[part~="box"]:not([part~="opened"])[aria-disabled="true"] { opacity: 0.45; }
[part~="box"]:focus-visible { outline: 3px solid var(--poptin-focus-color, #2563eb); outline-offset: 4px; }
[part~="lid"], [part~="gift"] { position: relative; display: block; box-sizing: border-box; }
[part~="lid"] {
  z-index: 2;
  width: 100%;
  height: 24cqw;
  /* Room above it for the bow. */
  margin-top: 26cqw;
  border-radius: 4cqw;
  background:
    linear-gradient(180deg, rgb(255 255 255 / 0.25), rgb(255 255 255 / 0) 40%, rgb(0 0 0 / 0) 70%, rgb(0 0 0 / 0.25)),
    linear-gradient(90deg, transparent 41%, var(--ribbon-dark) 41% 43%, var(--poptin-gift-ribbon) 43% 57%, var(--ribbon-dark) 57% 59%, transparent 59%),
    var(--poptin-gift-color);
  box-shadow: 0 3cqw 4cqw rgb(0 0 0 / 0.3);
  transform-origin: 12% 100%;
  transition: transform 0.6s cubic-bezier(0.3, 1.45, 0.5, 1), opacity 0.3s;
  /* A layer of its own from the start: opening moves it instead of painting the box again. */
  will-change: transform;
}
/* The knot of the bow. */
[part~="lid"]::before {
  content: "";
  position: absolute;
  z-index: 1;
  left: 50%;
  bottom: 78%;
  width: 20%;
  height: 52%;
  transform: translateX(-50%);
  border-radius: 30%;
  background: radial-gradient(circle at 40% 35%, color-mix(in srgb, var(--poptin-gift-ribbon), #ffffff 35%), var(--poptin-gift-ribbon) 45%, var(--ribbon-dark));
  box-shadow: 0 1px 2px rgb(0 0 0 / 0.3);
}
[part~="bow"] { position: absolute; left: 50%; bottom: 92%; width: 64%; height: 26cqw; transform: translateX(-50%); }
[part~="bow"]::before, [part~="bow"]::after {
  content: "";
  position: absolute;
  bottom: 0;
  width: 50%;
  height: 100%;
  box-sizing: border-box;
  border: 3.5cqw solid color-mix(in srgb, var(--poptin-gift-ribbon), #ffffff 20%);
  background: radial-gradient(ellipse 45% 40% at 50% 58%, var(--ribbon-dark) 55%, rgb(0 0 0 / 0) 100%), var(--poptin-gift-ribbon);
  box-shadow: 0 1px 2px rgb(0 0 0 / 0.3), inset 0 -2px 3px rgb(0 0 0 / 0.2);
}
[part~="bow"]::before { left: 0; border-radius: 80% 20% 20% 80% / 90% 40% 30% 60%; transform: rotate(-14deg); transform-origin: 100% 100%; }
[part~="bow"]::after { right: 0; border-radius: 20% 80% 80% 20% / 40% 90% 60% 30%; transform: rotate(14deg); transform-origin: 0 100%; }
[part~="gift"] {
  width: 88%;
  height: 62cqw;
  margin-bottom: 8cqw;
  border-radius: 0 0 4cqw 4cqw;
  background:
    linear-gradient(90deg, rgb(255 255 255 / 0.16), rgb(255 255 255 / 0) 30%, rgb(0 0 0 / 0) 65%, rgb(0 0 0 / 0.2)),
    linear-gradient(180deg, rgb(0 0 0 / 0.28), rgb(0 0 0 / 0) 22%),
    linear-gradient(90deg, transparent 40%, var(--ribbon-dark) 40% 42%, var(--poptin-gift-ribbon) 42% 58%, var(--ribbon-dark) 58% 60%, transparent 60%),
    var(--poptin-gift-color);
}
/* Pointed at, the lid peeks open. */
[part~="box"]:not([aria-disabled="true"]):hover [part~="lid"], [part~="box"]:not([aria-disabled="true"]):focus-visible [part~="lid"] {
  transform: translateY(-5cqw) rotate(-3deg);
}
[part~="opened"] [part~="lid"] { transform: translateY(-22cqw) rotate(-16deg); }
[part~="prize"] {
  position: absolute;
  z-index: 1;
  top: 34cqw;
  left: 50%;
  width: max-content;
  max-width: 160px;
  padding: 6px 10px;
  border: 2px solid var(--poptin-gift-ribbon);
  border-radius: 8px;
  background: #ffffff;
  box-shadow: 0 4px 12px rgb(0 0 0 / 0.25);
  transform: translateX(-50%);
  unicode-bidi: plaintext;
  animation: poptin-gift-rise 0.45s cubic-bezier(0.3, 1.4, 0.5, 1) both;
}
@keyframes poptin-gift-rise {
  from { opacity: 0; transform: translate(-50%, 25cqw) scale(0.6); }
  to { opacity: 1; transform: translateX(-50%); }
}
@keyframes poptin-gift-fade { from { opacity: 0; } to { opacity: 1; } }
@media (prefers-reduced-motion: reduce) {
  [part~="lid"] { transition: opacity 0.2s; }
  [part~="box"]:not([aria-disabled="true"]):hover [part~="lid"], [part~="box"]:not([aria-disabled="true"]):focus-visible [part~="lid"] { transform: none; }
  [part~="opened"] [part~="lid"] { transform: none; opacity: 0; }
  [part~="prize"] { animation-name: poptin-gift-fade; animation-duration: 0.2s; }
}
`;
