import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryStorageSet } from '../core/visitor/memory-storage.ts';
import { createProductMemory, MAX_BROWSED_PRODUCTS, pushRecent } from '../core/visitor/products.ts';
import { shopifyBrowseAbandonmentQuery, wixOrderedProductsRequest } from './browse-abandonment.ts';
import { CONSENT_POLL_MS, type ConsentAnswer, waitForConsent } from './consent.ts';
import { cartFromShopify } from './shopify/cart.ts';
import { shopifyConsent } from './shopify/consent.ts';
import { detectShopify, shopifyCustomerId, shopifyViewedProduct } from './shopify/detect.ts';
import { isCartChange } from './shopify/observe.ts';
import { cartFromWix } from './wix/cart.ts';

/** Timers whose time the test moves. */
function fakeTimers() {
  let now = 0;
  let queue: { at: number; callback: () => void; id: number }[] = [];
  let ids = 0;
  return {
    setTimeout(callback: () => void, ms: number) {
      queue.push({ at: now + ms, callback, id: ++ids });
      return ids;
    },
    clearTimeout(id: unknown) {
      queue = queue.filter((timer) => timer.id !== id);
    },
    advance(ms: number) {
      now += ms;
      for (const timer of queue.filter((timer) => timer.at <= now)) {
        queue = queue.filter((other) => other !== timer);
        timer.callback();
      }
    },
    pending: () => queue.length,
  };
}

describe('consent gating (widget §4: start on yes, not on no, otherwise ask every second)', () => {
  it('starts at once on yes and never on no', async () => {
    const timers = fakeTimers();
    assert.equal(await waitForConsent(() => 'yes', timers), true);
    assert.equal(await waitForConsent(() => 'no', timers), false);
    assert.equal(timers.pending(), 0);
  });

  it('asks again every second while undecided, and starts once the visitor says yes', async () => {
    const timers = fakeTimers();
    const answers: ConsentAnswer[] = ['undecided', 'undecided', 'yes'];
    let asked = 0;
    const started = waitForConsent(() => answers[asked++]!, timers);
    assert.equal(asked, 1);
    timers.advance(CONSENT_POLL_MS - 1);
    assert.equal(asked, 1, 'not before a second');
    timers.advance(1);
    assert.equal(asked, 2);
    timers.advance(CONSENT_POLL_MS);
    assert.equal(await started, true);
    assert.equal(asked, 3);
  });

  it('stops asking when the page goes away', async () => {
    const timers = fakeTimers();
    const stop = new AbortController();
    const started = waitForConsent(() => 'undecided', timers, stop.signal);
    stop.abort();
    assert.equal(await started, false);
    assert.equal(timers.pending(), 0);
  });

  it("reads Shopify's Customer Privacy API: no API or no banner needed is yes, else the marketing answer", () => {
    assert.equal(shopifyConsent({ Shopify: {} }), 'yes');
    const privacy = (marketing: string, banner = true) => ({
      Shopify: { customerPrivacy: { shouldShowBanner: () => banner, currentVisitorConsent: () => ({ marketing }) } },
    });
    assert.equal(shopifyConsent(privacy('yes')), 'yes');
    assert.equal(shopifyConsent(privacy('no')), 'no');
    assert.equal(shopifyConsent(privacy('')), 'undecided');
    assert.equal(shopifyConsent(privacy('', false)), 'yes');
  });
});

describe('Shopify storefront', () => {
  it('is found by window.Shopify with its shop and root route', () => {
    assert.deepEqual(detectShopify({ Shopify: { shop: 'a.myshopify.com', routes: { root: '/fr' } } }), {
      shop: 'a.myshopify.com',
      root: '/fr/',
    });
    assert.deepEqual(detectShopify({ Shopify: { shop: 'a.myshopify.com' } }), { shop: 'a.myshopify.com', root: '/' });
    assert.equal(detectShopify({}), null);
    assert.equal(detectShopify({ Shopify: { shop: '' } }), null);
  });

  it('reads the customer and the product page from the analytics meta', () => {
    assert.equal(shopifyCustomerId({ ShopifyAnalytics: { meta: { page: { customerId: 42 } } } }), '42');
    assert.equal(shopifyCustomerId({ __st: { cid: 7 } }), '7');
    assert.deepEqual(
      shopifyViewedProduct({
        ShopifyAnalytics: { meta: { product: { id: 9, type: 'Bags', variants: [{ name: 'Backpack - Red' }] } } },
      }),
      { productId: '9', productName: 'Backpack', category: 'Bags' },
    );
    assert.equal(shopifyViewedProduct({ ShopifyAnalytics: { meta: {} } }), null);
  });

  it('reads cart.js: the price is total_price divided by 100', () => {
    const cart = cartFromShopify({
      token: 'c1',
      item_count: 3,
      total_price: 9250,
      items: [
        { id: 4001, product_id: 7001, variant_id: 4001, quantity: 2 },
        { product_id: 7003, variant_id: 4003, quantity: 1 },
      ],
    });
    assert.deepEqual(cart, {
      items: [
        { productId: '7001', variantId: '4001', quantity: 2 },
        { productId: '7003', variantId: '4003', quantity: 1 },
      ],
      total: 92.5,
      itemCount: 3,
      cartId: 'c1',
    });
    assert.deepEqual(cartFromShopify(null), { items: [], total: 0, itemCount: 0, cartId: '' });
  });

  it('watches add, update, change and clear, with or without .js, under any root', () => {
    const base = 'https://shop.example/';
    for (const path of [
      '/cart/add.js',
      '/cart/add',
      '/fr/cart/change.js',
      '/cart/update.js',
      '/cart/clear',
      'https://shop.example/cart/add.js?x=1',
    ])
      assert.ok(isCartChange(path, base), path);
    for (const path of ['/cart.js', '/cart', '/products/cart-add', '/cart/add.json', 'javascript:'])
      assert.equal(isCartChange(path, base), false, path);
  });
});

describe('Wix cart', () => {
  it('reads line items (rootCatalogItemId, quantity) and subtotal.amount, as the API and wix_cart_details carry them', () => {
    const cart = cartFromWix({
      id: 'cart-1',
      lineItems: [
        { rootCatalogItemId: 'helmet-01', productName: { original: 'Helmet' }, quantity: 2 },
        { catalogReference: { catalogItemId: 'vest-03' }, quantity: 1 },
      ],
      subtotal: { amount: '80.50' },
    });
    assert.deepEqual(cart, {
      items: [
        { productId: 'helmet-01', variantId: undefined, quantity: 2 },
        { productId: 'vest-03', variantId: undefined, quantity: 1 },
      ],
      total: 80.5,
      itemCount: 3,
      cartId: 'cart-1',
    });
    assert.deepEqual(cartFromWix(undefined), { items: [], total: 0, itemCount: 0, cartId: '' });
  });
});

describe('visitor products and browse abandonment (widget §3, §5, §9)', () => {
  it('keeps at most 3 recent product ids, most recent first, each once', () => {
    const memory = createProductMemory(createMemoryStorageSet().local);
    for (const id of ['1', '2', '3', '2', '4'])
      memory.recordViewed({ productId: id, productName: `P${id}`, category: '' });
    assert.deepEqual(memory.recentProductIds(), ['4', '2', '3']);
    assert.deepEqual(
      memory.browseProducts().map((product) => product.productId),
      ['4', '2', '3', '1'],
    );
    assert.equal(
      pushRecent(
        Array.from({ length: 40 }, (_, i) => i),
        99,
        MAX_BROWSED_PRODUCTS,
      ).length,
      MAX_BROWSED_PRODUCTS,
    );
  });

  it('remembers the store cart id and its products', () => {
    const memory = createProductMemory(createMemoryStorageSet().local);
    memory.rememberCart({ cartId: 'tok', items: [{ productId: '1' }, { productId: '1' }, { productId: '2' }] });
    assert.equal(memory.storeCartId(), 'tok');
    assert.deepEqual(memory.cartProductIds(), ['1', '2']);
  });

  it('survives what another script wrote in its keys', () => {
    const local = createMemoryStorageSet().local;
    local.set('poptin_recent_product_ids', '{not json');
    local.set(
      'poptin_browse_products',
      JSON.stringify([{ productId: 5 }, 'x', { productId: '6', productName: 'Six', category: '' }]),
    );
    const memory = createProductMemory(local);
    assert.deepEqual(memory.recentProductIds(), []);
    assert.deepEqual(memory.browseProducts(), [{ productId: '6', productName: 'Six', category: '' }]);
  });

  it('builds the Shopify query and refuses a Wix record without customer id, product id and name', () => {
    const products = [{ productId: '7001', productName: 'Backpack', category: 'Bags' }];
    assert.deepEqual(shopifyBrowseAbandonmentQuery({ clientId: 'c', customer: '42', products, totalCartValue: 19.5 }), {
      clientId: 'c',
      customer: '42',
      products: '[{"product_id":"7001","product_name":"Backpack","category":"Bags"}]',
      data_for: 'browse_abandonment',
      total_cart_value: '19.5',
    });
    assert.deepEqual(wixOrderedProductsRequest({ clientId: 'c', customerId: 'm1', products }), {
      client_id: 'c',
      customer_id: 'm1',
      products: [{ product_id: '7001', product_name: 'Backpack', category: 'Bags' }],
      source_table: 'browse_abandonment',
    });
    assert.throws(
      () => wixOrderedProductsRequest({ clientId: 'c', customerId: '', products }),
      /needs a signed-in member/,
    );
    assert.throws(
      () =>
        wixOrderedProductsRequest({
          clientId: 'c',
          customerId: 'm1',
          products: [{ productId: '1', productName: '', category: '' }],
        }),
      /needs a product id and a product name/,
    );
  });
});
