import { createGameElement } from '../shared/game-element.ts';

const GameElement = createGameElement({ tag: 'poptin-gift-box' });

/**
 * Three gift boxes. The visitor opens one (click, Enter or Space); the prize is picked by weighted chance,
 * shown in the opened box, and the result follows 1.5 s later, announced to screen readers. Inside a pop-up
 * template's `play` screen the pop-up gives it its `gamified_prize`.
 *
 * @tag poptin-gift-box
 * @summary A pick-a-gift game.
 *
 * @attr {string} prizes - The prize set as JSON, keyed by id (widget §3 `gamified_prize`).
 * @attr {boolean} no-post-play - A win submits the form instead of showing the post-play screen.
 * @attr {boolean} wheel-has-coupon - The close/redirect delay is tripled (widget §9).
 * @attr {boolean} locked - It cannot be played yet: a pop-up whose play screen holds a form sets it until the form is filled in.
 * @attr {string} poptin-id - Passed on in the events' detail.
 *
 * @prop {PrizeSetInput | null} prizes - The prize set as an object keyed by id, a list, or the JSON text of the attribute; set as a property it wins over the attribute, also when set before the element was defined.
 *
 * @event poptin-game-play - A box was opened; the prize is chosen. Bubbles and is composed. detail: `{poptinId, game, prizeId, isWinner, code, label}`
 * @event poptin-game-result - The result shows. detail: as `poptin-game-play`, plus `screen` (`win` or `lose`)
 * @event poptin-game-done - The close/redirect delay after the result has passed. detail: as `poptin-game-play`
 * @event poptin-error - It could not render and shows nothing. detail: `{poptinId, message}`
 *
 * @csspart base - The row of boxes; a row too wide for its space shrinks its boxes.
 * @csspart box - One box (a button); the opened one is also `opened`.
 * @csspart lid - A box's lid, which lifts and tilts when opened (fades away under reduced motion).
 * @csspart bow - The bow on a lid.
 * @csspart gift - A box's body.
 * @csspart prize - The prize shown in the opened box.
 *
 * @cssproperty --poptin-gift-size - Width of one box.
 * @cssproperty --poptin-gift-color - Colour of the boxes.
 * @cssproperty --poptin-gift-ribbon - Colour of the ribbons and bows.
 * @cssproperty --poptin-gift-glow - Colour of the glow behind the opened box.
 */
export class PoptinGiftBoxElement extends GameElement {}
