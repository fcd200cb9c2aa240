import { createGameElement } from '../shared/game-element.ts';

const GameElement = createGameElement({ tag: 'poptin-spin-wheel' });

/**
 * A prize wheel, one slice per prize. The visitor clicks it (or presses Enter or Space on it); the prize is
 * picked by weighted chance (chances / 100), the wheel turns 24 × 30° plus the offset that stops that prize
 * under the pointer, and the result shows 7 s later, announced to screen readers. Inside a pop-up template's
 * `play` screen the pop-up gives it its `gamified_prize` and shows the `win` or `lose` screen.
 *
 * @tag poptin-spin-wheel
 * @summary A spin-to-win wheel.
 *
 * @attr {string} prizes - The prize set as JSON, keyed by id (widget §3 `gamified_prize`): `label`, `code`, `prize_id`, `is_winner`, `loosing_option`, `chances` (percent), `redirect_to`, `redirect_to_options`.
 * @attr {boolean} wheel-has-coupon - The close/redirect delay is tripled (widget §9).
 * @attr {boolean} no-post-play - A win submits the form instead of showing the post-play screen; 8 s more before the close or redirect.
 * @attr {boolean} locked - It cannot be played yet: a pop-up whose play screen holds a form sets it until the form is filled in.
 * @attr {string} poptin-id - Passed on in the events' detail.
 *
 * @prop {PrizeSetInput | null} prizes - The prize set as an object keyed by id, a list, or the JSON text of the attribute; set as a property it wins over the attribute, also when set before the element was defined.
 *
 * @event poptin-game-play - The visitor played; the prize is chosen. Bubbles and is composed. detail: `{poptinId, game, prizeId, isWinner, code, label}`
 * @event poptin-game-result - The result shows. detail: as `poptin-game-play`, plus `screen` (`win` or `lose`)
 * @event poptin-game-done - The close/redirect delay after the result has passed. detail: as `poptin-game-play`
 * @event poptin-error - It could not render and shows nothing. detail: `{poptinId, message}`
 *
 * @csspart base - The wheel with its pointer.
 * @csspart wheel - The wheel, which spins when clicked.
 * @csspart spin-button - The visible Spin button at the hub: the keyboard's and screen readers' way to spin.
 * @csspart face - The turning face (an SVG).
 * @csspart slice - One prize's slice (`data-prize-id`).
 * @csspart pointer - The pointer at the top, with its shadow.
 *
 * @cssproperty --poptin-wheel-size - Diameter of the wheel.
 * @cssproperty --poptin-wheel-slice - Fill of every other slice.
 * @cssproperty --poptin-wheel-slice-alternate - Fill of the slices between.
 * @cssproperty --poptin-wheel-slice-third - Fill of the last slice of an odd number, so that no two neighbours match; a light tint of `--poptin-wheel-slice` by default.
 * @cssproperty --poptin-wheel-text - Colour of the slice labels; unset, each label is black or white, whichever contrasts more with its slice.
 * @cssproperty --poptin-wheel-rim - Colour of the rim and the hub (the Spin button).
 * @cssproperty --poptin-wheel-pointer - Colour of the pointer; `--poptin-wheel-rim` by default.
 * @cssproperty --poptin-wheel-light - Colour of the lights on the rim.
 */
export class PoptinSpinWheelElement extends GameElement {}
