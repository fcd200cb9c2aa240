export const giftBoxStyles = `
:host {
  --poptin-gift-size: 96px;
  --poptin-gift-color: #dc2626;
  --poptin-gift-ribbon: #facc15;
  display: inline-block;
  vertical-align: middle;
}
[part~="base"] { display: inline-flex; flex-wrap: wrap; justify-content: center; gap: 16px; max-width: 100%; }
[part~="box"] {
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  width: var(--poptin-gift-size);
  padding: 0;
  border: 0;
  background: none;
  color: #1f2937;
  font: 700 14px/1.2 var(--poptin-font-family, system-ui, sans-serif);
  cursor: pointer;
}
[part~="box"][aria-disabled="true"] { cursor: default; }
[part~="box"]:not([part~="opened"])[aria-disabled="true"] { opacity: 0.5; }
[part~="box"]:focus-visible { outline: 3px solid var(--poptin-focus-color, #2563eb); outline-offset: 4px; }
[part~="lid"], [part~="gift"] {
  display: block;
  width: 100%;
  background:
    linear-gradient(90deg, transparent 42%, var(--poptin-gift-ribbon) 42%, var(--poptin-gift-ribbon) 58%, transparent 58%),
    var(--poptin-gift-color);
  border-radius: 4px;
}
/* A layer of its own from the start: opening moves it instead of painting the box again. */
[part~="lid"] { width: 110%; height: calc(var(--poptin-gift-size) * 0.25); transition: transform 0.6s ease-out; will-change: transform; }
[part~="gift"] { height: calc(var(--poptin-gift-size) * 0.7); }
[part~="opened"] [part~="lid"] { transform: translateY(-24px) rotate(-18deg); }
[part~="prize"] { position: absolute; top: 40%; left: 50%; width: max-content; max-width: 160px; padding: 4px 8px; transform: translateX(-50%); border-radius: 6px; background: #ffffff; box-shadow: 0 2px 8px rgb(0 0 0 / 0.2); unicode-bidi: plaintext; }
@media (prefers-reduced-motion: reduce) {
  [part~="lid"] { transition: opacity 0.2s; }
  [part~="opened"] [part~="lid"] { transform: none; opacity: 0; }
}
`;
