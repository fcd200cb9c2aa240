// Hands the main thread back to the page between two pieces of the widget's work, so that together they never
// make one long task: scheduler.yield() where the browser has it (the widget's work then resumes ahead of tasks
// queued meanwhile), else a new task.
interface YieldingScheduler {
  yield?: () => Promise<void>;
}

export function yieldToPage(scope: Pick<Window, 'setTimeout'> = window): Promise<void> {
  const scheduler = (scope as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => scope.setTimeout(() => resolve(), 0));
}
