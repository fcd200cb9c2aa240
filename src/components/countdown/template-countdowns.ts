// <poptin-countdown> inside a pop-up template (design §2): live elements the pop-up configures and holds.
import { attributesForEnd, timerSettingsOf } from '../../core/countdown/settings.ts';
import { listenSafely, log } from '../../core/safety.ts';

const COUNTDOWN = 'poptin-countdown';
const TIMING_ATTRIBUTES = ['minutes', 'seconds', 'ends-at'];

/**
 * Gives the template's countdowns the pop-up's timer (design_properties `timer`, `timer_ver`) where they do
 * not set their own, and for a timer pop-up calls `onTimerEnd` when one of them ends (widget §4). Returns
 * the removal of that listener.
 */
export function bindTemplateCountdowns(content: HTMLElement, designProperties: Record<string, unknown>, onTimerEnd: () => void): () => void {
  const { timerPopup, settings, error } = timerSettingsOf(designProperties);
  if (error) log.warn(`the pop-up's timer settings are ignored: ${error}`);
  if (settings) {
    for (const countdown of content.querySelectorAll(COUNTDOWN)) {
      if (settings.end && !TIMING_ATTRIBUTES.some((name) => countdown.hasAttribute(name))) {
        for (const [name, value] of Object.entries(attributesForEnd(settings.end))) countdown.setAttribute(name, value);
      }
      if (!countdown.hasAttribute('timer-ver')) countdown.setAttribute('timer-ver', String(settings.layout));
    }
  }
  return timerPopup ? listenSafely(content, 'poptin-countdown-end', onTimerEnd) : () => undefined;
}

/** A pop-up not shown yet (prepared ahead of its trigger, or closing) holds its countdowns: time from now starts when it shows. */
export function holdTemplateCountdowns(content: HTMLElement, held: boolean): void {
  content.querySelectorAll(COUNTDOWN).forEach((countdown) => countdown.toggleAttribute('paused', held));
}
