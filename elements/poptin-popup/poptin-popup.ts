import { browserNavigation, type PopupNavigation } from '../../src/components/template/navigation.ts';
import { bindWhenLoaded, chunkLoader } from '../../src/core/loading/when-loaded.ts';
import type { PopupModel } from '../../src/stores/popup-model.ts';
import { createSurfaceElement } from '../shared/surface-element.ts';

const Surface = createSurfaceElement<PopupModel>();
const base = Surface.prototype as unknown as { connectedCallback?: () => void; disconnectedCallback?: () => void };

/** Whether the element is meant to run on its own attributes (no model set by a controller). */
function isDeclarative(element: HTMLElement): boolean {
  return element.hasAttribute('kind') || element.hasAttribute('trigger');
}

// Pop-ups a controller shows, nearly all of them, never need the attribute-driven path: it is a chunk of its own.
const loadDeclarative = chunkLoader(() => import('../../src/components/popup/declarative.ts'));

/**
 * A pop-up: the owner's sanitised template in a top-layer modal dialog (lightbox, gamified, fullpage)
 * or a fixed panel (bars, slide-ins and the other kinds). Template forms follow the validation rules
 * of their fields (`data-validation`); Hebrew pages get right-to-left layout and Hebrew texts.
 *
 * @tag poptin-popup
 * @summary One pop-up of a campaign, rendered from its configuration.
 *
 * @attr {string} poptin-id - The 13-character pop-up id.
 * @attr {'embedded' | 'lightbox' | 'gamified' | 'bar' | 'sside' | 'bside' | 'browsing' | 'fullpage' | 'mobile' | 'social' | 'content'} kind - Declarative use (no controller): the pop-up kind of widget §1, default `lightbox`; the content is the element's own children.
 * @attr {string} trigger - Declarative use: `immediate` (default), `seconds:N`, `scroll:P`, `exit-intent` or `click:SELECTOR`.
 * @attr {string} position - Declarative use: where it shows, words of `left|center|right` with `top|middle|bottom` (e.g. `bottom-left`); each defaults to the kind's own.
 * @attr {string} format - Declarative use: the kind's format, e.g. `format_3` (widget §1).
 * @attr {'modal' | 'popover' | 'in-flow' | 'in-place'} data-rendering - Set by the pop-up: `modal`, `popover`, `in-flow` (a bar pushing the page down) or `in-place`.
 *
 * @event poptin-show - The pop-up starts to show. detail: `{poptinId}`
 * @event poptin-after-show - The pop-up is on screen: the frame that shows it has been painted (or 100 ms have passed on a page that paints no frames, such as a hidden tab). detail: `{poptinId}`
 * @event poptin-request-close - Cancelable; detail `{poptinId, source}` with source `x-button | skip-button | escape | overlay | auto-close | timer | redirect | submit`, or the controller's own `manual` (`window.poptin.close(id)`) and `launch` (another pop-up opened from this one).
 * @event poptin-hide - The pop-up starts to close. detail: `{poptinId, source}`
 * @event poptin-after-hide - The pop-up is closed. detail: `{poptinId, source, submitted}`
 * @event poptin-error - The pop-up could not render and shows nothing. detail: `{poptinId, message}`
 * @event poptin-submit - A valid form was submitted. detail: `{poptinId, fields, honeypot, prize, respondWith}`, one field record per named input; `honeypot` is what the hidden spam trap held (empty from a person); `prize` is `{prize_id, is_winner}` when a game of the template was played, else null. `respondWith(promise)`: whoever sends the lead hands over how it went (`{status: 'sent' | 'kept'}` or `{status: 'refused', reason}`); the thank-you screen waits for it, and a refused lead is never thanked. A pop-up placed with `kind`/`trigger` that nobody answers has nowhere to send its lead: the console names the missing `poptin-id` or client id.
 * @event poptin-countdown-end - A countdown of the template reached zero; it bubbles out of the pop-up from the template's `<poptin-countdown>`. detail: `{poptinId, endsAt}`
 * @event poptin-game-play - The template's game (`<poptin-spin-wheel>`, `<poptin-scratch-card>` or `<poptin-gift-box>`) was played; it bubbles out of the pop-up. detail: `{poptinId, game, prizeId, isWinner, code, label}`
 * @event poptin-game-result - The template's game shows its result; it bubbles out of the pop-up. detail: as `poptin-game-play`, plus `screen` (`win` or `lose`)
 * @event poptin-game-done - The close/redirect delay after the template's game result has passed; it bubbles out of the pop-up. detail: as `poptin-game-play`
 * @event poptin-add-to-cart - A `[data-poptin-add-to-cart]` button of the template was pressed; whoever knows the store (the controller) answers through `respondWith`. detail: `{item: {id, quantity, redirect}, respondWith(promise)}`
 *
 * @slot - Declarative use (`kind` set, as a page builder places it): the element's own children are the pop-up's content, shown in its panel and styled by the page. A pop-up the controller draws from its template ignores them.
 *
 * @csspart base - The dialog (modal kinds) or the fixed container.
 * @csspart panel - The visible panel around the template.
 * @csspart close-button - The close (x) button.
 * @csspart skip-button - The skip button of fullpage pop-ups.
 * @csspart close-note - The small note beside the close button (`poptin_design_show_x_comment`).
 * @csspart preview-notice - The notice of preview mode.
 * @csspart credit - The "Powered by" badge.
 * @csspart background-effect - A game's background effect: layers painted once and moved by CSS animations (a still picture under reduced motion).
 *
 * @cssproperty --poptin-panel-background - Panel background.
 * @cssproperty --poptin-panel-color - Text colour.
 * @cssproperty --poptin-panel-radius - Panel corner radius.
 * @cssproperty --poptin-panel-max-width - Widest the panel gets.
 * @cssproperty --poptin-overlay-color - Backdrop colour of modal kinds.
 * @cssproperty --poptin-accent - Focus ring colour.
 * @cssproperty --poptin-invalid-color - Colour of invalid fields and messages.
 * @cssproperty --poptin-font-family - Font of the pop-up's text.
 * @cssproperty --poptin-font-size - Base font size of the pop-up's text.
 */

export class PoptinPopupElement extends Surface {
  /**
   * How redirects leave the page (new window, anchor click, same tab); replaceable, e.g. in tests.
   * @internal
   */
  navigation: PopupNavigation = browserNavigation;

  private declarative = false;
  private stopDeclarative: () => void = () => {};

  connectedCallback(): void {
    base.connectedCallback?.call(this);
    // A controller sets the model before connecting the element; only a tag placed with kind or trigger runs on its own
    // (and is armed again when moved before its trigger fired).
    const model = this.model.get();
    if (isDeclarative(this) && (model === null || (this.declarative && model.visible === false))) {
      this.declarative = true;
      this.stopDeclarative();
      this.stopDeclarative = bindWhenLoaded('the pop-up', loadDeclarative, ({ startDeclarativePopup }) =>
        startDeclarativePopup(this),
      );
    }
  }

  disconnectedCallback(): void {
    this.stopDeclarative();
    this.stopDeclarative = () => {};
    base.disconnectedCallback?.call(this);
  }

  get popup(): PopupModel | null {
    return this.model.get();
  }

  set popup(value: PopupModel | null) {
    this.model.set(value);
  }
}
