import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { adoptStyles, prepareSheet } from '../../core/adopted-styles.ts';
import { afterNextPaint } from '../../core/loading/after-next-paint.ts';
import { yieldToPage } from '../../core/loading/yield-to-page.ts';
import { ESCAPE_GUARD_MS } from '../../core/popup/timing.ts';
import type { CloseSource } from '../../core/public-types.ts';
import { guard, log } from '../../core/safety.ts';
import { emit } from './emit.ts';
import { onEscapeStack } from './escape-stack.ts';
import { frameStyles } from './frame-styles.ts';
import { holdPlace } from './hold-place.ts';
import type { SurfaceEventMap } from './surface.ts';
import { useSurfaceHost, useSurfaceStyles } from './surface-host.ts';

export interface SurfaceFrameProps {
  poptinId: string;
  /** The accessible name of the surface. */
  label: string;
  /** A modal `<dialog>` (page inert, focus kept inside), or a popover that leaves the page usable. */
  modal: boolean;
  open: boolean;
  /** `data-state` on the base, for the surface's CSS and for tests. */
  state: string;
  kind: string;
  dir: 'ltr' | 'rtl';
  lang: string;
  /** Classes that place the surface, e.g. `at-bottom at-right`. */
  placement?: string;
  /** A non-modal surface drawn in the page's own flow (a bar that pushes the page down), not over it. */
  inFlow?: boolean;
  /** `data-*` attributes on the base for the surface's CSS, e.g. its format and orientation. */
  data?: Record<`data-${string}`, string>;
  closeOnBackdrop: boolean;
  /** The close (×) button's accessible name; no button when absent. */
  closeLabel?: string;
  /** Drawn beside the close button, e.g. a countdown until it may be used. */
  closeSlot?: ReactNode;
  /** Drawn behind the panel, over the whole screen of a modal surface: a game's background effect. */
  backdrop?: ReactNode;
  /** The panel's animation of this moment (see animation-styles.ts); the frame's own short entry when absent. */
  animation?: { name: string; phase: 'entry' | 'exit' } | null;
  /** False when Escape must not close it (content lock); true by default. */
  escapeCloses?: boolean;
  /** Seconds until the close button may be used: while above zero it is disabled and shows them instead of ×. */
  closeCountdown?: number;
  /** What `poptin-hide` and `poptin-after-hide` report. */
  hideDetail: { source: CloseSource | null; submitted: boolean };
  /** From `useRequestClose`: the one way the frame and the view close the surface. */
  requestClose: (source: CloseSource) => boolean;
  /** The surface has left the screen: after `poptin-hide`, before `poptin-after-hide`. */
  onHidden?: () => void;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable], [tabindex]:not([tabindex="-1"])';

/** The element that has focus, looking inside open shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * What Tab reaches inside the surface, in the order it reaches them: the controls of nested surfaces (a game's
 * Spin button in its own shadow root) and of content slotted from the page included, where they are drawn.
 */
function focusables(root: Element): HTMLElement[] {
  const found: HTMLElement[] = [];
  const visit = (element: Element) => {
    if (element.matches('[hidden], [inert]')) return;
    if (element instanceof HTMLSlotElement) {
      const assigned = element.assignedElements({ flatten: true });
      (assigned.length > 0 ? assigned : [...element.children]).forEach(visit);
      return;
    }
    if (element instanceof HTMLElement && element.matches(FOCUSABLE) && element.getClientRects().length > 0)
      found.push(element);
    // A shadow host draws its shadow tree; its own children show only through the tree's slots.
    [...(element.shadowRoot ?? element).children].forEach(visit);
  };
  [...(root.shadowRoot ?? root).children].forEach(visit);
  return found;
}

/**
 * Closing through the cancelable `poptin-request-close` (design §2): the page may refuse; `onClose` runs
 * only when it did not. While `open`, the host's `requestClose(source)` runs the same check.
 */
export function useRequestClose(
  poptinId: string,
  open: boolean,
  onClose: (source: CloseSource) => void,
): (source: CloseSource) => boolean {
  const host = useSurfaceHost<unknown>();
  const requestClose = useCallback(
    (source: CloseSource) => {
      if (!open) return false;
      const allowed = emit<SurfaceEventMap['poptin-request-close']>(
        host,
        'poptin-request-close',
        { poptinId, source },
        { cancelable: true },
      );
      if (allowed) onClose(source);
      return allowed;
    },
    [host, poptinId, open, onClose],
  );
  useLayoutEffect(() => {
    host.closer = open ? requestClose : null;
    return () => {
      if (host.closer === requestClose) host.closer = null;
    };
  }, [host, open, requestClose]);
  return requestClose;
}

/**
 * Lets the browser lay the closed dialog out once, unseen, in its own next frame rather than in the widget's
 * script: its fonts, text shapes and form controls are then ready, and showModal(), which lays the dialog out to
 * move focus into it, no longer makes a long task (at 4× CPU slowdown, the bench's lightbox: 30 to 48 ms in
 * showModal() before). After that frame, `whileLaidOut` runs with the dialog still laid out; then it is taken out.
 */
async function layOutUnseen<T>(base: HTMLElement, whileLaidOut: () => T): Promise<T> {
  base.toggleAttribute('data-laying-out', true);
  await afterNextPaint();
  try {
    return whileLaidOut();
  } finally {
    base.toggleAttribute('data-laying-out', false);
  }
}

/**
 * Parses a surface's styles (the frame's, then its own: what `SurfaceStyles` adopts) in a task of its own, ahead of
 * its first render, which need not carry it (about 8 ms of it at 4× CPU slowdown for a pop-up).
 */
export function prepareSurfaceStyles(styles: string): void {
  void yieldToPage().then(() => guard('preparing styles', () => prepareSheet(frameStyles + styles)));
}

/** Adopts the styles of the frame and of the surface element into the surface's shadow root; draws nothing. */
export function SurfaceStyles(): null {
  const host = useSurfaceHost<unknown>();
  const styles = useSurfaceStyles();
  // The same string at each render: a new concatenation would be compared character by character with the last.
  const css = useMemo(() => frameStyles + styles, [styles]);
  useLayoutEffect(() => {
    if (host.shadowRoot) adoptStyles(host.shadowRoot, css);
  }, [host, css]);
  return null;
}

/**
 * The shell of every visible surface: a top-layer dialog or popover, Escape once shown 800 ms (widget §4),
 * backdrop click when configured, the close button, focus kept inside modal kinds and given back when
 * they close, and the show/hide events in pairs.
 */
export function SurfaceFrame(props: SurfaceFrameProps): React.JSX.Element {
  const { poptinId, modal, open, requestClose } = props;
  const host = useSurfaceHost<unknown>();
  const baseRef = useRef<HTMLDialogElement & HTMLDivElement>(null);
  /** When the visitor first saw it (performance.now()), null while hidden. */
  const shownAt = useRef<number | null>(null);
  const wasOpen = useRef(false);
  const focusBefore = useRef<HTMLElement | null>(null);
  /** Stops holding a shown modal in its place (hold-place.ts). */
  const releasePlace = useRef<(() => void) | null>(null);
  /** The modal base laid out unseen, once. */
  const laidOut = useRef<HTMLElement | null>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  // Opened and closed from a layout effect, so the view's template is live when the visitor sees it.
  useLayoutEffect(() => {
    const base = baseRef.current;
    if (!base) return;
    if (open && !wasOpen.current) {
      wasOpen.current = true;
      focusBefore.current = deepActiveElement();
      emit<SurfaceEventMap['poptin-show']>(host, 'poptin-show', { poptinId });
      // poptin-after-show says the surface is on screen: it follows the frame that painted it, so that what its
      // listeners do (recording the view) does not run ahead of that frame and lengthen it.
      const announceOnScreen = async () => {
        await afterNextPaint();
        if (wasOpen.current) emit<SurfaceEventMap['poptin-after-show']>(host, 'poptin-after-show', { poptinId });
      };
      if (modal) {
        // showModal() lays out the page and the dialog at once to move focus inside it (about 40 ms at 4× CPU
        // slowdown for the bench's lightbox): in a task of its own, apart from the render before it.
        const stillToShow = () => wasOpen.current && !base.open && base.isConnected;
        const show = () => {
          if (!stillToShow()) return false;
          base.showModal();
          return true;
        };
        const showInATaskOfItsOwn = async () => {
          await yieldToPage();
          if (!stillToShow()) return;
          // Shown before its layout ahead: that layout first, in the browser's frame, and shown while still laid
          // out, so that showModal() moves it into the top layer without laying it out anew.
          const layOutFirst = laidOut.current !== base;
          laidOut.current = base;
          if (!(layOutFirst ? await layOutUnseen(base, show) : show())) return;
          releasePlace.current = holdPlace(base);
          shownAt.current = performance.now();
          await announceOnScreen();
        };
        showInATaskOfItsOwn().catch((error: unknown) => log.error('the surface could not be shown', error));
        return;
      }
      if (props.inFlow) base.toggleAttribute('data-open', true);
      else if (!base.matches(':popover-open') && typeof base.showPopover === 'function') base.showPopover();
      shownAt.current = performance.now();
      announceOnScreen().catch((error: unknown) => log.error('the surface could not be shown', error));
    } else if (!open && wasOpen.current) {
      wasOpen.current = false;
      shownAt.current = null;
      const { hideDetail, onHidden } = latest.current;
      emit<SurfaceEventMap['poptin-hide']>(host, 'poptin-hide', { poptinId, source: hideDetail.source });
      const focusWasInside = host.shadowRoot?.activeElement != null || document.activeElement === document.body;
      releasePlace.current?.();
      releasePlace.current = null;
      if (modal && base.open) base.close();
      else if (base.hasAttribute('data-open')) base.toggleAttribute('data-open', false);
      else if (!modal && base.matches(':popover-open')) base.hidePopover();
      const previous = focusBefore.current;
      focusBefore.current = null;
      if (focusWasInside && previous?.isConnected) previous.focus({ preventScroll: true });
      // The frame of the close hides it and gives focus back, no more: what follows it (the page's poptinClose,
      // the view's unmount, and poptin-after-hide, whose listeners record the close and remove the element) waits
      // for the task after that frame, as the surface is then off the screen; a page left before then hears it as
      // it goes, so that the close's record is not lost.
      const view = host.ownerDocument.defaultView ?? window;
      let announced = false;
      const announceOffScreen = () => {
        if (announced) return;
        announced = true;
        view.removeEventListener('pagehide', announceOffScreen, true);
        try {
          onHidden?.();
          emit<SurfaceEventMap['poptin-after-hide']>(host, 'poptin-after-hide', { poptinId, ...hideDetail });
        } catch (error) {
          log.error('the surface could not be hidden', error);
        }
      };
      view.addEventListener('pagehide', announceOffScreen, true);
      void afterNextPaint().then(announceOffScreen);
    }
  }, [open, modal, host, poptinId]);

  useEffect(() => () => releasePlace.current?.(), []);

  // A modal built ahead of its trigger is laid out unseen while it waits, in a task after the render that built it.
  useEffect(() => {
    if (!modal) return;
    let current = true;
    void yieldToPage().then(() =>
      guard('laying out the surface', () => {
        const base = baseRef.current;
        if (!current || !base?.isConnected || wasOpen.current || base.open || laidOut.current === base) return;
        laidOut.current = base;
        return layOutUnseen(base, () => undefined);
      }),
    );
    return () => {
      current = false;
    };
  }, [modal]);

  /**
   * Widget §4's "Escape (after 800 ms)" is a guard: an Escape meant for the page in the moment the surface
   * appears does not close it; once shown that long, Escape closes at once. Never when locked. Judged by when the
   * visitor pressed the key (the event's time stamp), not by when a busy page gets round to hearing it.
   */
  const escapeCloses = useCallback((pressedAt: number) => {
    const shown = shownAt.current;
    return latest.current.escapeCloses !== false && shown !== null && pressedAt - shown >= ESCAPE_GUARD_MS;
  }, []);
  const escape = useCallback(
    (pressedAt: number) => {
      if (escapeCloses(pressedAt)) latest.current.requestClose('escape');
    },
    [escapeCloses],
  );

  const onKeyDown = useRef<(event: KeyboardEvent) => void>(undefined);
  onKeyDown.current = (event) =>
    guard('keydown', () => {
      if (event.key === 'Tab' && modal) keepFocusInside(event);
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Keep the native dialog from closing at once, and the page's Escape stack from closing another surface.
      event.preventDefault();
      escape(event.timeStamp);
    });
  // Heard on the element itself, not with React's onKeyDown: React (poptin-elements/react-runtime) listens at its
  // root and finds no handler for a key pressed in content slotted from the page, whose nodes are not its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `modal` makes the base a <dialog> or a <div>, a new element
  useEffect(() => {
    const base = baseRef.current;
    if (!base) return;
    const listener = (event: KeyboardEvent) => onKeyDown.current?.(event);
    base.addEventListener('keydown', listener);
    return () => base.removeEventListener('keydown', listener);
  }, [modal]);

  // Escape on the page closes the last floating surface shown, one at a time.
  useEffect(() => (open ? onEscapeStack({ modal, escape }) : undefined), [open, modal, escape]);

  const keepFocusInside = (event: KeyboardEvent) => {
    const base = baseRef.current;
    if (!base) return;
    const items = focusables(base);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = deepActiveElement();
    if (event.shiftKey && (active === first || active === base)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBaseClick = (event: React.MouseEvent<HTMLElement>) =>
    guard('backdrop click', () => {
      const base = baseRef.current;
      if (!base || event.target !== base || !modal || !props.closeOnBackdrop) return;
      const box = base.getBoundingClientRect();
      const outside =
        event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
      if (outside) requestClose('overlay');
    });

  const onNativeClose = () =>
    guard('dialog close', () => {
      // Chromium's close watcher may close the dialog without a cancelable event on a repeated Escape.
      if (!wasOpen.current) return;
      if (!escapeCloses(performance.now()) || !requestClose('escape')) baseRef.current?.showModal();
    });

  const closeWait = props.closeCountdown !== undefined && props.closeCountdown > 0 ? props.closeCountdown : 0;
  const panel = (
    <div
      part="panel"
      className="panel"
      data-animation={props.animation?.name}
      data-animation-phase={props.animation?.phase}
    >
      {props.closeSlot}
      {props.closeLabel && (
        <button
          type="button"
          part="close-button"
          aria-label={props.closeLabel}
          disabled={closeWait > 0}
          data-countdown={closeWait || undefined}
          onClick={() => requestClose('x-button')}
        >
          <span aria-hidden="true">{closeWait || '×'}</span>
        </button>
      )}
      {props.children}
    </div>
  );
  const common = {
    ref: baseRef,
    part: 'base',
    'aria-label': props.label,
    dir: props.dir,
    lang: props.lang,
    'data-state': props.state,
    'data-kind': props.kind,
    ...props.data,
  };

  return (
    <>
      <SurfaceStyles />
      {modal ? (
        <dialog
          {...common}
          aria-modal="true"
          className={props.placement}
          onCancel={(event) => event.preventDefault()}
          onClose={onNativeClose}
          onClick={onBaseClick}
        >
          {props.backdrop}
          {panel}
        </dialog>
      ) : props.inFlow ? (
        <div {...common} role="region" className={`is-in-flow ${props.placement ?? ''}`}>
          {props.backdrop}
          {panel}
        </div>
      ) : (
        <div
          {...common}
          role="dialog"
          aria-modal="false"
          popover="manual"
          className={`is-inline ${props.placement ?? ''}`}
        >
          {props.backdrop}
          {panel}
        </div>
      )}
    </>
  );
}
