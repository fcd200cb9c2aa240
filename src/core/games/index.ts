export { conversionFieldsOf, fillPrizePlaceholder, isWinningOption, parsePrizeSet, pickPrize, PrizeSetError, type GamifiedPrize, type PrizeConversion, type PrizeRedirect } from './prizes.ts';
export { seededRandom, type RandomSource } from '../random.ts';
export { sliceDegrees, sliceUnderPointer, spinRotation, SPIN_RESULT_DELAY_MS, WHEEL_TURN_SEGMENT_DEGREES, WHEEL_TURN_SEGMENTS } from './wheel.ts';
export { afterScratchReveal, remainingFraction, SCRATCH_FOLLOW_DELAY_MS, SCRATCH_REVEAL_REMAINING, shouldReveal } from './scratch.ts';
export { BACKGROUND_EFFECTS, closeRedirectDelayMs, EFFECT_OPACITY, GAMIFIED_BASE_DELAY_MS, NO_POST_PLAY_EXTRA_MS, readBackgroundEffect, type BackgroundEffect } from './delays.ts';
export { createGameRunner, GIFT_BOX_OPEN_MS, initialGame, resultDelayMs, screenOf, transition, type GameEffect, type GameEvent, type GameKind, type GameRunner, type GameScreen, type GameSnapshot, type GameStep } from './machine.ts';
export { GAME_LOCKED_ATTRIBUTE } from './locked.ts';
export { gameModelFromAttributes, prizeDetail, type GameAttributes, type GameModel, type GamePrizeDetail, type GameResultDetail } from './model.ts';
export { createParticles, particleCount, stepParticles, type EffectField, type Particle } from './effects.ts';
