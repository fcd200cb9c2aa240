/** Timers owned by one binding, all cancelled together when it is torn down. */
export function createTimers(): { later(action: () => void, ms: number): void; clearAll(): void } {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    later(action, ms) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        action();
      }, ms);
      timers.add(timer);
    },
    clearAll() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    },
  };
}
