/** Widget §4: the wheel turns 24 segments of 30 degrees plus an offset; the result shows after 7 s. */
export const WHEEL_TURN_SEGMENTS = 24;
export const WHEEL_TURN_SEGMENT_DEGREES = 30;
export const SPIN_RESULT_DELAY_MS = 7_000;

/** Degrees each of `count` prize slices spans on the wheel face. */
export function sliceDegrees(count: number): number {
  return 360 / Math.max(1, count);
}

/**
 * The clockwise rotation that brings prize `index` (slice `index` drawn clockwise from the top)
 * under the pointer at the top: 24 × 30° of whole turns plus the offset. `jitter` in [0, 1)
 * places the stop inside the slice, kept off its edges so the pointer never sits on a border.
 */
export function spinRotation(index: number, count: number, jitter = 0.5): number {
  const slice = sliceDegrees(count);
  const inside = 0.1 + Math.min(Math.max(jitter, 0), 0.999) * 0.8;
  const pointerAt = (index + inside) * slice;
  const offset = (360 - pointerAt) % 360;
  return WHEEL_TURN_SEGMENTS * WHEEL_TURN_SEGMENT_DEGREES + offset;
}

/** Which slice sits under the top pointer after the wheel turned `rotation` degrees clockwise. */
export function sliceUnderPointer(rotation: number, count: number): number {
  const faceAngle = (((360 - (rotation % 360)) % 360) + 360) % 360;
  return Math.floor(faceAngle / sliceDegrees(count)) % count;
}
