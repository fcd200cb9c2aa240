import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  createGameRunner,
  GAME_LOCKED_ATTRIBUTE,
  type GameKind,
  type GameModel,
  type GamePrizeDetail,
  type GameResultDetail,
  type GameRunner,
  type GameSnapshot,
  initialGame,
  prizeDetail,
} from '../../core/games/index.ts';
import type { Language } from '../../core/i18n/strings.ts';
import { translate } from '../../core/i18n/strings.ts';
import { afterNextPaint } from '../../core/loading/after-next-paint.ts';
import { emit } from '../shared/emit.ts';
import { languageAround } from '../shared/language-around.ts';
import { useSurfaceHost } from '../shared/surface-host.ts';
import { useStore } from '../shared/use-store.ts';

export interface GameState {
  readonly model: GameModel | null;
  readonly snapshot: GameSnapshot;
  readonly language: Language;
  /** What the live region says: the result once it shows. */
  readonly spoken: string;
  /** Starts the game once; false when there is nothing to play (no prizes), it is locked or it already started. */
  readonly play: () => boolean;
  readonly reveal: () => void;
}

/**
 * Runs a game's state machine for its view: the prize is picked at play (`poptin-game-play`), the result
 * shows after the game's delay (`poptin-game-result`, announced), and the widget §9 close/redirect delay
 * later `poptin-game-done` follows. A new prize set starts a new game.
 */
export function useGame(kind: GameKind): GameState {
  const host = useSurfaceHost<GameModel>();
  const model = useStore(host.model);
  const [snapshot, setSnapshot] = useState<GameSnapshot>(() => initialGame(kind));
  const [spoken, setSpoken] = useState('');
  const runner = useRef<GameRunner | null>(null);
  const language = languageAround(host, model?.lang);
  const languageNow = useRef(language);
  useLayoutEffect(() => {
    languageNow.current = language;
  });

  useLayoutEffect(() => {
    if (!model) return;
    const poptinId = () => host.getAttribute('poptin-id') ?? '';
    const created = createGameRunner({
      kind,
      prizes: model.prizes,
      wheelHasCoupon: model.wheelHasCoupon,
      disablePostPlayScreen: model.disablePostPlayScreen,
      onChange: setSnapshot,
      onResult: (prize, screen) => {
        setSpoken(
          prize.isWinner
            ? translate(languageNow.current, 'gameWon', { prize: prize.label || prize.code })
            : translate(languageNow.current, 'gameLost'),
        );
        emit<GameResultDetail>(host, 'poptin-game-result', { ...prizeDetail(poptinId(), kind, prize), screen });
      },
      onFollowUp: (prize) => emit<GamePrizeDetail>(host, 'poptin-game-done', prizeDetail(poptinId(), kind, prize)),
    });
    runner.current = created;
    setSnapshot(created.snapshot());
    setSpoken('');
    return () => {
      created.dispose();
      runner.current = null;
    };
  }, [host, kind, model]);

  const play = useCallback((): boolean => {
    const current = runner.current;
    // A pop-up whose play screen asks for the email first keeps its game locked until it has it.
    if (!current || current.snapshot().state !== 'idle' || host.hasAttribute(GAME_LOCKED_ATTRIBUTE)) return false;
    const prize = current.play();
    if (prize)
      emit<GamePrizeDetail>(host, 'poptin-game-play', prizeDetail(host.getAttribute('poptin-id') ?? '', kind, prize));
    return prize !== null;
  }, [host, kind]);

  const reveal = useCallback(() => runner.current?.reveal(), []);
  return { model, snapshot, language, spoken, play, reveal };
}

/**
 * Whether a frame has been painted since `started` became true (false again once it is false). The frame of a
 * visitor's play shows the move alone (the wheel starts turning, the lid lifts); what can follow a frame later
 * (the prize under the lid, a screen reader's words) waits for it, so that the frame after the click carries no
 * layout of its own (docs/performance.md, "Interactions").
 */
export function usePaintedSince(started: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    setPainted(false);
    if (!started) return;
    let current = true;
    void afterNextPaint().then(() => {
      if (current) setPainted(true);
    });
    return () => {
      current = false;
    };
  }, [started]);
  return started && painted;
}
