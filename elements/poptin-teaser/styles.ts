// A teaser tab sits at the edge of the screen, under pop-ups (z-index 999998, widget §9).
export const teaserStyles = `
:host {
  --poptin-teaser-background: #4f46e5;
  --poptin-teaser-color: #ffffff;
  --poptin-teaser-radius: 10px;
}
[part~="base"] { position: fixed; z-index: 999998; }
[data-position="bottom-right"] { right: 16px; bottom: 16px; }
[data-position="bottom-left"] { left: 16px; bottom: 16px; }
[data-position="right"] { right: 0; top: 50%; translate: 0 -50%; }
[data-position="left"] { left: 0; top: 50%; translate: 0 -50%; }
[part~="tab"] {
  display: block;
  max-width: 240px;
  padding: 10px 16px;
  border: 0;
  border-radius: var(--poptin-teaser-radius);
  background: var(--poptin-teaser-background);
  color: var(--poptin-teaser-color);
  font: 600 15px/1.3 var(--poptin-font-family);
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.2);
  cursor: pointer;
  transition: transform 300ms ease-in-out;
}
[data-position="right"] [part~="tab"] { border-radius: var(--poptin-teaser-radius) 0 0 var(--poptin-teaser-radius); }
[data-position="left"] [part~="tab"] { border-radius: 0 var(--poptin-teaser-radius) var(--poptin-teaser-radius) 0; }
[part~="tab"]:focus-visible { outline: 3px solid #111827; outline-offset: 3px; }
[part~="tab"][data-attention] { transform: scale(1.06); }
@media (prefers-reduced-motion: reduce) {
  [part~="tab"] { transition: none; }
  [part~="tab"][data-attention] { transform: none; }
}
`;
