// How each kind sits on the screen (widget §2, §9); the frame's own styles place floating surfaces at their corner.
export const kindStyles = `
:host([data-rendering="in-flow"]), :host([data-rendering="in-place"]) { display: block !important; }
/* In the page's flow: a bar that pushes the page down, an embedded form. Nothing until shown. */
[part~="base"].is-in-flow { display: none; position: relative; margin: 0; max-width: none; max-height: none; }
[part~="base"].is-in-flow[data-open] { display: block; }
[part~="base"].is-in-flow [part~="panel"] { max-height: none; min-width: 0; box-shadow: none; }
/* A game in the template takes its place before its code has loaded, so nothing moves when it draws. */
poptin-spin-wheel:not(:defined) { display: inline-block; vertical-align: middle; width: var(--poptin-wheel-size, 300px); max-width: 100%; aspect-ratio: 1; }
/* Modal kinds sit where their position says (centred by default). */
dialog[part~="base"].at-top { margin-block: 12px auto; }
dialog[part~="base"].at-bottom { margin-block: auto 12px; }
dialog[part~="base"].at-left { margin-inline: 12px auto; }
dialog[part~="base"].at-right { margin-inline: auto 12px; }
/* Fullpage: the whole screen. */
dialog[part~="base"][data-kind="fullpage"] { width: 100vw; height: 100vh; max-width: none; max-height: none; margin: 0; }
[data-kind="fullpage"] [part~="panel"] {
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  box-sizing: border-box; width: 100%; min-height: 100%; max-height: 100vh; border-radius: 0; box-shadow: none;
}
/* Bars span the width (at most 1920 px) at the top or bottom. */
[part~="base"][data-kind="bar"] { width: 100%; max-width: min(1920px, 100vw); }
[part~="base"][data-kind="bar"].is-inline { left: 0; right: 0; translate: none; margin: 0 auto; }
[data-kind="bar"] [part~="panel"] { min-width: 0; border-radius: 0; padding: 12px 56px 12px 16px; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.15); }
[data-kind="bar"] [part~="close-button"] { inset-block-start: 50%; translate: 0 -50%; }
/* Mobile pop-ups run along the bottom (or top) edge. */
[part~="base"][data-kind="mobile"].is-inline { left: 0; right: 0; width: auto; translate: none; margin: 0; max-width: none; }
[part~="base"][data-kind="mobile"].at-middle { top: auto; bottom: 0; }
[data-kind="mobile"] [part~="panel"] { min-width: 0; border-radius: var(--poptin-panel-radius) var(--poptin-panel-radius) 0 0; }
/* Slide-ins and social pop-ups stay small beside the page. */
[part~="base"][data-kind="sside"], [part~="base"][data-kind="bside"], [part~="base"][data-kind="social"] { max-width: min(420px, calc(100vw - 24px)); }
[part~="base"][data-kind="browsing"].is-inline { max-width: min(960px, calc(100vw - 24px)); }
/* A horizontal format runs the content of its screen in a row. */
[data-orientation="horizontal"] .content > [data-poptin-screen]:not([hidden]),
[data-orientation="horizontal"] .content form { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 8px 16px; }
[data-orientation="horizontal"] .content :is(h1, h2, h3, p) { margin-block: 0; }
`;
