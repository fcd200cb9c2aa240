import { PoptinScratchCardElement } from './poptin-scratch-card.ts';

if (!customElements.get('poptin-scratch-card')) customElements.define('poptin-scratch-card', PoptinScratchCardElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-scratch-card': PoptinScratchCardElement;
  }
}
