// Games inside a pop-up template (design §2), loaded by a template that holds one (template-games.ts): live
// elements the pop-up gives its prize set and listens to.

import { readSwitch } from '../../core/config/values.ts';
import {
  conversionFieldsOf,
  type GamePrizeDetail,
  type GameResultDetail,
  type GamifiedPrize,
  parsePrizeSet,
} from '../../core/games/index.ts';
import { listenSafely, log } from '../../core/safety.ts';
import { createTimers } from '../../core/timers.ts';
import { showGameScreen } from './game-screen.ts';
import { writePrize } from './game-screens.ts';
import { GAME_DEFINITIONS } from './part-marks.ts';
import type { TemplateGameOptions } from './template-games.ts';

/** Loads the definitions of the games; each game is its own chunk. */
function defineGames(games: readonly HTMLElement[]): Promise<unknown> {
  const tags = new Set(games.map((game) => game.localName));
  return Promise.all([...tags].map((tag) => GAME_DEFINITIONS[tag]!()));
}

/** What bindTemplateGames (template-games.ts) does once this chunk is loaded. */
export function bindGames(
  content: HTMLElement,
  games: readonly HTMLElement[],
  options: TemplateGameOptions,
  leadFirst: HTMLFormElement | null,
): () => void {
  const disablePostPlayScreen = readSwitch(options.designProperties.disable_post_play_screen);
  let prizes: GamifiedPrize[] = [];
  try {
    if (options.raw.gamified_prize !== undefined) prizes = parsePrizeSet(options.raw.gamified_prize);
  } catch (error) {
    log.warn(`the pop-up's games have no prizes: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const game of games) {
    const set = options.raw.gamified_prize;
    if (!game.hasAttribute('prizes') && prizes.length > 0)
      game.setAttribute('prizes', typeof set === 'string' ? set : JSON.stringify(set));
    if (readSwitch(options.raw.wheel_has_coupon)) game.setAttribute('wheel-has-coupon', '');
    if (disablePostPlayScreen) game.setAttribute('no-post-play', '');
  }
  void defineGames(games).catch((error: unknown) => log.error('a game of the pop-up could not be loaded', error));

  const timers = createTimers();
  const stopResults = listenSafely<CustomEvent<GameResultDetail>>(content, 'poptin-game-result', ({ detail }) => {
    options.onPrize(conversionFieldsOf(detail), detail.isWinner ? detail.code : '');
    writePrize(content, detail);
    const form = leadFirst ?? content.querySelector('form');
    if (detail.isWinner && disablePostPlayScreen && form) options.submit(form);
    else if (leadFirst) {
      // The lead goes with its prize; the coupon shows with it, never before.
      options.submit(leadFirst, { screensFollow: true });
      showGameScreen(content, detail.screen);
    } else showGameScreen(content, detail.screen);
  });
  const stopDone = listenSafely<CustomEvent<GamePrizeDetail>>(content, 'poptin-game-done', ({ detail }) => {
    const redirect = prizes.find((prize) => prize.prizeId === detail.prizeId)?.redirect;
    if (redirect) {
      options.redirect(redirect.url);
      if (redirect.close)
        timers.later(() => options.requestClose('redirect'), (redirect.closeDelaySeconds ?? 0) * 1_000);
    } else if (!detail.isWinner) options.requestClose('auto-close');
  });
  return () => {
    stopResults();
    stopDone();
    timers.clearAll();
  };
}
