// A countdown sits in running text: it is sized by its own properties, never by what surrounds it (design §6, no rem).
export const countdownStyles = `
:host {
  --poptin-countdown-color: #1d1d1f;
  --poptin-countdown-font-family: var(--poptin-font-family);
  --poptin-countdown-font-size: 28px;
  --poptin-countdown-box-background: #f1f1f4;
  --poptin-countdown-box-radius: 8px;
  display: inline-block;
  vertical-align: middle;
}
[part~="base"] {
  display: inline-flex;
  max-width: 100%;
  max-height: none;
  color: var(--poptin-countdown-color);
  font-family: var(--poptin-countdown-font-family);
  font-size: var(--poptin-countdown-font-size);
  font-weight: 600;
  line-height: 1.2;
  font-variant-numeric: tabular-nums;
}
.time { display: inline-flex; align-items: center; gap: 0; }
[data-layout="1"] .time { gap: 8px; }
[part~="unit"] { display: inline-flex; align-items: baseline; }
[part~="separator"] { padding: 0 2px; }
[part~="box"] {
  flex-direction: column;
  align-items: center;
  min-width: 2.4em;
  padding: 6px 8px;
  border-radius: var(--poptin-countdown-box-radius);
  background: var(--poptin-countdown-box-background);
}
[part~="label"] { font-size: 0.4em; font-weight: 400; text-transform: uppercase; letter-spacing: 0.04em; opacity: 0.8; }
[part~="value"] { display: inline-block; }
/* Outside the base, so given everything it would otherwise inherit from the host. */
.announcer { margin: 0; color: var(--poptin-countdown-color); font: 400 16px/1.2 var(--poptin-countdown-font-family); }
[data-state="running"] [data-unit="seconds"] [part~="value"] { animation: poptin-countdown-tick 250ms ease-out; }
@keyframes poptin-countdown-tick { from { opacity: 0.35; transform: translateY(-0.15em); } to { opacity: 1; transform: none; } }
@media (prefers-reduced-motion: reduce) {
  [data-state="running"] [data-unit="seconds"] [part~="value"] { animation: none; }
}
`;
