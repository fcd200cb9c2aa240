import { PoptinProductRecommendationsElement } from './poptin-product-recommendations.ts';

if (!customElements.get('poptin-product-recommendations'))
  customElements.define('poptin-product-recommendations', PoptinProductRecommendationsElement);

declare global {
  interface HTMLElementTagNameMap {
    'poptin-product-recommendations': PoptinProductRecommendationsElement;
  }
}
