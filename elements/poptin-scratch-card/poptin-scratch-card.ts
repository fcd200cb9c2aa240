import { createGameElement } from '../shared/game-element.ts';

const GameElement = createGameElement({ tag: 'poptin-scratch-card' });

/**
 * A scratch card (gamified format_2). The prize is picked by weighted chance at the first stroke and lies
 * under a cover the visitor scratches away with mouse, touch or pen; once 50% or less of the cover remains it
 * is revealed, and the result follows 3 s later. Its "Reveal the prize" button does the same from the keyboard
 * or a screen reader. Inside a pop-up template's `play` screen the pop-up gives it its `gamified_prize`.
 *
 * @tag poptin-scratch-card
 * @summary A scratch-to-win card.
 *
 * @attr {string} prizes - The prize set as JSON, keyed by id (widget §3 `gamified_prize`).
 * @attr {boolean} no-post-play - A win submits the form instead of showing the post-play screen (`disable_post_play_screen`).
 * @attr {boolean} wheel-has-coupon - The close/redirect delay is tripled (widget §9).
 * @attr {boolean} locked - It cannot be played yet: a pop-up whose play screen holds a form sets it until the form is filled in.
 * @attr {string} poptin-id - Passed on in the events' detail.
 *
 * @prop {PrizeSetInput | null} prizes - The prize set as an object keyed by id, a list, or the JSON text of the attribute; set as a property it wins over the attribute, also when set before the element was defined.
 *
 * @event poptin-game-play - The first stroke; the prize is chosen. Bubbles and is composed. detail: `{poptinId, game, prizeId, isWinner, code, label}`
 * @event poptin-game-result - The result shows, 3 s after the reveal. detail: as `poptin-game-play`, plus `screen` (`win` or `lose`)
 * @event poptin-game-done - The close/redirect delay after the result has passed. detail: as `poptin-game-play`
 * @event poptin-error - It could not render and shows nothing. detail: `{poptinId, message}`
 *
 * @csspart base - The card and its reveal button.
 * @csspart card - The ticket, notched at its sides.
 * @csspart scratch-area - The area of the ticket under the foil.
 * @csspart prize - The prize under the cover.
 * @csspart cover - The canvas scratched away: a silver foil with the "Scratch here" hint in the element's language.
 * @csspart reveal-button - The keyboard way to reveal the prize.
 *
 * @cssproperty --poptin-scratch-width - Width of the card.
 * @cssproperty --poptin-scratch-height - Height of the card.
 * @cssproperty --poptin-scratch-ticket - Colour of the ticket around the scratch area.
 * @cssproperty --poptin-scratch-cover - Colour of the foil.
 * @cssproperty --poptin-scratch-cover-text - Colour of the "Scratch here" hint on it.
 * @cssproperty --poptin-scratch-background - Background under the cover.
 * @cssproperty --poptin-scratch-prize-text - Colour of the prize under the cover.
 */
export class PoptinScratchCardElement extends GameElement {}
