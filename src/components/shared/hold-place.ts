// A modal shown in the middle of the viewport keeps its place when its content changes size on its own (a game's
// result seconds after the spin, a thank-you screen after a slow answer): a centred box that grows or shrinks moves
// every part of it, a layout shift the host page is charged for in its Cumulative Layout Shift. It keeps its widest
// width and its top edge; it is centred again when its content no longer fits below that edge, and when
// the window is resized.
import { guard } from '../../core/safety.ts';

/** Starts holding `dialog`'s place, shown and laid out; returns the stop, which centres it again. */
export function holdPlace(dialog: HTMLElement): () => void {
  const view = dialog.ownerDocument.defaultView;
  if (!view || typeof view.ResizeObserver !== 'function') return () => undefined;
  let top = 0;
  let width = 0;
  // In the box's own sizing (its padding and border left out of a content box). offsetWidth is rounded: half a pixel
  // less is never more than the box's own width, whose size this must not change. Never wider than a modal may be
  // (the browser's own dialog style).
  const keepWidth = () => {
    const style = view.getComputedStyle(dialog);
    const edges =
      style.boxSizing === 'border-box'
        ? 0
        : ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce(
            (sum, side) => sum + (Number.parseFloat(style[side as 'paddingLeft']) || 0),
            0,
          );
    dialog.style.setProperty('min-inline-size', `min(${Math.floor(width - edges - 0.5)}px, calc(100% - 6px - 2em))`);
  };
  let anchored = false;
  const unanchor = () => {
    anchored = false;
    dialog.style.removeProperty('inset-block');
    dialog.style.removeProperty('margin-block');
  };
  const centre = () => {
    unanchor();
    dialog.style.removeProperty('min-inline-size');
  };
  // Its top edge set, its bottom free: its height is its content's, as when centred (not the room left below).
  const anchor = () => {
    anchored = true;
    dialog.style.setProperty('inset-block', `${top}px auto`);
    dialog.style.setProperty('margin-block', '0');
  };
  // Everything is read from the centred box's layout before anything is written, so that holding lays it out no
  // more than once; anchored where it is, it stays there.
  const hold = () => {
    centre();
    // offsetWidth and offsetTop: the layout's box, without the entry animation's transform.
    width = dialog.offsetWidth;
    top = dialog.offsetTop;
    keepWidth();
    anchor();
  };
  hold();
  // Called after the layout of a new size and before the frame that would paint it. What changes here leaves the
  // box's size as it is (its place, a least width it has already): a change of size within the callback would be a
  // ResizeObserver loop, an error the host page hears.
  const observer = new view.ResizeObserver(() =>
    guard('holding a modal in place', () => {
      // All of its content, should any overflow it.
      const height = Math.max(dialog.offsetHeight, dialog.scrollHeight);
      if (dialog.offsetWidth > width) {
        width = dialog.offsetWidth;
        keepWidth();
      }
      // A pixel to spare for the rounding of offsetTop and offsetHeight.
      if (top + height + 1 <= view.innerHeight) {
        if (!anchored) anchor();
      } else {
        // Centred again at the width it keeps.
        unanchor();
        top = dialog.offsetTop;
      }
    }),
  );
  observer.observe(dialog);
  view.addEventListener('resize', hold);
  return () => {
    observer.disconnect();
    view.removeEventListener('resize', hold);
    centre();
  };
}
