/** Widget §4: the play screen is revealed when 50% or less remains unscratched, then 3 s pass. */
export const SCRATCH_REVEAL_REMAINING = 0.5;
export const SCRATCH_FOLLOW_DELAY_MS = 3_000;

/**
 * Fraction of the cover still unscratched, from canvas RGBA data: a pixel counts as scratched when
 * its alpha is 0. `step` samples every n-th pixel, enough for a fast check while the visitor drags.
 */
export function remainingFraction(rgba: ArrayLike<number>, step = 1): number {
  const pixels = Math.floor(rgba.length / 4);
  if (pixels === 0) return 0;
  const stride = Math.max(1, Math.floor(step));
  let sampled = 0;
  let covered = 0;
  for (let pixel = 0; pixel < pixels; pixel += stride) {
    sampled += 1;
    if ((rgba[pixel * 4 + 3] ?? 0) > 0) covered += 1;
  }
  return covered / sampled;
}

export function shouldReveal(remaining: number): boolean {
  return remaining <= SCRATCH_REVEAL_REMAINING;
}

/** After the reveal and 3 s: the post-play screen, or the form submit when disable_post_play_screen is set. */
export function afterScratchReveal(disablePostPlayScreen: boolean): 'post-play' | 'submit' {
  return disablePostPlayScreen ? 'submit' : 'post-play';
}
