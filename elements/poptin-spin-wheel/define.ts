import { PoptinSpinWheelElement } from './poptin-spin-wheel.ts';
import { view } from './view.ts';

/** What poptin-elements/define imports, to draw the element it defined without React. */
export { view };

PoptinSpinWheelElement.viewArrived(view);

if (!customElements.get('poptin-spin-wheel')) customElements.define('poptin-spin-wheel', PoptinSpinWheelElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-spin-wheel': PoptinSpinWheelElement;
  }
}
