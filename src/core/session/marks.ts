/**
 * Performance marks let owners (and `npm run bench`) see how long a fired trigger takes to show. The browser keeps
 * every mark until it is cleared, so each name keeps only its latest: a pop-up shown again and again on a
 * long-lived page would otherwise grow the timeline by two marks a showing. An observer still sees every one.
 */
export function markLatest(
  name: string,
  timeline: Pick<Performance, 'mark' | 'clearMarks'> | undefined = globalThis.performance,
): void {
  try {
    timeline?.clearMarks(name);
    timeline?.mark(name);
  } catch {
    /* no User Timing here */
  }
}
