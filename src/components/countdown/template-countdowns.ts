// <poptin-countdown> inside a pop-up template (design §2): live elements the pop-up configures and holds.
// Most templates hold none, so the element and the timer settings are a chunk of their own (countdown-binding.ts).
import { bindWhenLoaded } from '../../core/loading/when-loaded.ts';
import { COUNTDOWN_SELECTOR as COUNTDOWN, loadCountdownBinding } from '../template/template-parts.ts';

/**
 * Gives the template's countdowns the pop-up's timer where they do not set their own, and for a timer pop-up
 * calls `onTimerEnd` when one of them ends (widget §4), once their chunk is loaded. Returns the unbinding.
 */
export function bindTemplateCountdowns(
  content: HTMLElement,
  designProperties: Record<string, unknown>,
  onTimerEnd: () => void,
): () => void {
  const countdowns = [...content.querySelectorAll(COUNTDOWN)];
  if (countdowns.length === 0) return () => undefined;
  return bindWhenLoaded('the countdowns of the pop-up', loadCountdownBinding, ({ configureCountdowns }) =>
    configureCountdowns(content, countdowns, designProperties, onTimerEnd),
  );
}

/** A pop-up not shown yet (prepared ahead of its trigger, or closing) holds its countdowns: time from now starts when it shows. */
export function holdTemplateCountdowns(content: HTMLElement, held: boolean): void {
  content.querySelectorAll(COUNTDOWN).forEach((countdown) => countdown.toggleAttribute('paused', held));
}
