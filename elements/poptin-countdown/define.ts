import { PoptinCountdownElement } from './poptin-countdown.ts';
import { view } from './view.ts';

/** What poptin-elements/define imports, to draw the element it defined without React. */
export { view };

PoptinCountdownElement.viewArrived(view);

if (!customElements.get('poptin-countdown')) customElements.define('poptin-countdown', PoptinCountdownElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-countdown': PoptinCountdownElement;
  }
}
