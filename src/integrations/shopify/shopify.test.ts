// Against the fake Shopify storefront the test runner serves on this page's origin (test/shopify-storefront).
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { until } from '../../../test/browser-support/waiting.ts';
import type { StoreCart } from '../store.ts';
import { createShopifyIntegration } from './index.ts';
import { observeCartCalls } from './observe.ts';

const ROOT = '/__shopify__/';
type ShopifyGlobals = { Shopify?: unknown; ShopifyAnalytics?: unknown };

async function storefrontCalls(): Promise<string[]> {
  return ((await (await fetch(`${ROOT}__calls`)).json()) as { calls: string[] }).calls;
}

function xhr(method: string, url: string, body?: string): Promise<XMLHttpRequest> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('Content-Type', 'application/json');
    // The page's own handler, set as a property: it must still run.
    request.onload = () => resolve(request);
    request.send(body);
  });
}

describe("Shopify: the page's own cart calls (widget §4)", () => {
  const pageFetch = window.fetch;
  let stops: (() => void)[] = [];
  beforeEach(async () => {
    await fetch(`${ROOT}__reset`, { method: 'POST' });
  });
  afterEach(() => {
    stops.forEach((stop) => stop());
    stops = [];
    window.fetch = pageFetch;
  });

  it('calls back once after an add made with fetch, and the page gets its own response', async () => {
    const changed = sinon.spy();
    stops.push(observeCartCalls(window, changed));
    const response = await fetch(`${ROOT}cart/add.js`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ id: 4001, quantity: 2 }] }),
    });
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { items: { quantity: number }[] }).items[0]!.quantity).to.equal(2);
    await until(() => changed.calledOnce, 'the cart change');
    await fetch(`${ROOT}cart.js`);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(changed.callCount).to.equal(1, 'reading the cart is not a change');
  });

  it("sees change, update and clear made with XMLHttpRequest, and the page's onload still runs", async () => {
    const changed = sinon.spy();
    stops.push(observeCartCalls(window, changed));
    await xhr('POST', `${ROOT}cart/add.js`, JSON.stringify({ id: 4002, quantity: 1 }));
    await until(() => changed.callCount === 1, 'the add');
    const change = await xhr('POST', `${ROOT}cart/change.js`, JSON.stringify({ id: '4002', quantity: 3 }));
    expect((JSON.parse(change.responseText) as { item_count: number }).item_count).to.equal(3);
    await until(() => changed.callCount === 2, 'the change');
    await xhr('POST', `${ROOT}cart/clear.js`);
    await until(() => changed.callCount === 3, 'the clear');
  });

  it('ignores a refused add (422): the cart did not change', async () => {
    const changed = sinon.spy();
    stops.push(observeCartCalls(window, changed));
    const refused = await fetch(`${ROOT}cart/add.js`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 4004, quantity: 1 }),
    });
    expect(refused.status).to.equal(422);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(changed.called).to.equal(false);
  });

  it('keeps working with a library that wraps fetch after it, and stops without undoing that library', async () => {
    const changed = sinon.spy();
    const stop = observeCartCalls(window, changed);
    const seenByLibrary: string[] = [];
    const ours = window.fetch;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      seenByLibrary.push(String(input));
      return ours.call(this, input, init);
    };
    const wrappedByLibrary = window.fetch;
    await fetch(`${ROOT}cart/add.js`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"id":4001}',
    });
    await until(() => changed.calledOnce, 'the add through both wrappers');
    expect(seenByLibrary).to.deep.equal([`${ROOT}cart/add.js`]);
    stop();
    expect(window.fetch).to.equal(wrappedByLibrary, 'the outer wrapper is left in place');
    await fetch(`${ROOT}cart/add.js`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"id":4001}',
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(changed.callCount).to.equal(1, 'silent once stopped');
    expect(seenByLibrary.length).to.equal(2);
  });

  it('puts fetch and XMLHttpRequest back when it is the outermost wrapper', () => {
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    const stop = observeCartCalls(window, () => undefined);
    expect(window.fetch).not.to.equal(pageFetch);
    stop();
    expect(window.fetch).to.equal(pageFetch);
    expect(XMLHttpRequest.prototype.open).to.equal(open);
    expect(XMLHttpRequest.prototype.send).to.equal(send);
  });
});

describe('Shopify integration', () => {
  const globals = window as Window & ShopifyGlobals;
  beforeEach(async () => {
    await fetch(`${ROOT}__reset`, { method: 'POST' });
    globals.Shopify = { shop: 'test-shop.myshopify.com', routes: { root: ROOT } };
  });
  afterEach(() => {
    delete globals.Shopify;
    delete globals.ShopifyAnalytics;
    sinon.restore();
  });

  it('reads cart.js and adds through cart/add.js; a 422 is only logged and reported as not added', async () => {
    const store = createShopifyIntegration(window)!;
    expect(store.shop).to.equal('test-shop.myshopify.com');
    expect(await store.readCart()).to.deep.equal({ items: [], total: 0, itemCount: 0, cartId: 'cart-token-1' });
    const added = await store.addToCart({ id: '4001', quantity: 2, redirect: false });
    expect(added.added).to.equal(true);
    expect(added.cart).to.deep.equal({
      items: [{ productId: '7001', variantId: '4001', quantity: 2 }],
      total: 98,
      itemCount: 2,
      cartId: 'cart-token-1',
    });
    const warn = sinon.stub(console, 'warn');
    const refused = await store.addToCart({ id: '4004', quantity: 1, redirect: false });
    expect(refused.added).to.equal(false);
    expect(refused.cart?.itemCount).to.equal(2);
    expect(warn.args.flat().join(' ')).to.contain('Shopify did not add 4004 to the cart');
    expect(await storefrontCalls()).to.deep.equal([
      'GET cart.js',
      'POST cart/add.js',
      'GET cart.js',
      'POST cart/add.js',
      'GET cart.js',
    ]);
    expect(store.cartUrl()).to.equal(`${ROOT}cart`);
  });

  it("re-reads the cart after the page's own change, and not after its own add", async () => {
    const store = createShopifyIntegration(window)!;
    const carts: (StoreCart | null)[] = [];
    const stop = store.observeCart((cart) => carts.push(cart));
    try {
      await store.addToCart({ id: '4002', quantity: 1, redirect: false });
      await fetch(`${ROOT}cart/update.js`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ updates: { 4002: 4 } }),
      });
      await until(() => carts.length === 1, 'the re-read cart');
      expect(carts[0]).to.deep.equal({
        items: [{ productId: '7002', variantId: '4002', quantity: 4 }],
        total: 96,
        itemCount: 4,
        cartId: 'cart-token-1',
      });
    } finally {
      stop();
    }
  });

  it('waits for marketing consent: yes starts, no does not', async () => {
    const consent = { marketing: '' };
    globals.Shopify = {
      shop: 'test-shop.myshopify.com',
      routes: { root: ROOT },
      customerPrivacy: { shouldShowBanner: () => true, currentVisitorConsent: () => consent },
    };
    const store = createShopifyIntegration(window)!;
    const started = store.consent();
    let settled = false;
    void started.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).to.equal(false, 'undecided: still waiting');
    consent.marketing = 'yes';
    expect(await started).to.equal(true);
    consent.marketing = 'no';
    expect(await store.consent()).to.equal(false);
  });

  it('reads the customer and the product page from the analytics meta', async () => {
    globals.ShopifyAnalytics = {
      meta: { page: { customerId: 42 }, product: { id: 7001, title: 'Trail backpack', type: 'Bags' } },
    };
    const store = createShopifyIntegration(window)!;
    expect(await store.customerId()).to.equal('42');
    expect(store.viewedProduct()).to.deep.equal({ productId: '7001', productName: 'Trail backpack', category: 'Bags' });
  });
});
