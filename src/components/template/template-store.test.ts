// No definition of <poptin-product-recommendations> is imported here: as in a pop-up built ahead, the template's
// element exists, outside the page, before its definition has loaded.
import { expect } from '@open-wc/testing';
import { until } from '../../../test/browser-support/waiting.ts';
import { recommendationModelFromAttributes } from '../../core/products/recommendations.ts';
import { bindTemplateStore } from './template-store.ts';

const PRODUCTS = [
  { product_id: 7001, variant_id: 4001, title: 'Hiking socks', price: 19.5, handle: 'socks' },
  { product_id: 7002, variant_id: 4002, title: 'Water bottle', price: 24, handle: 'bottle' },
];

describe("a pop-up template's store bindings", () => {
  it('give <poptin-product-recommendations> its products when the pop-up was built before it was put in the page', async () => {
    const model = recommendationModelFromAttributes({
      products: JSON.stringify(PRODUCTS),
      platform: 'shopify',
      currency: 'EUR',
      buttons: null,
      storeRoot: null,
    })!;
    const content = document.createElement('div');
    content.innerHTML = '<poptin-product-recommendations></poptin-product-recommendations>';
    const list = content.firstElementChild as HTMLElement & { recommendations: unknown };
    expect(customElements.get('poptin-product-recommendations')).to.equal(undefined);
    const unbind = bindTemplateStore(content, {
      designProperties: {},
      platform: 'shopify',
      recommendations: model,
      language: 'en',
      announce: () => undefined,
    });
    try {
      await customElements.whenDefined('poptin-product-recommendations');
      await until(() => list.recommendations !== undefined, 'the products handed over');
      expect(Object.hasOwn(list, 'recommendations')).to.equal(
        false,
        "the products went through the element's accessor, not onto the element",
      );
      document.body.append(content);
      await until(
        () => (list.shadowRoot?.querySelectorAll('[part~="product"]').length ?? 0) === 2,
        'the products drawn',
      );
    } finally {
      unbind();
      content.remove();
    }
  });
});
