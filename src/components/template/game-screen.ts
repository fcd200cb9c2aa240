// Which of a game's screens shows: apart from game-screens.ts, whose prizes the template's games load only with them.
import type { GameScreen } from '../../core/games/index.ts';

/** Shows the gamified screen `[data-poptin-screen="play|win|lose"]` of a template and hides the other two. */
export function showGameScreen(content: ParentNode, screen: GameScreen): void {
  content.querySelectorAll<HTMLElement>('[data-poptin-screen]').forEach((element) => {
    const own = element.dataset.poptinScreen;
    if (own === 'play' || own === 'win' || own === 'lose') element.hidden = own !== screen;
  });
}
