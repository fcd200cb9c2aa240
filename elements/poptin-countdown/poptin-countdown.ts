import type { CountdownModel } from '../../src/core/countdown/model.ts';
import { countdownFromAttributes } from '../../src/core/countdown/settings.ts';
import { guard, log } from '../../src/core/safety.ts';
import { createSurfaceElement } from '../shared/surface-element.ts';

const TIMING_ATTRIBUTES = ['minutes', 'seconds', 'ends-at', 'timer-ver'];
const Surface = createSurfaceElement<CountdownModel>({ nested: true });

/**
 * A countdown timer drawn in place, on a page or inside a pop-up template (a timer pop-up closes when its
 * countdown ends). It is a live region of role timer named by the time left, announced politely once a
 * minute; its digits animate only when the visitor has not asked for reduced motion.
 *
 * @tag poptin-countdown
 * @summary Counts down to a time, then says so with `poptin-countdown-end`.
 *
 * @attr {number | string} minutes - Minutes from when it starts (with `seconds`); e.g. `minutes="5" seconds="30"`.
 * @attr {number | string} seconds - Seconds from when it starts, added to `minutes`.
 * @attr {string} ends-at - A fixed end instead: an ISO date-time with its offset, e.g. `2026-12-31T23:59:00+02:00`.
 * @attr {0 | 1 | 2 | '0' | '1' | '2'} timer-ver - Layout: `0` digits `dd:hh:mm:ss` (default), `1` boxes with unit labels, `2` compact text.
 * @attr {boolean} paused - While present it holds the time left and does not tick.
 * @attr {string} poptin-id - Passed on in the end event's detail.
 *
 * @event poptin-countdown-end - It reached zero (at once for a fixed end already past). Bubbles and is composed. detail: `{poptinId, endsAt}`
 * @event poptin-error - It could not render and shows nothing. detail: `{poptinId, message}`
 *
 * @csspart base - The timer.
 * @csspart unit - One unit (`data-unit` days, hours, minutes or seconds) in layouts 0 and 1.
 * @csspart box - A unit in layout 1.
 * @csspart value - The number of a unit, or the whole text in layout 2.
 * @csspart label - The unit's name in layout 1.
 * @csspart separator - The colons of layout 0.
 *
 * @cssproperty --poptin-countdown-color - Colour of the digits and labels.
 * @cssproperty --poptin-countdown-font-family - Font of the timer.
 * @cssproperty --poptin-countdown-font-size - Size of the digits.
 * @cssproperty --poptin-countdown-box-background - Background of the boxes of layout 1.
 * @cssproperty --poptin-countdown-box-radius - Corner radius of the boxes of layout 1.
 */
export class PoptinCountdownElement extends Surface {
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...TIMING_ATTRIBUTES, 'paused'];
  }

  private recheckPending = false;

  override attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    super.attributeChangedCallback?.(name, previous, value);
    if (previous === value) return;
    if (name === 'paused') {
      const model = this.model.get();
      if (model) this.model.set({ ...model, paused: value !== null });
    } else if (TIMING_ATTRIBUTES.includes(name)) guard('countdown attributes', () => this.readAttributes());
  }

  get countdown(): CountdownModel | null {
    return this.model.get();
  }

  set countdown(value: CountdownModel | null) {
    this.model.set(value);
  }

  private timing() {
    return countdownFromAttributes({
      minutes: this.getAttribute('minutes'),
      seconds: this.getAttribute('seconds'),
      endsAt: this.getAttribute('ends-at'),
      timerVer: this.getAttribute('timer-ver'),
    });
  }

  private readAttributes(): void {
    try {
      const read = this.timing();
      this.model.set(read && { ...read, lang: this.model.get()?.lang, paused: this.hasAttribute('paused') });
    } catch {
      this.model.set(null);
      if (this.recheckPending) return;
      // Attributes set one after another may not read until the last is there (minutes="0" before its
      // seconds): only what is still unreadable once they are all set is reported.
      this.recheckPending = true;
      queueMicrotask(() => {
        this.recheckPending = false;
        try {
          this.timing();
        } catch (error) {
          log.warn(`<poptin-countdown> shows nothing: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    }
  }
}
