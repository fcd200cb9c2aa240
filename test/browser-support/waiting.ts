// Waiting in browser tests for what React renders.

import { ESCAPE_GUARD_MS } from '../../src/core/popup/timing.ts';

/** The browser's own setTimeout, kept before a test fakes timers. */
const realSetTimeout = window.setTimeout.bind(window);

/** A macrotask through MessageChannel: React schedules with it, and fake timers leave it alone. */
export const macrotask = (): Promise<void> =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Resolves once `check` holds, looking after each macrotask; fails after 5 s naming `what`. */
export async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline) {
    if (check()) return;
    await macrotask();
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Resolves once a surface shown at `shownAt` (performance.now()) has been on screen past the Escape guard (widget §4),
 * on the real clock: the guard is judged by the key event's time stamp, which fake timers do not move.
 */
export async function pastTheEscapeGuard(shownAt: number): Promise<void> {
  const left = shownAt + ESCAPE_GUARD_MS + 1 - performance.now();
  if (left > 0) await new Promise((resolve) => realSetTimeout(resolve, left));
}
