import { useLayoutEffect, useMemo, useState } from 'react';
import type { PopupConfig } from '../../core/config/types.ts';
import { EXIT_EFFECT_MS, entryAnimation, exitAnimation } from '../../core/popup/effects.ts';
import type { PopupState } from '../../core/popup/view-machine.ts';

export interface PanelAnimation {
  name: string;
  phase: 'entry' | 'exit';
}

/**
 * The panel's animation of this moment (widget §4, §9): the entry effect while it is on screen (it runs
 * for 1 s and is over), and on close the exit effect for 0.8 s, during which the pop-up stays on screen.
 * Null leaves the frame's own short entry.
 */
export function usePopupAnimation(
  config: PopupConfig | undefined,
  design: Record<string, unknown>,
  state: PopupState,
): PanelAnimation | null {
  const entry = useMemo(() => (config ? entryAnimation(design, config.type, config.format) : null), [config, design]);
  const exit = useMemo(() => exitAnimation(design), [design]);
  const [exitOver, setExitOver] = useState(false);
  const exiting = state === 'closing' && exit !== null && !exitOver;

  useLayoutEffect(() => {
    if (!exiting) return;
    const timer = setTimeout(() => setExitOver(true), EXIT_EFFECT_MS);
    return () => clearTimeout(timer);
  }, [exiting]);

  if (exiting && exit) return { name: exit, phase: 'exit' };
  return entry ? { name: entry, phase: 'entry' } : null;
}
