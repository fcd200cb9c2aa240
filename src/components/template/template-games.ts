// Games inside a pop-up template (design §2). Most templates hold none, so what binds them is a chunk of its own
// (game-binding.ts); until it is loaded the play screen shows and the win and lose screens stay hidden.
import type { GameScreen, PrizeConversion } from '../../core/games/index.ts';
import { bindWhenLoaded } from '../../core/loading/when-loaded.ts';
import { GAME_SELECTOR, loadGameBinding } from './template-parts.ts';

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

/** Shows the gamified screen `[data-poptin-screen="play|win|lose"]` of a template and hides the other two. */
export function showGameScreen(content: ParentNode, screen: GameScreen): void {
  content.querySelectorAll<HTMLElement>('[data-poptin-screen]').forEach((element) => {
    const own = element.dataset.poptinScreen;
    if (own === 'play' || own === 'win' || own === 'lose') element.hidden = own !== screen;
  });
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
  showGameScreen(content, 'play');
  return bindWhenLoaded('the games of the pop-up', loadGameBinding, ({ bindGames }) => bindGames(content, games, options));
}
