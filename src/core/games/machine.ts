import { closeRedirectDelayMs } from './delays.ts';
import type { RandomSource } from '../random.ts';
import { pickPrize, type GamifiedPrize } from './prizes.ts';
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
}

export type GameEvent =
  | { type: 'play'; prizes: readonly GamifiedPrize[]; random: RandomSource }
  | { type: 'result-due' };

export type GameEffect =
  | { type: 'wait-for-result'; ms: number }
  | { type: 'announce'; prize: GamifiedPrize }
  | { type: 'show-screen'; screen: GameScreen };

export interface GameStep {
  readonly snapshot: GameSnapshot;
  readonly effects: readonly GameEffect[];
}

/** How long after the visitor plays the result shows: the wheel 7 s, the scratch card 3 s after the reveal, the gift box at once. */
export function resultDelayMs(kind: GameKind): number {
  if (kind === 'spin-wheel') return SPIN_RESULT_DELAY_MS;
  if (kind === 'scratch-card') return SCRATCH_FOLLOW_DELAY_MS;
  return 0;
}

export function initialGame(kind: GameKind): GameSnapshot {
  return { kind, state: 'idle', prize: null };
}

export function screenOf(snapshot: GameSnapshot): GameScreen {
  if (snapshot.state === 'won') return 'win';
  if (snapshot.state === 'lost') return 'lose';
  return 'play';
}

/** Pure: a game is played once; the prize is picked when play starts so the wheel can aim at it. */
export function transition(snapshot: GameSnapshot, event: GameEvent): GameStep {
  if (event.type === 'play') {
    if (snapshot.state !== 'idle') return { snapshot, effects: [] };
    const prize = pickPrize(event.prizes, event.random);
    return { snapshot: { ...snapshot, state: 'playing', prize }, effects: [{ type: 'wait-for-result', ms: resultDelayMs(snapshot.kind) }] };
  }
  if (snapshot.state !== 'playing' || snapshot.prize === null) return { snapshot, effects: [] };
  const next: GameSnapshot = { ...snapshot, state: snapshot.prize.isWinner ? 'won' : 'lost' };
  return { snapshot: next, effects: [{ type: 'announce', prize: snapshot.prize }, { type: 'show-screen', screen: screenOf(next) }] };
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
  readonly play: () => GamifiedPrize | null;
  readonly dispose: () => void;
}

/** Drives the pure machine with real timers (fake timers in tests). */
export function createGameRunner(options: GameRunnerOptions): GameRunner {
  let current = initialGame(options.kind);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, run: () => void): void => {
    const id = setTimeout(() => {
      timers.delete(id);
      run();
    }, ms);
    timers.add(id);
  };
  const apply = (event: GameEvent): void => {
    const step = transition(current, event);
    if (step.snapshot === current) return;
    current = step.snapshot;
    options.onChange(current);
    for (const effect of step.effects) {
      if (effect.type === 'wait-for-result') later(effect.ms, () => apply({ type: 'result-due' }));
      if (effect.type === 'show-screen' && current.prize) {
        const prize = current.prize;
        options.onResult(prize, effect.screen);
        const delay = closeRedirectDelayMs({ wheelHasCoupon: options.wheelHasCoupon ?? false, disablePostPlayScreen: options.disablePostPlayScreen ?? false });
        if (options.onFollowUp) later(delay, () => options.onFollowUp?.(prize));
      }
    }
  };
  return {
    snapshot: () => current,
    play: () => {
      apply({ type: 'play', prizes: options.prizes, random: options.random ?? Math.random });
      return current.prize;
    },
    dispose: () => {
      for (const id of timers) clearTimeout(id);
      timers.clear();
    },
  };
}
