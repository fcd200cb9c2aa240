// Games inside a pop-up template (design §2). Most templates hold none, so what binds them is a chunk of its own
// (game-binding.ts); until it is loaded the play screen shows and the win and lose screens stay hidden.

import { readSwitch } from '../../core/config/values.ts';
import { checkForm, type KindRules } from '../../core/forms/form-check.ts';
import type { PrizeConversion } from '../../core/games/index.ts';
import { GAME_LOCKED_ATTRIBUTE } from '../../core/games/locked.ts';
import { bindWhenLoaded } from '../../core/loading/when-loaded.ts';
import { guard, listenSafely } from '../../core/safety.ts';
import { formControls, readField } from './field-dom.ts';
import { loadedKindRules, loadKindModules } from './field-kinds.ts';
import { showGameScreen } from './game-screen.ts';
import { GAME_SELECTOR } from './part-marks.ts';
import { loadGameBinding } from './template-parts.ts';

export interface TemplateGameOptions {
  /** The pop-up's configuration as the server sent it: `gamified_prize`, `wheel_has_coupon`. */
  raw: Record<string, unknown>;
  designProperties: Record<string, unknown>;
  /** The result shows: the prize for the conversion and the coupon shown. */
  onPrize: (prize: PrizeConversion, couponShown: string) => void;
  /**
   * Submits a form for the game: a win with the post-play screen disabled submits the play screen's form, whose
   * thank-you follows; a result whose lead the play screen asked for first submits it with `screensFollow`: the
   * result screen stays, as the game's own delays close it.
   */
  submit: (form: HTMLFormElement, how?: { screensFollow: boolean }) => void;
  redirect: (url: string) => void;
  requestClose: (source: 'redirect' | 'auto-close') => void;
}

/**
 * A play screen holding a form asks for the lead first, as a commercial wheel does ("enter your email to spin"):
 * its games stay locked until the visitor sends the form with its fields filled in as its rules want. That submit
 * only unlocks them; the lead itself is sent with the result, so that it carries the prize. A submit the rules
 * refuse goes on to the form binding, which says what is wrong.
 */
function askForTheLeadFirst(content: HTMLElement, form: HTMLFormElement, games: readonly HTMLElement[]): () => void {
  games.forEach((game) => game.setAttribute(GAME_LOCKED_ATTRIBUTE, ''));
  // A submit before the rules of the form's kinds of field arrived (field-kinds.ts) is sent again once they have.
  let arrived: KindRules | undefined;
  // Captured on the submit's way down, before the form binding, which listens on the content too, hears of it.
  return listenSafely(
    content,
    'submit',
    (event) => {
      if (event.target !== form || !games.some((game) => game.hasAttribute(GAME_LOCKED_ATTRIBUTE))) return;
      const controls = formControls(form);
      const rules = loadedKindRules(controls) ?? arrived;
      if (!rules) {
        event.preventDefault();
        event.stopImmediatePropagation();
        void loadKindModules(controls).then((loaded) => {
          arrived = loaded;
          guard('a game form sent again', () => form.requestSubmit());
        });
        return;
      }
      if (!checkForm(controls.map(readField), rules).valid) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      games.forEach((game) => game.removeAttribute(GAME_LOCKED_ATTRIBUTE));
    },
    { capture: true },
  );
}

/**
 * Binds the template's games: each gets the pop-up's prize set and delays (unless it sets its own
 * `prizes`), the play screen shows first, and a result shows the win or lose screen with the prize written
 * into it (widget §4): a win without the post-play screen submits the form instead. A play screen holding a
 * form takes the lead first (askForTheLeadFirst), and the lead is sent with the result. After the close/redirect
 * delay a prize's redirect is followed (closing when `redirect_close`, after its own delay), and a lost game
 * without one closes. Returns the unbinding.
 */
export function bindTemplateGames(content: HTMLElement, options: TemplateGameOptions): () => void {
  const games = [...content.querySelectorAll<HTMLElement>(GAME_SELECTOR)];
  if (games.length === 0) return () => undefined;
  showGameScreen(content, 'play');
  // Locked at once, before the games' own chunk arrives: a quick visitor's lead waits for its prize too.
  // Without the post-play screen a win submits the form anyway, the coupon after it: that flow stays as it is.
  const leadFirst = readSwitch(options.designProperties.disable_post_play_screen)
    ? null
    : (content.querySelector<HTMLElement>('[data-poptin-screen="play"]')?.querySelector('form') ?? null);
  const stopAsking = leadFirst ? askForTheLeadFirst(content, leadFirst, games) : () => undefined;
  const unbind = bindWhenLoaded('the games of the pop-up', loadGameBinding, ({ bindGames }) =>
    bindGames(content, games, options, leadFirst),
  );
  return () => {
    stopAsking();
    unbind();
  };
}
