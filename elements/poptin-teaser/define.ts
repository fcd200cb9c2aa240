import { PoptinTeaserElement } from './poptin-teaser.ts';
import { view } from './view.ts';

/** What poptin-elements/define imports, to draw the element it defined without React. */
export { view };

PoptinTeaserElement.viewArrived(view);

if (!customElements.get('poptin-teaser')) customElements.define('poptin-teaser', PoptinTeaserElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-teaser': PoptinTeaserElement;
  }
}
