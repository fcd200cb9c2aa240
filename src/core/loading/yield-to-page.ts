// Hands the main thread back to the page between two pieces of the widget's work, so that together they never
// make one long task: scheduler.yield() where the browser has it (the widget's work then resumes ahead of tasks
// queued meanwhile), else a new task.
interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task, behind the tasks already queued. The timer's callback is one of the widget's, not the
 * native resolve, so that the browser's Long Animation Frames report names the widget's script as the task's.
 */
export function nextTask(scope: Pick<Window, 'setTimeout'> = window): Promise<void> {
  return new Promise((resolve) => scope.setTimeout(() => resolve(), 0));
}

export function yieldToPage(scope: Pick<Window, 'setTimeout'> = window): Promise<void> {
  const scheduler = (scope as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return nextTask(scope);
}

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
