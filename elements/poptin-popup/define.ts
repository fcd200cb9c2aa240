import { PoptinPopupElement } from './poptin-popup.ts';
import { view } from './view.ts';

/** What poptin-elements/define imports, to draw the element it defined without React. */
export { view };

PoptinPopupElement.viewArrived(view);

if (!customElements.get('poptin-popup')) customElements.define('poptin-popup', PoptinPopupElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-popup': PoptinPopupElement;
  }
}
