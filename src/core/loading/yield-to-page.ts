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
