import { PoptinCountdownElement } from './poptin-countdown.ts';

if (!customElements.get('poptin-countdown')) customElements.define('poptin-countdown', PoptinCountdownElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-countdown': PoptinCountdownElement;
  }
}
