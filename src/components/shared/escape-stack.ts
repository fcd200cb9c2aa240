// Escape on the page closes floating surfaces one at a time, the last shown first (design §2 accessibility).
// A modal surface has the focus and handles its own Escape; a floating one may not have it.
import { listenSafely } from '../../core/safety.ts';

interface OpenSurface {
  modal: boolean;
  /** Closes it the way its own Escape would (not when pressed in its first 800 ms on screen, widget §4). */
  escape: (pressedAt: number) => void;
}

const open: OpenSurface[] = [];
let stopListening: (() => void) | null = null;

function onKeyDown(event: KeyboardEvent): void {
  // Handled already by the surface that has the focus, or by the page itself.
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const top = open.at(-1);
  if (!top || top.modal) return;
  top.escape(event.timeStamp);
}

/** Registers a shown surface; returns its removal once it hides. */
export function onEscapeStack(surface: OpenSurface): () => void {
  open.push(surface);
  stopListening ??= listenSafely<KeyboardEvent>(document, 'keydown', onKeyDown);
  return () => {
    const index = open.indexOf(surface);
    if (index >= 0) open.splice(index, 1);
    if (open.length === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}
