/** Widget §4: a template's video plays at the resolution that fits its box. */
export const VIDEO_RESOLUTIONS = [360, 480, 720, 1080] as const;

/**
 * The smallest of the `available` resolutions (lines of video) that covers a box `heightPx` CSS pixels high
 * on a screen of `pixelRatio`, or the largest when none does.
 */
export function videoResolutionFor(
  heightPx: number,
  pixelRatio: number,
  available: readonly number[] = VIDEO_RESOLUTIONS,
): number | null {
  const sorted = [...available]
    .filter((resolution) => Number.isFinite(resolution) && resolution > 0)
    .sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const needed = Math.max(0, heightPx) * Math.max(1, pixelRatio || 1);
  return sorted.find((resolution) => resolution >= needed) ?? sorted[sorted.length - 1]!;
}
