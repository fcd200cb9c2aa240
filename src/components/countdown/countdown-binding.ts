// Loaded with the countdown element by a template that holds one (template-parts.ts): the timer settings are
// read only for such a template.
import { attributesForEnd, timerSettingsOf } from '../../core/countdown/settings.ts';
import { listenSafely, log } from '../../core/safety.ts';

const TIMING_ATTRIBUTES = ['minutes', 'seconds', 'ends-at'];

/**
 * Gives the countdowns the pop-up's timer (design_properties `timer`, `timer_ver`) where they do not set their
 * own, and for a timer pop-up calls `onTimerEnd` when one of them ends (widget §4). Returns the removal of that
 * listener.
 */
export function configureCountdowns(
  content: HTMLElement,
  countdowns: readonly Element[],
  designProperties: Record<string, unknown>,
  onTimerEnd: () => void,
): () => void {
  const { timerPopup, settings, error } = timerSettingsOf(designProperties);
  if (error) log.warn(`the pop-up's timer settings are ignored: ${error}`);
  if (settings) {
    for (const countdown of countdowns) {
      if (settings.end && !TIMING_ATTRIBUTES.some((name) => countdown.hasAttribute(name))) {
        for (const [name, value] of Object.entries(attributesForEnd(settings.end))) countdown.setAttribute(name, value);
      }
      if (!countdown.hasAttribute('timer-ver')) countdown.setAttribute('timer-ver', String(settings.layout));
    }
  }
  return timerPopup ? listenSafely(content, 'poptin-countdown-end', onTimerEnd) : () => undefined;
}
