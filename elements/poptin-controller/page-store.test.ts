import { expect } from '@open-wc/testing';
import { PageStore } from './page-store.ts';
import { fakeContext, fakeServer, popupConfig } from './test-support/fakes.ts';

/** The widget's modules this page has fetched so far, by path. */
const fetchedModules = () =>
  performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname.split('/').pop());

describe("the page's store: the store link and the recommendations load only where they are used", () => {
  it('a page on no store starts at once, names no store, and never loads the store link', async () => {
    const store = new PageStore(fakeContext());
    expect(await store.start()).to.equal(true);
    expect(store.platform).to.equal(undefined);
    expect(store.identity()).to.deep.equal({});
    expect(store.displayFields()).to.deep.equal({});
    expect(store.cartSummary()).to.equal(null);
    expect(fetchedModules()).not.to.include('store-link.ts');
    expect(fetchedModules()).not.to.include('store-recommendations.ts');
  });

  it("a recommendation pop-up's products are asked for by its own platform on a page on no store", async () => {
    const server = fakeServer({
      '/api/display/wix/product-recommendation/': {
        body: {
          success: true,
          currency: 'USD',
          data: { products: [{ product_id: 'r1', title: 'Green tea', price: 12, url: '/g', image: '/g.png' }] },
        },
      },
    });
    const store = new PageStore(fakeContext({ server }));
    await store.start();
    const config = popupConfig({ store_platform: 'wix' });
    const { key, model } = await store.recommendationsFor(config);
    expect((await model).platform).to.equal('wix');
    expect(store.recommendationKey(config)).to.equal(key);
    expect(fetchedModules()).to.include('store-recommendations.ts');
    expect(fetchedModules()).not.to.include('store-link.ts');
  });
});
