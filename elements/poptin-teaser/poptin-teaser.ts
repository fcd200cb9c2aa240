import { parseKind } from '../../src/core/declarative/attributes.ts';
import { guard, log } from '../../src/core/safety.ts';
import {
  type PopupPhase,
  parseTeaserShowMode,
  readTeaserPosition,
  type TeaserModel,
} from '../../src/core/teaser/tabs.ts';
import { createSurfaceElement } from '../shared/surface-element.ts';

const TEASER_ATTRIBUTES = ['poptin-id', 'mode', 'phase', 'position', 'order', 'kind', 'label'];
const PHASES: readonly PopupPhase[] = ['not-shown', 'shown', 'closed'];
const Surface = createSurfaceElement<TeaserModel>();

/**
 * A teaser tab: a small button at the edge of the screen that opens its pop-up (`window.poptin.show`). It shows
 * always, before its pop-up has been shown, or after it was closed, never while the pop-up is open; every 3 s it
 * asks for attention (not under reduced motion). The controller adds one for each pop-up with teasers on; it can
 * also be placed by hand.
 *
 * @tag poptin-teaser
 * @summary The minimised tab of a pop-up.
 *
 * @attr {string} poptin-id - The pop-up it opens.
 * @attr {'always' | 'before_show' | 'after_close'} mode - `always` (default), `before_show` or `after_close`.
 * @attr {'not-shown' | 'shown' | 'closed'} phase - The pop-up's state: `not-shown` (default), `shown` or `closed`; the controller keeps it up to date.
 * @attr {'bottom-right' | 'bottom-left' | 'right' | 'left'} position - `bottom-right` (default), `bottom-left`, `right` or `left`; mirrored on right-to-left pages.
 * @attr {number | string} order - The pop-up's place among the page's pop-ups (0-based). Widget §9's tab index, 500 + 100 × order, is kept as the tab's `data-tab-order`: a tabindex above 0 would pull it ahead of the page's own controls.
 * @attr {string} kind - The pop-up's kind: beyond its kind's tab limit (widget §9) later tabs stay hidden.
 * @attr {string} label - The tab's text (default "Open the offer", or its Hebrew).
 *
 * @event poptin-teaser-open - The visitor opened the tab; cancelable (the pop-up then does not open). Bubbles and is composed. detail: `{poptinId}`
 * @event poptin-error - It could not render and shows nothing. detail: `{poptinId, message}`
 *
 * @csspart base - The fixed container.
 * @csspart tab - The button.
 *
 * @cssproperty --poptin-teaser-background - Background of the tab.
 * @cssproperty --poptin-teaser-color - Text colour of the tab.
 * @cssproperty --poptin-teaser-radius - Corner radius of the tab.
 */
export class PoptinTeaserElement extends Surface {
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...TEASER_ATTRIBUTES];
  }

  override attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    super.attributeChangedCallback?.(name, previous, value);
    if (previous !== value && TEASER_ATTRIBUTES.includes(name)) guard('teaser attributes', () => this.read());
  }

  get teaser(): TeaserModel | null {
    return this.model.get();
  }

  set teaser(value: TeaserModel | null) {
    this.model.set(value);
  }

  private read(): void {
    const poptinId = this.getAttribute('poptin-id') ?? '';
    if (!poptinId) return this.model.set(null);
    const mode = parseTeaserShowMode(this.getAttribute('mode') ?? 'always');
    if (mode.message && this.getAttribute('mode') !== this.model.get()?.mode)
      log.warn(`<poptin-teaser>: ${mode.message}`);
    const kind = parseKind(this.getAttribute('kind'));
    const phase = this.getAttribute('phase') as PopupPhase | null;
    const order = Number(this.getAttribute('order'));
    this.model.set({
      poptinId,
      label: this.getAttribute('label') ?? this.textContent?.trim() ?? '',
      mode: mode.mode,
      phase: phase && PHASES.includes(phase) ? phase : 'not-shown',
      position: readTeaserPosition(this.getAttribute('position')),
      order: Number.isInteger(order) && order >= 0 ? order : 0,
      kind: kind.ok ? kind.value : 'lightbox',
    });
  }
}
