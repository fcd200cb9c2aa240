import { kindStyles } from '../../src/components/popup/kind-styles.ts';
import { animationStyles } from '../../src/components/shared/animation-styles.ts';
import { templateStyles } from '../../src/components/template/template-styles.ts';

// What only a pop-up has, after the template styles it uses (a date picker or a phone country list brings its own).
export const popupStyles = `${templateStyles}${animationStyles}${kindStyles}
/* A game's background effect covers the screen behind the panel; the canvas is given its opacity (widget §9). It is a
   layer of its own, so that each of its frames repaints the canvas alone, not the pop-up drawn over it. */
[part~="background-effect"] { position: fixed; inset: 0; width: 100vw; height: 100vh; pointer-events: none; will-change: transform; }
[part~="preview-notice"] { margin: 0 40px 12px 0; padding: 8px 12px; border-radius: 8px; background: #fff7d6; color: #5c4400; font-size: 14px; }
[part~="credit"] { margin: 12px 0 0; font-size: 12px; text-align: center; }
[part~="credit"] a { color: inherit; opacity: 0.75; }
[part~="close-note"] { position: absolute; inset-block-start: 16px; inset-inline-end: 52px; padding: 2px 4px; border: 0; background: none; color: inherit; font: 13px/1.3 var(--poptin-font-family); text-decoration: underline; cursor: pointer; }
[part~="skip-button"] { display: block; margin: 16px auto 0; padding: 8px 16px; font: inherit; color: inherit; background: transparent; border: 0; text-decoration: underline; cursor: pointer; }
/* A template written to the parts convention (docs/templates.md) paints its screens edge to edge: the panel is its
   card, with no second card drawn inside it, and the template's own decline button stands for the skip button. */
[part~="panel"]:has(> .content > [data-poptin-screen] [data-poptin-part]) { padding: 0; background: transparent; }
[part~="panel"]:has(> .content > [data-poptin-screen] [data-poptin-part]) > .content { align-self: stretch; }
[part~="panel"]:has(> .content > [data-poptin-screen] [data-poptin-part="decline"]) > [part~="skip-button"] { display: none; }
/* One template may carry both designs: each device sees its own. */
:host([data-variant="mobile"]) [data-poptin-variant="desktop"], :host(:not([data-variant="mobile"])) [data-poptin-variant="mobile"] { display: none !important; }
`;
