/** Element events: `poptin-<noun>`, bubbling and composed, with a typed detail (design §2). */
export function emit<T>(
  host: EventTarget,
  name: `poptin-${string}`,
  detail: T,
  options: { cancelable?: boolean } = {},
): boolean {
  return host.dispatchEvent(
    new CustomEvent<T>(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }),
  );
}

/** Window events kept for compatibility with the original widget: poptinClose, poptinView, poptinSubmit, couponCopy. */
export function emitWindow<T>(name: 'poptinClose' | 'poptinView' | 'poptinSubmit' | 'couponCopy', detail: T): void {
  try {
    window.dispatchEvent(new CustomEvent<T>(name, { detail }));
  } catch {
    /* a page listener that throws must not break the pop-up */
  }
}
