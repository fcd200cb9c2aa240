// Waiting in browser tests for what React renders.

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
