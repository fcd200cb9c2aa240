import { readNumber, readSwitch } from '../config/values.ts';
import { THANK_YOU_AUTO_CLOSE_DEFAULT_S, THANK_YOU_WITHOUT_AUTO_CLOSE_S } from './timing.ts';

/** Why a surface closes; `manual` (window.poptin.close) and `launch` (another pop-up opened from it) are the controller's. */
export type CloseSource = 'x-button' | 'skip-button' | 'escape' | 'overlay' | 'auto-close' | 'timer' | 'redirect' | 'submit' | 'manual' | 'launch';

/** hidden → form → (thank-you) → closing → closed; the view renders `state`, effects follow transitions. */
export type PopupState = 'hidden' | 'form' | 'thank-you' | 'closing' | 'closed';

export interface PopupSnapshot {
  state: PopupState;
  submitted: boolean;
  closeSource: CloseSource | null;
}

export type PopupEvent = { type: 'show' } | { type: 'submitted'; thankYou: boolean } | { type: 'close'; source: CloseSource } | { type: 'removed' };

export const initialSnapshot: PopupSnapshot = { state: 'hidden', submitted: false, closeSource: null };

export function popupReducer(snapshot: PopupSnapshot, event: PopupEvent): PopupSnapshot {
  switch (event.type) {
    case 'show':
      return snapshot.state === 'hidden' ? { ...snapshot, state: 'form' } : snapshot;
    case 'submitted':
      if (snapshot.state !== 'form') return snapshot;
      return { ...snapshot, submitted: true, state: event.thankYou ? 'thank-you' : 'closing', closeSource: event.thankYou ? null : 'submit' };
    case 'close':
      if (snapshot.state !== 'form' && snapshot.state !== 'thank-you') return snapshot;
      return { ...snapshot, state: 'closing', closeSource: event.source };
    case 'removed':
      return snapshot.state === 'closing' ? { ...snapshot, state: 'closed' } : snapshot;
  }
}

/** A poptinClose window event is dispatched unless the pop-up was submitted or redirected (widget §4). */
export function announcesClose(snapshot: PopupSnapshot): boolean {
  return !snapshot.submitted && snapshot.closeSource !== 'redirect';
}

/** Seconds before the thank-you screen closes: configured (default 5 s), or 60 s without auto-close (widget §9). */
export function thankYouCloseSeconds(designProperties: Record<string, unknown>): number {
  if (!readSwitch(designProperties.poptin_design_thank_screen_auto_close, true)) return THANK_YOU_WITHOUT_AUTO_CLOSE_S;
  const seconds = readNumber(designProperties.poptin_design_thank_screen_auto_close_sec);
  return seconds !== null && seconds >= 0 ? seconds : THANK_YOU_AUTO_CLOSE_DEFAULT_S;
}

export function hasThankYouScreen(designProperties: Record<string, unknown>, templateHasThankYou: boolean): boolean {
  if (designProperties.poptin_design_thank_screen === undefined) return templateHasThankYou;
  return readSwitch(designProperties.poptin_design_thank_screen) && templateHasThankYou;
}
