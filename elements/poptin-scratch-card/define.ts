import { PoptinScratchCardElement } from './poptin-scratch-card.ts';
import { view } from './view.ts';

/** What poptin-elements/define imports, to draw the element it defined without React. */
export { view };

PoptinScratchCardElement.viewArrived(view);

if (!customElements.get('poptin-scratch-card')) customElements.define('poptin-scratch-card', PoptinScratchCardElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-scratch-card': PoptinScratchCardElement;
  }
}
