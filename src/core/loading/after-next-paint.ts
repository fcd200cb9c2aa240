// Apart from yield-to-page.ts, which the loader shares with the lazy chunks: the loader never waits for a paint.
/** How long a page that paints no frames (a hidden tab) keeps `afterNextPaint` waiting. */
export const PAINT_WAIT_LIMIT_MS = 100;

/**
 * Resolves in the first task after the next frame is painted, so that work which need not be on screen does not
 * lengthen that frame (a `scheduler.yield()` continuation runs ahead of the frame). The task is a message's, as
 * timers may be throttled or faked; a page that paints no frames, such as a hidden tab, resolves after
 * `PAINT_WAIT_LIMIT_MS` instead.
 */
export function afterNextPaint(
  scope: Pick<Window, 'setTimeout' | 'clearTimeout' | 'requestAnimationFrame'> = window,
): Promise<void> {
  return new Promise((resolve) => {
    const limit = scope.setTimeout(() => resolve(), PAINT_WAIT_LIMIT_MS);
    scope.requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        scope.clearTimeout(limit);
        resolve();
      };
      channel.port2.postMessage(null);
    });
  });
}

/**
 * A `fetch` whose requests leave in the task after the next frame: what the visitor did (a submit's busy form, a
 * closed pop-up) is painted first, as a `fetch()` call costs that frame 2 to 8 ms at 4× CPU slowdown
 * (docs/performance.md, "Interactions").
 */
export const fetchAfterNextPaint =
  (send: typeof fetch | undefined): typeof fetch =>
  (input, init) =>
    afterNextPaint().then(() => (send ?? fetch)(input, init));
