import { createMachine, type Step } from '../machine.ts';
import type { RandomSource } from '../random.ts';
import { after } from '../timers.ts';
import { closeRedirectDelayMs } from './delays.ts';
import { type GamifiedPrize, pickPrize } from './prizes.ts';
import { SCRATCH_FOLLOW_DELAY_MS } from './scratch.ts';
import { SPIN_RESULT_DELAY_MS } from './wheel.ts';

export type GameKind = 'spin-wheel' | 'scratch-card' | 'gift-box';
export type GameState = 'idle' | 'playing' | 'won' | 'lost';
/** Which template screen shows: [data-poptin-screen="play|win|lose"]. */
export type GameScreen = 'play' | 'win' | 'lose';

export interface GameSnapshot {
  readonly kind: GameKind;
  readonly state: GameState;
  readonly prize: GamifiedPrize | null;
  /** The scratch card's cover is gone (scratched down to 50% or revealed by the keyboard alternative). */
  readonly revealed: boolean;
}

export type GameEvent =
  | { type: 'play'; prizes: readonly GamifiedPrize[]; random: RandomSource }
  | { type: 'reveal' }
  | { type: 'result-due' };

export type GameEffect =
  | { type: 'wait-for-result'; ms: number }
  | { type: 'announce'; prize: GamifiedPrize }
  | { type: 'show-screen'; screen: GameScreen };

export type GameStep = Step<GameSnapshot, GameEffect>;

/** The opened gift box shows its prize this long before the result screen. */
export const GIFT_BOX_OPEN_MS = 1_500;

/** How long until the result shows: the wheel 7 s after the spin, the scratch card 3 s after the reveal, the gift box once opened. */
export function resultDelayMs(kind: GameKind): number {
  if (kind === 'spin-wheel') return SPIN_RESULT_DELAY_MS;
  if (kind === 'scratch-card') return SCRATCH_FOLLOW_DELAY_MS;
  return GIFT_BOX_OPEN_MS;
}

export function initialGame(kind: GameKind): GameSnapshot {
  return { kind, state: 'idle', prize: null, revealed: false };
}

export function screenOf(snapshot: GameSnapshot): GameScreen {
  if (snapshot.state === 'won') return 'win';
  if (snapshot.state === 'lost') return 'lose';
  return 'play';
}

/**
 * Pure: a game is played once. The prize is picked when play starts, so the wheel can aim at it and the
 * scratch card can hold it under its cover; the card's result waits for the reveal.
 */
export function transition(snapshot: GameSnapshot, event: GameEvent): GameStep {
  const unchanged = { snapshot, effects: [] };
  if (event.type === 'play') {
    if (snapshot.state !== 'idle') return unchanged;
    const prize = pickPrize(event.prizes, event.random);
    const playing: GameSnapshot = { ...snapshot, state: 'playing', prize };
    if (snapshot.kind === 'scratch-card') return { snapshot: playing, effects: [] };
    return { snapshot: playing, effects: [{ type: 'wait-for-result', ms: resultDelayMs(snapshot.kind) }] };
  }
  if (event.type === 'reveal') {
    if (snapshot.kind !== 'scratch-card' || snapshot.state !== 'playing' || snapshot.revealed) return unchanged;
    return {
      snapshot: { ...snapshot, revealed: true },
      effects: [{ type: 'wait-for-result', ms: SCRATCH_FOLLOW_DELAY_MS }],
    };
  }
  if (
    snapshot.state !== 'playing' ||
    snapshot.prize === null ||
    (snapshot.kind === 'scratch-card' && !snapshot.revealed)
  )
    return unchanged;
  const next: GameSnapshot = { ...snapshot, state: snapshot.prize.isWinner ? 'won' : 'lost' };
  return {
    snapshot: next,
    effects: [
      { type: 'announce', prize: snapshot.prize },
      { type: 'show-screen', screen: screenOf(next) },
    ],
  };
}

export interface GameRunnerOptions {
  readonly kind: GameKind;
  readonly prizes: readonly GamifiedPrize[];
  readonly random?: RandomSource;
  readonly wheelHasCoupon?: boolean;
  readonly disablePostPlayScreen?: boolean;
  readonly onChange: (snapshot: GameSnapshot) => void;
  readonly onResult: (prize: GamifiedPrize, screen: GameScreen) => void;
  /** Called after the widget §9 close/redirect delay once the result shows. */
  readonly onFollowUp?: (prize: GamifiedPrize) => void;
}

export interface GameRunner {
  readonly snapshot: () => GameSnapshot;
  /** Starts the game (picks the prize); a game already started keeps its prize. */
  readonly play: () => GamifiedPrize | null;
  /** The scratch card's cover is gone: its result follows 3 s later. */
  readonly reveal: () => void;
  readonly dispose: () => void;
}

/** Drives the pure machine with real timers (fake timers in tests); timers left are cleared on dispose. */
export function createGameRunner(options: GameRunnerOptions): GameRunner {
  const followUpDelayMs = closeRedirectDelayMs({
    wheelHasCoupon: options.wheelHasCoupon ?? false,
    disablePostPlayScreen: options.disablePostPlayScreen ?? false,
  });
  const machine = createMachine<GameSnapshot, GameEvent, GameEffect>({
    name: 'game',
    initial: initialGame(options.kind),
    transition,
    onChange: (snapshot) => options.onChange(snapshot),
    run: (effect, running) => {
      if (effect.type === 'wait-for-result')
        return after(running, effect.ms, () => running.send({ type: 'result-due' }));
      const prize = running.snapshot.prize;
      if (effect.type !== 'show-screen' || !prize) return;
      options.onResult(prize, effect.screen);
      const { onFollowUp } = options;
      if (onFollowUp) return after(running, followUpDelayMs, () => onFollowUp(prize));
    },
  });
  return {
    snapshot: () => machine.snapshot,
    play: () => {
      machine.send({ type: 'play', prizes: options.prizes, random: options.random ?? Math.random });
      return machine.snapshot.prize;
    },
    reveal: () => machine.send({ type: 'reveal' }),
    dispose: () => machine.dispose(),
  };
}
