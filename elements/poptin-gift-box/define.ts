import { PoptinGiftBoxElement } from './poptin-gift-box.ts';

if (!customElements.get('poptin-gift-box')) customElements.define('poptin-gift-box', PoptinGiftBoxElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-gift-box': PoptinGiftBoxElement;
  }
}
