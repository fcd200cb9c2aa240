import { guard } from '../../src/core/log.ts';

/** Adds a listener whose errors are logged, never thrown into the host page; returns its removal. */
export function listenSafely<E extends Event>(target: EventTarget, type: string, handler: (event: E) => void): () => void {
  const listener = (event: Event) => guard(`${type} listener`, () => handler(event as E));
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}
