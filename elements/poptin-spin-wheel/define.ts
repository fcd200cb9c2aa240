import { PoptinSpinWheelElement } from './poptin-spin-wheel.ts';

if (!customElements.get('poptin-spin-wheel')) customElements.define('poptin-spin-wheel', PoptinSpinWheelElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-spin-wheel': PoptinSpinWheelElement;
  }
}
