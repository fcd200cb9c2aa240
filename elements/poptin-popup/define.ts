import { PoptinPopupElement } from './poptin-popup.ts';

if (!customElements.get('poptin-popup')) customElements.define('poptin-popup', PoptinPopupElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-popup': PoptinPopupElement;
  }
}
