// The pop-up view's connect half: from the view machine's snapshot and the pop-up's settings to the props and
// handlers the view spreads. Pure: the view only draws what this returns.

import { MODAL_TYPES, type PopupConfig } from '../../core/config/types.ts';
import { direction } from '../../core/i18n/language.ts';
import { type Language, translate } from '../../core/i18n/strings.ts';
import type { CloseSettings } from '../../core/popup/close-settings.ts';
import type { PopupLayout } from '../../core/popup/layout.ts';
import type { PopupSnapshot } from '../../core/popup/view-machine.ts';
import type { CloseSource } from '../../core/public-types.ts';
import type { SurfaceFrameProps } from '../shared/surface-frame.tsx';
import type { PanelAnimation } from './use-popup-animation.ts';

export interface PopupViewSettings {
  config: PopupConfig;
  language: Language;
  closing: CloseSettings;
  layout: PopupLayout | null;
  /** Seconds until the close and skip buttons may be used. */
  closeCountdown: number;
  animation: PanelAnimation | null;
}

/** The surface frame's props: all the view spreads on it but what it draws inside. */
export type PopupFrameProps = Omit<SurfaceFrameProps, 'closeSlot' | 'backdrop' | 'onHidden' | 'children'>;

export function connectPopup(
  snapshot: PopupSnapshot<unknown>,
  { config, language, closing, layout, closeCountdown, animation }: PopupViewSettings,
  requestClose: (source: CloseSource) => boolean,
): PopupFrameProps {
  return {
    poptinId: config.id,
    label: config.name || 'Pop-up',
    modal: MODAL_TYPES.includes(config.type),
    // With an exit effect the pop-up stays on screen while it plays (widget §4: 0.8 s).
    open: snapshot.state === 'form' || snapshot.state === 'thank-you' || animation?.phase === 'exit',
    state: snapshot.state,
    kind: config.type,
    dir: direction(language),
    lang: language,
    placement: layout ? `at-${layout.vertical} at-${layout.horizontal}` : undefined,
    inFlow: layout?.rendering === 'in-flow' || layout?.rendering === 'in-place',
    data: layout ? { 'data-format': String(layout.format), 'data-orientation': layout.orientation } : undefined,
    closeOnBackdrop: closing.closeOnScreenClick,
    escapeCloses: closing.escapeCloses,
    closeLabel: closing.xButton ? translate(language, 'closePopup') : undefined,
    closeCountdown,
    animation,
    hideDetail: { source: snapshot.closeSource, submitted: snapshot.submitted },
    requestClose,
  };
}

/** A full-page pop-up's skip button waits as the close button does, and says for how long. */
export function skipLabel(language: Language, closeCountdown: number): string {
  const skip = translate(language, 'skip');
  return closeCountdown > 0 ? `${skip} (${closeCountdown})` : skip;
}
