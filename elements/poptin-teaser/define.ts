import { PoptinTeaserElement } from './poptin-teaser.ts';

if (!customElements.get('poptin-teaser')) customElements.define('poptin-teaser', PoptinTeaserElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-teaser': PoptinTeaserElement;
  }
}
