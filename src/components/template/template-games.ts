// Games inside a pop-up template (design §2): live elements the pop-up gives its prize set and listens to.
import { conversionFieldsOf, parsePrizeSet, type GamifiedPrize, type PrizeConversion, type GamePrizeDetail, type GameResultDetail } from '../../core/games/index.ts';
import { readSwitch } from '../../core/config/values.ts';
import { createTimers, listenSafely, log } from '../../core/safety.ts';
import { showGameScreen, writePrize } from './game-screens.ts';

const GAME_DEFINITIONS: Record<string, () => Promise<unknown>> = {
  'poptin-spin-wheel': () => import('../../../elements/poptin-spin-wheel/define.ts'),
  'poptin-scratch-card': () => import('../../../elements/poptin-scratch-card/define.ts'),
  'poptin-gift-box': () => import('../../../elements/poptin-gift-box/define.ts'),
};
const GAME_SELECTOR = Object.keys(GAME_DEFINITIONS).join(', ');

export interface TemplateGameOptions {
  /** The pop-up's configuration as the server sent it: `gamified_prize`, `wheel_has_coupon`. */
  raw: Record<string, unknown>;
  designProperties: Record<string, unknown>;
  /** The result shows: the prize for the conversion and the coupon shown. */
  onPrize: (prize: PrizeConversion, couponShown: string) => void;
  /** A win with the post-play screen disabled submits the play screen's form. */
  submit: (form: HTMLFormElement) => void;
  redirect: (url: string) => void;
  requestClose: (source: 'redirect' | 'auto-close') => void;
}

/** Loads the definitions of the games a template holds; each game is its own chunk. */
export function defineTemplateGames(content: ParentNode): Promise<unknown> {
  const tags = new Set([...content.querySelectorAll(GAME_SELECTOR)].map((game) => game.localName));
  return Promise.all([...tags].map((tag) => GAME_DEFINITIONS[tag]!()));
}

/**
 * Binds the template's games: each gets the pop-up's prize set and delays (unless it sets its own
 * `prizes`), the play screen shows first, and a result shows the win or lose screen with the prize written
 * into it (widget §4): a win without the post-play screen submits the form instead. After the close/redirect
 * delay a prize's redirect is followed (closing when `redirect_close`, after its own delay), and a lost game
 * without one closes. Returns the unbinding.
 */
export function bindTemplateGames(content: HTMLElement, options: TemplateGameOptions): () => void {
  const games = [...content.querySelectorAll<HTMLElement>(GAME_SELECTOR)];
  if (games.length === 0) return () => undefined;
  const disablePostPlayScreen = readSwitch(options.designProperties.disable_post_play_screen);
  let prizes: GamifiedPrize[] = [];
  try {
    if (options.raw.gamified_prize !== undefined) prizes = parsePrizeSet(options.raw.gamified_prize);
  } catch (error) {
    log.warn(`the pop-up's games have no prizes: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const game of games) {
    const set = options.raw.gamified_prize;
    if (!game.hasAttribute('prizes') && prizes.length > 0) game.setAttribute('prizes', typeof set === 'string' ? set : JSON.stringify(set));
    if (readSwitch(options.raw.wheel_has_coupon)) game.setAttribute('wheel-has-coupon', '');
    if (disablePostPlayScreen) game.setAttribute('no-post-play', '');
  }
  showGameScreen(content, 'play');
  void defineTemplateGames(content).catch((error: unknown) => log.error('a game of the pop-up could not be loaded', error));

  const timers = createTimers();
  const stopResults = listenSafely<CustomEvent<GameResultDetail>>(content, 'poptin-game-result', ({ detail }) => {
    options.onPrize(conversionFieldsOf(detail), detail.isWinner ? detail.code : '');
    writePrize(content, detail);
    const form = content.querySelector<HTMLElement>('[data-poptin-screen="play"]')?.querySelector('form') ?? content.querySelector('form');
    if (detail.isWinner && disablePostPlayScreen && form) options.submit(form);
    else showGameScreen(content, detail.screen);
  });
  const stopDone = listenSafely<CustomEvent<GamePrizeDetail>>(content, 'poptin-game-done', ({ detail }) => {
    const redirect = prizes.find((prize) => prize.prizeId === detail.prizeId)?.redirect;
    if (redirect) {
      options.redirect(redirect.url);
      if (redirect.close) timers.later(() => options.requestClose('redirect'), (redirect.closeDelaySeconds ?? 0) * 1_000);
    } else if (!detail.isWinner) options.requestClose('auto-close');
  });
  return () => {
    stopResults();
    stopDone();
    timers.clearAll();
  };
}
