import { useLayoutEffect, useMemo } from 'react';
import type { PopupConfig } from '../../core/config/types.ts';
import { type PopupLayout, popupLayout } from '../../core/popup/layout.ts';
import { log } from '../../core/safety.ts';
import { placedWhereItSits } from './popup-template.ts';

/** Where the pop-up sits (widget §4 formats), and the host's rendering: a block where it takes room in the page. */
export function usePopupLayout(
  config: PopupConfig | undefined,
  design: Record<string, unknown>,
  host: HTMLElement,
): PopupLayout | null {
  const layout = useMemo(
    () => (config ? placedWhereItSits(popupLayout(config.type, config.format, design.poptin_location), host) : null),
    [config, design, host],
  );
  useLayoutEffect(() => {
    if (layout?.formatProblem) log.warn(`pop-up ${config?.id}: ${layout.formatProblem}`);
    // The host is a block where the pop-up takes room in the page (a pushing bar, an embedded form).
    if (layout) host.dataset.rendering = layout.rendering;
  }, [layout, host, config?.id]);
  return layout;
}
