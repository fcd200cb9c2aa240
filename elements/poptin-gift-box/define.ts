import { PoptinGiftBoxElement } from './poptin-gift-box.ts';
import { view } from './view.ts';

/** What poptin-elements/define imports, to draw the element it defined without React. */
export { view };

PoptinGiftBoxElement.viewArrived(view);

if (!customElements.get('poptin-gift-box')) customElements.define('poptin-gift-box', PoptinGiftBoxElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-gift-box': PoptinGiftBoxElement;
  }
}
