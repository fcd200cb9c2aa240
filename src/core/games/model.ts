import type { GamePrizeDetail } from '../public-types.ts';
import type { GameKind } from './machine.ts';
import { type GamifiedPrize, parsePrizeSet } from './prizes.ts';

/** What a game element plays: set from its `prizes` attribute, or as a property by the pop-up it sits in. */
export interface GameModel {
  readonly prizes: readonly GamifiedPrize[];
  /** Widget §9: a wheel with a coupon waits three times as long before its close or redirect. */
  readonly wheelHasCoupon: boolean;
  /** Widget §4: the form is submitted after a win instead of the post-play screen. */
  readonly disablePostPlayScreen: boolean;
  /** The language of its texts ("he", "en-US"); the closest `lang` around the element when absent. */
  readonly lang?: string;
}

// The details of the game events, as the package's typings ship them.
export type { GamePrizeDetail, GameResultDetail } from '../public-types.ts';

export function prizeDetail(poptinId: string, game: GameKind, prize: GamifiedPrize): GamePrizeDetail {
  return { poptinId, game, prizeId: prize.prizeId, isWinner: prize.isWinner, code: prize.code, label: prize.label };
}

export interface GameAttributes {
  prizes: string | null;
  wheelHasCoupon: boolean;
  noPostPlay: boolean;
}

/** A model from a game element's attributes, or null without prizes; unreadable prizes throw PrizeSetError. */
export function gameModelFromAttributes({ prizes, wheelHasCoupon, noPostPlay }: GameAttributes): GameModel | null {
  if (prizes === null || prizes.trim() === '') return null;
  return { prizes: parsePrizeSet(prizes), wheelHasCoupon, disablePostPlayScreen: noPostPlay };
}
