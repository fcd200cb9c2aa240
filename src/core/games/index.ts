export { type RandomSource, seededRandom } from '../random.ts';
export {
  BACKGROUND_EFFECTS,
  type BackgroundEffect,
  closeRedirectDelayMs,
  EFFECT_OPACITY,
  GAMIFIED_BASE_DELAY_MS,
  NO_POST_PLAY_EXTRA_MS,
  readBackgroundEffect,
} from './delays.ts';
export {
  type Ball,
  bounceStart,
  type EffectField,
  type EffectPlan,
  type FallingLayer,
  type Piece,
  particleCount,
  planEffect,
  type TurningWheel,
  type TwinkleLayer,
  tiledPlaces,
} from './effects.ts';
export { GAME_LOCKED_ATTRIBUTE } from './locked.ts';
export {
  createGameRunner,
  type GameEffect,
  type GameEvent,
  type GameKind,
  type GameRunner,
  type GameScreen,
  type GameSnapshot,
  type GameStep,
  GIFT_BOX_OPEN_MS,
  initialGame,
  resultDelayMs,
  screenOf,
  transition,
} from './machine.ts';
export {
  type GameAttributes,
  type GameModel,
  type GamePrizeDetail,
  type GameResultDetail,
  gameModelFromAttributes,
  prizeDetail,
} from './model.ts';
export {
  conversionFieldsOf,
  fillPrizePlaceholder,
  type GamifiedPrize,
  isWinningOption,
  type PrizeConversion,
  type PrizeRedirect,
  PrizeSetError,
  parsePrizeSet,
  pickPrize,
} from './prizes.ts';
export {
  afterScratchReveal,
  remainingFraction,
  SCRATCH_FOLLOW_DELAY_MS,
  SCRATCH_REVEAL_REMAINING,
  shouldReveal,
} from './scratch.ts';
export {
  SPIN_RESULT_DELAY_MS,
  sliceDegrees,
  sliceUnderPointer,
  spinRotation,
  WHEEL_TURN_SEGMENT_DEGREES,
  WHEEL_TURN_SEGMENTS,
} from './wheel.ts';
export {
  LABEL_LINE_HEIGHT,
  textDirection,
  WHEEL_FACE_RADIUS,
  type WheelLabel,
  wheelLabel,
  wheelLabels,
} from './wheel-labels.ts';
