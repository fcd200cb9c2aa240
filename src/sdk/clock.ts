/** Wall-clock time source; injectable so token expiry can be tested without waiting. */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The platform states expiry in whole seconds, so every comparison is made in whole seconds. */
export function nowInSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}
