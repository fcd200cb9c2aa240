import { GAME_LOCKED_ATTRIBUTE, type GameModel, gameModelFromAttributes } from '../../src/core/games/index.ts';
import type { PrizeSetInput } from '../../src/core/public-types.ts';
import { guard } from '../../src/core/safety.ts';
import { createSurfaceElement, setModelFromAttributes } from './surface-element.ts';

const GAME_ATTRIBUTES = ['prizes', 'wheel-has-coupon', 'no-post-play'];

/** A locked game (its pop-up asks for the email first) looks unavailable until it is unlocked: each game's view draws it. */
export const lockedGameStyles = `
:host([locked]) { opacity: 0.55; }
:host([locked]) * { cursor: not-allowed; }
`;

export interface GameElementOptions {
  /** The tag it is defined as. */
  tag: string;
}

/**
 * The base class of the three games: the surface kit's element whose model, a `GameModel`, comes from the
 * `prizes` attribute (the pop-up's `gamified_prize` JSON) or property, or from the `game` property a pop-up sets.
 */
export function createGameElement({ tag }: GameElementOptions) {
  const Surface = createSurfaceElement<GameModel>({ nested: true });

  return class GameElement extends Surface {
    static override get observedAttributes(): string[] {
      return [...super.observedAttributes, ...GAME_ATTRIBUTES, GAME_LOCKED_ATTRIBUTE];
    }

    override attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
      super.attributeChangedCallback?.(name, previous, value);
      if (previous !== value && GAME_ATTRIBUTES.includes(name)) guard(`${tag} attributes`, () => this.readAttributes());
      // Locked, it cannot be played: out of the keyboard's and screen readers' way (and the pop-up's focus trap)
      // until its pop-up has the lead.
      if (name === GAME_LOCKED_ATTRIBUTE) this.inert = value !== null;
    }

    /** The prizes and delays it plays with; a new value starts a new game. */
    get game(): GameModel | null {
      return this.model.get();
    }

    set game(value: GameModel | null) {
      this.model.set(value);
    }

    private prizesValue: PrizeSetInput | null = null;

    /** The prize set, as the `prizes` attribute's JSON or as an object; set as a property, it wins over the attribute. */
    get prizes(): PrizeSetInput | null {
      return this.prizesValue ?? this.getAttribute('prizes');
    }

    set prizes(value: PrizeSetInput | null) {
      this.prizesValue = value;
      guard(`${tag} prizes`, () => this.readAttributes(value === null && !this.hasAttribute('prizes')));
    }

    private readAttributes(cleared = false): void {
      const prizes = this.prizes;
      setModelFromAttributes(this, cleared || 'prizes', () =>
        gameModelFromAttributes({
          prizes: prizes === null || typeof prizes === 'string' ? prizes : JSON.stringify(prizes),
          wheelHasCoupon: this.hasAttribute('wheel-has-coupon'),
          noPostPlay: this.hasAttribute('no-post-play'),
        }),
      );
    }
  };
}
