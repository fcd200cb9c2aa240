import { parsePrizeSet, type GamifiedPrize } from './prizes.ts';
import type { GameKind, GameScreen } from './machine.ts';

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

/** The chosen prize as game events carry it. */
export interface GamePrizeDetail {
  /** The element's `poptin-id`, '' when it has none. */
  poptinId: string;
  game: GameKind;
  prizeId: string;
  isWinner: boolean;
  code: string;
  label: string;
}

/** `poptin-game-result`: the result shows; `screen` is the template screen it asks for. */
export interface GameResultDetail extends GamePrizeDetail {
  screen: GameScreen;
}

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
