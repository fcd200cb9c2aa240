import { prepareSurfaceStyles } from '../../src/components/shared/surface-frame.tsx';
import { PoptinPopupElement } from './poptin-popup.ts';
import { popupStyles } from './styles.ts';
import { view } from './view.ts';

/** What poptin-elements/define imports, to draw the element it defined without React. */
export { view };

PoptinPopupElement.viewArrived(view);
// Parsed before the first pop-up's render.
prepareSurfaceStyles(popupStyles);

if (!customElements.get('poptin-popup')) customElements.define('poptin-popup', PoptinPopupElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-popup': PoptinPopupElement;
  }
}
