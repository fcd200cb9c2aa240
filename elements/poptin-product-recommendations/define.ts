import { PoptinProductRecommendationsElement } from './poptin-product-recommendations.ts';
import { view } from './view.ts';

/** What poptin-elements/define imports, to draw the element it defined without React. */
export { view };

PoptinProductRecommendationsElement.viewArrived(view);

if (!customElements.get('poptin-product-recommendations'))
  customElements.define('poptin-product-recommendations', PoptinProductRecommendationsElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-product-recommendations': PoptinProductRecommendationsElement;
  }
}
