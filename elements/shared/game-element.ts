import type { ComponentType } from 'react';
import { gameModelFromAttributes, type GameModel } from '../../src/core/games/index.ts';
import { guard, log } from '../../src/core/safety.ts';
import { createSurfaceElement } from './surface-element.ts';

const GAME_ATTRIBUTES = ['prizes', 'wheel-has-coupon', 'no-post-play'];
type AttributeCallback = (name: string, previous: string | null, value: string | null) => void;

export interface GameElementOptions {
  /** The tag, for the console message about unreadable prizes. */
  tag: string;
  view: ComponentType;
  styles: string;
}

/**
 * The base class of the three games: the surface kit's element whose model, a `GameModel`, comes from the
 * `prizes` attribute (the pop-up's `gamified_prize` JSON) or from the `game` property a pop-up sets.
 */
export function createGameElement({ tag, view, styles }: GameElementOptions) {
  const Surface = createSurfaceElement<GameModel>({ name: tag.replace('poptin-', '').replace('-', ' '), view, styles, nested: true });
  const base = Surface.prototype as unknown as { attributeChangedCallback?: AttributeCallback };

  return class GameElement extends Surface {
    static get observedAttributes(): string[] {
      const own = (Surface as unknown as { observedAttributes?: string[] }).observedAttributes ?? [];
      return [...own, ...GAME_ATTRIBUTES];
    }

    attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
      base.attributeChangedCallback?.call(this, name, previous, value);
      if (previous !== value && GAME_ATTRIBUTES.includes(name)) guard(`${tag} attributes`, () => this.readAttributes());
    }

    /** The prizes and delays it plays with; a new value starts a new game. */
    get game(): GameModel | null {
      return this.model.get();
    }

    set game(value: GameModel | null) {
      this.model.set(value);
    }

    private readAttributes(): void {
      try {
        const model = gameModelFromAttributes({
          prizes: this.getAttribute('prizes'),
          wheelHasCoupon: this.hasAttribute('wheel-has-coupon'),
          noPostPlay: this.hasAttribute('no-post-play'),
        });
        if (model || this.hasAttribute('prizes')) this.model.set(model);
      } catch (error) {
        this.model.set(null);
        log.warn(`<${tag}> shows nothing: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
}
