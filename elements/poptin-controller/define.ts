import { PoptinController } from './poptin-controller.ts';

if (!customElements.get('poptin-controller')) customElements.define('poptin-controller', PoptinController);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-controller': PoptinController;
  }
}
