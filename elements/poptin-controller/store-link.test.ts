import { expect } from '@open-wc/testing';
import type { AddToCartItem } from '../../src/core/products/add-to-cart.ts';
import { createCartEvents } from '../../src/core/triggers/cart-events.ts';
import type { StoreCart, StoreIntegration } from '../../src/integrations/store.ts';
import { StoreLink } from './store-link.ts';
import { fetchRecommendations, recommendationQuery } from './store-recommendations.ts';
import { fakeContext, fakeServer, popupConfig } from './test-support/fakes.ts';

const cartOf = (...productIds: string[]): StoreCart => ({
  items: productIds.map((productId) => ({ productId, quantity: 1 })),
  total: productIds.length * 10,
  itemCount: productIds.length,
  cartId: 'cart-1',
});

/** A Shopify store whose cart the test changes, and which says yes or no to marketing. */
function fakeStore(options: { consent?: boolean; cart?: StoreCart } = {}) {
  let onChange: ((cart: StoreCart | null) => void) | null = null;
  let cart = options.cart ?? cartOf();
  const store: StoreIntegration = {
    platform: 'shopify',
    shop: 'tea.myshopify.com',
    root: '/',
    customerId: async () => 'customer-7',
    consent: async () => options.consent ?? true,
    readCart: async () => cart,
    observeCart: (listener) => {
      onChange = listener;
      return () => {
        onChange = null;
      };
    },
    addToCart: async (item: AddToCartItem) => {
      cart = cartOf(...cart.items.map((line) => line.productId), item.id);
      return { added: true, cart };
    },
    cartUrl: () => '/cart',
    viewedProduct: () => null,
  };
  const changeCart = (next: StoreCart) => {
    cart = next;
    onChange?.(next);
  };
  return { store, changeCart };
}

describe('the store link: identity, display fields, cart events and recommendations', () => {
  it('names the store and its customer in the display call, with the cart and recent products', async () => {
    const context = fakeContext();
    const { store } = fakeStore({ cart: cartOf('p1', 'p2') });
    const link = new StoreLink(context, { cartEvents: createCartEvents(), open: async () => store });
    expect(await link.start()).to.equal(true);
    expect(link.identity()).to.deep.equal({
      store_integration: 'shopify',
      store_integration_customer_id: 'customer-7',
    });
    expect(link.displayFields()).to.include({
      shop: 'tea.myshopify.com',
      store_cart_id: 'cart-1',
      cart_total: 20,
      cart_item_count: 2,
    });
    expect(link.displayFields().cart_product_ids).to.deep.equal(['p1', 'p2']);
    // What a pop-up's {{cart_count}} and {{cart_total}} show.
    expect(link.cartSummary()).to.deep.equal({ itemCount: 2, total: 20 });
    expect(context.visitor.storedSessionAccount()).to.equal('customer-7');
    link.stop();
  });

  it('a store whose visitor declined marketing starts nothing, and tells consent mode so', async () => {
    const answers: boolean[] = [];
    const link = new StoreLink(fakeContext(), {
      cartEvents: createCartEvents(),
      open: async () => fakeStore({ consent: false }).store,
      onConsentAnswer: (given) => answers.push(given),
    });
    expect(await link.start()).to.equal(false);
    expect(answers).to.deep.equal([false]);
    expect(link.identity()).to.deep.equal({});
    link.stop();
  });

  it('a page on no store adds nothing to the calls', async () => {
    const link = new StoreLink(fakeContext(), { cartEvents: createCartEvents(), open: async () => null });
    expect(await link.start()).to.equal(true);
    expect(link.displayFields()).to.deep.equal({});
    expect(link.cartSummary()).to.equal(null);
    link.stop();
  });

  it('a product added to the cart fires the cart triggers', async () => {
    const { store, changeCart } = fakeStore({ cart: cartOf('p1') });
    const link = new StoreLink(fakeContext(), { cartEvents: createCartEvents(), open: async () => store });
    const heard: string[] = [];
    const stop = link.cartEvents.subscribe((event) => heard.push(event.kind));
    await link.start();
    heard.length = 0;
    changeCart(cartOf('p1', 'p2'));
    expect(heard).to.include('added_product');
    stop();
    link.stop();
  });

  it("a pop-up's add-to-cart button adds on the store, then goes to the cart page when asked", async () => {
    const context = fakeContext();
    const { store } = fakeStore();
    const link = new StoreLink(context, { cartEvents: createCartEvents(), open: async () => store });
    await link.start();
    let answer: Promise<boolean> | null = null;
    context.window.document.dispatchEvent(
      new CustomEvent('poptin-add-to-cart', {
        detail: {
          item: { id: 'p9', quantity: 1, redirect: true },
          respondWith: (added: Promise<boolean>) => (answer = added),
        },
      }),
    );
    expect(await answer).to.equal(true);
    expect((context.window as unknown as { assigned: string[] }).assigned).to.deep.equal(['/cart']);
    expect(link.displayFields().cart_product_ids).to.deep.equal(['p9']);
    link.stop();
  });

  it("a recommendation pop-up's products are asked with the cart; a changed cart makes them stale", async () => {
    const server = fakeServer({
      '/api/display/shopify/product-recommendation/': {
        body: {
          success: true,
          currency: 'USD',
          data: {
            products: [{ product_id: 'r1', title: 'Green tea', price: 12, url: '/products/green', image: '/g.png' }],
          },
        },
      },
    });
    const { store, changeCart } = fakeStore({ cart: cartOf('p1') });
    const link = new StoreLink(fakeContext({ server }), { cartEvents: createCartEvents(), open: async () => store });
    await link.start();
    const config = popupConfig();
    const { key, model } = fetchRecommendations(link.recommendationSource(), config);
    expect((await model).products.length).to.equal(1);
    expect(recommendationQuery(link.recommendationSource(), config).key).to.equal(key);
    changeCart(cartOf('p1', 'p2'));
    expect(recommendationQuery(link.recommendationSource(), config).key).not.to.equal(key);
    link.stop();
  });
});
