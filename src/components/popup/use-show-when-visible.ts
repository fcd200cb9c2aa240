import { useLayoutEffect } from 'react';
import type { CloseSettings } from '../../core/popup/close-settings.ts';
import type { PopupEvent, PopupState } from '../../core/popup/view-machine.ts';

/** The view machine is shown once a model is there and visible, its auto-close counting from then. */
export function useShowWhenVisible(
  machine: { send(event: PopupEvent<never>): void },
  ready: unknown,
  visible: boolean,
  state: PopupState,
  closing: CloseSettings,
): void {
  const { autoCloseSeconds } = closing;
  useLayoutEffect(() => {
    if (!ready || !visible || state !== 'hidden') return;
    machine.send({ type: 'show', autoCloseMs: autoCloseSeconds === null ? null : autoCloseSeconds * 1_000 });
  }, [ready, visible, state, machine, autoCloseSeconds]);
}
