/**
 * Runs `job` every `everyMs`, and once `firstMs` after the start when given, one run at a time (a run still under way
 * when the next is due is not doubled; the timers keep no process alive). Answers the stop, which clears the timers
 * and waits for a run under way, so that the database can close after it.
 */
export function repeatEvery(
  everyMs: number,
  job: () => Promise<unknown>,
  onError: (error: unknown) => void,
  firstMs?: number,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= job()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  const first = firstMs === undefined ? undefined : setTimeout(run, firstMs);
  const timer = setInterval(run, everyMs);
  first?.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
