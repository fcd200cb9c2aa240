/**
 * Widget §9: the gamified close/redirect delay is 4 s by default, tripled when the wheel has a
 * coupon, plus 8 s when the post-play screen is disabled.
 */
export const GAMIFIED_BASE_DELAY_MS = 4_000;
export const NO_POST_PLAY_EXTRA_MS = 8_000;

export interface GamifiedDelayInput {
  readonly wheelHasCoupon: boolean;
  readonly disablePostPlayScreen: boolean;
}

export function closeRedirectDelayMs({ wheelHasCoupon, disablePostPlayScreen }: GamifiedDelayInput): number {
  const base = wheelHasCoupon ? GAMIFIED_BASE_DELAY_MS * 3 : GAMIFIED_BASE_DELAY_MS;
  return base + (disablePostPlayScreen ? NO_POST_PLAY_EXTRA_MS : 0);
}

/** Widget §9 background effect opacities: starry-sky 0.7, rain 0.5, wheel 0.5, the others 1. */
export const BACKGROUND_EFFECTS = ['wheel', 'starry-sky', 'ball', 'snow', 'rain', 'confetti'] as const;
export type BackgroundEffect = (typeof BACKGROUND_EFFECTS)[number];
/** design_properties `background_effect`: one of the effects, or null for none. */
export function readBackgroundEffect(value: unknown): BackgroundEffect | null {
  const name = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (BACKGROUND_EFFECTS as readonly string[]).includes(name) ? (name as BackgroundEffect) : null;
}

export const EFFECT_OPACITY: Readonly<Record<BackgroundEffect, number>> = {
  wheel: 0.5,
  'starry-sky': 0.7,
  ball: 1,
  snow: 1,
  rain: 0.5,
  confetti: 1,
};
