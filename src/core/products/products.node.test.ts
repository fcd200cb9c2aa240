import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addToCartItemOf, addToCartProperty, parseAddToCart } from './add-to-cart.ts';
import { cartChanges } from './cart-changes.ts';
import { CURRENCY_SYMBOLS, currencySymbol, formatPrice } from './currency.ts';
import {
  cardButton,
  cutText,
  MAX_PRODUCTS,
  productTitle,
  productUrl,
  productWidthPercent,
  readProducts,
  readRecommendationSettings,
  recommendationModelFromAttributes,
  recommendationRequest,
  wixDescription,
} from './recommendations.ts';

describe('currency (widget §9: about 160 codes, the symbol before the price)', () => {
  it('knows about 160 ISO codes and puts the symbol first', () => {
    const count = Object.keys(CURRENCY_SYMBOLS).length;
    assert.ok(count >= 150 && count <= 170, `${count} codes`);
    assert.equal(formatPrice(24, 'USD'), '$24.00');
    assert.equal(formatPrice(1234.5, 'eur'), '€1,234.50');
    assert.equal(formatPrice(49, 'ILS'), '₪49.00');
    assert.equal(formatPrice(1500, 'JPY'), '¥1,500');
  });

  it('shows an unknown code as itself, before the price', () => {
    assert.equal(currencySymbol('xyz'), 'XYZ');
    assert.equal(formatPrice(5, 'XYZ'), 'XYZ 5.00');
  });
});

describe('product titles and descriptions (widget §5)', () => {
  it('cuts Shopify titles at 50 characters and Wix titles at 18, with an ellipsis only when cut', () => {
    const long = 'Merino wool hiking socks, three pairs, cushioned sole for long trails';
    assert.equal(productTitle(long, 'shopify'), 'Merino wool hiking socks, three pairs, cushioned s…');
    assert.equal([...productTitle(long, 'shopify')].length, 51);
    assert.equal(productTitle('Safety helmet EN 397', 'wix'), 'Safety helmet EN 3…');
    assert.equal(productTitle('Short title', 'wix'), 'Short title');
    assert.equal(productTitle('x'.repeat(50), 'shopify'), 'x'.repeat(50));
  });

  it('counts whole characters, so an emoji or Hebrew is never split', () => {
    assert.equal(cutText('😀'.repeat(20), 18), `${'😀'.repeat(18)}…`);
    assert.equal(cutText('קסדת בטיחות תקנית מדגם חדש', 18), 'קסדת בטיחות תקנית…');
  });

  it('strips Wix descriptions of markup, decodes entities and cuts them at 64', () => {
    assert.equal(
      wixDescription('<p>Vented <strong>ABS shell</strong> &amp; ratchet.</p>'),
      'Vented ABS shell & ratchet.',
    );
    assert.equal(wixDescription('<script>alert(1)</script><p>Safe</p>'), 'Safe');
    const long = wixDescription(`<p>${'word '.repeat(30)}</p>`);
    assert.equal([...long].length, 65);
    assert.ok(long.endsWith('…'));
  });
});

describe('recommendation settings and items (widget §3)', () => {
  it('reads the settings, at most 3 products, and names what it does not know', () => {
    assert.deepEqual(
      readRecommendationSettings({
        product_recommendation: {
          category: 'manual',
          manual_products: '1, 2',
          count: 5,
          buttons_action: 'redirect_blank',
        },
      }),
      {
        category: 'manual',
        manualProducts: ['1', '2'],
        count: MAX_PRODUCTS,
        buttonsAction: 'redirect_blank',
      },
    );
    assert.equal(
      readRecommendationSettings({ product_settings: '{"category":"algorithm_id_7"}' })?.category,
      'algorithm_id_7',
    );
    assert.equal(readRecommendationSettings({}), null);
    assert.throws(
      () => readRecommendationSettings({ product_recommendation: { category: 'newest' } }),
      /unknown product recommendation category "newest"/,
    );
    assert.throws(
      () => readRecommendationSettings({ product_recommendation: { buttons_action: 'buy_now' } }),
      /unknown product button action "buy_now"/,
    );
    assert.throws(() => readRecommendationSettings({ product_recommendation: '{oops' }), /must be a JSON object/);
  });

  it("asks with the recent products for last_visited and the cart's last 3 items for product_in_cart", () => {
    const context = { recentProductIds: ['9', '8', '7'], cartProductIds: ['1', '2', '3', '4'] };
    const settings = {
      category: 'product_in_cart',
      manualProducts: [],
      count: 3,
      buttonsAction: 'add_to_cart' as const,
    };
    assert.deepEqual(recommendationRequest(settings, context).product_ids, ['2', '3', '4']);
    assert.deepEqual(recommendationRequest({ ...settings, category: 'last_visited' }, context).product_ids, [
      '9',
      '8',
      '7',
    ]);
    assert.deepEqual(recommendationRequest({ ...settings, category: 'manual' }, context).product_ids, []);
  });

  it('never asks for the product the visitor is looking at: left out of last_visited, named as in hand for an algorithm', () => {
    const context = {
      recentProductIds: ['helmet-01', '8', '7', '6'],
      cartProductIds: ['1'],
      viewedProductId: 'helmet-01',
    };
    const settings = { category: 'last_visited', manualProducts: [], count: 3, buttonsAction: 'add_to_cart' as const };
    assert.deepEqual(recommendationRequest(settings, context).product_ids, ['8', '7', '6']);
    assert.deepEqual(recommendationRequest({ ...settings, category: 'algorithm_id_1' }, context).product_ids, [
      'helmet-01',
      '1',
    ]);
    assert.deepEqual(
      recommendationRequest({ ...settings, category: 'algorithm_id_1' }, { recentProductIds: [], cartProductIds: [] })
        .product_ids,
      [],
    );
  });

  it('leaves out a sold-out item and the product being viewed, whatever the server sent, and still fills `count`', () => {
    const answer = [
      { product_id: 'helmet-01', title: 'Helmet', price: 35.5, inventory_quantity: 25 },
      { product_id: 7004, title: 'Headlamp', price: 34, inventory_quantity: 0 },
      { product_id: 7008, title: 'Oversold', price: 3, inventory_quantity: -2 },
      { product_id: 7002, title: 'Bottle', price: 24, inventory_quantity: 40 },
      { product_id: 7009, title: 'Stock not counted', price: 5 },
      { product_id: 7003, title: 'Socks', price: 19.5, inventory_quantity: 3 },
    ];
    const items = readProducts(answer, { currency: 'USD', count: 3, leaveOut: ['helmet-01'] });
    assert.deepEqual(
      items.map((item) => item.title),
      ['Bottle', 'Stock not counted', 'Socks'],
    );
  });

  it('reads at most `count` answer items, leaving out those without id, title or price', () => {
    const items = readProducts(
      [
        {
          product_id: 1,
          variant_id: 11,
          title: 'A',
          price: '10.5',
          compare_at_price: '12',
          inventory_quantity: 3,
          handle: 'a',
        },
        { product_id: 2, title: '', price: 1 },
        { title: 'no id', price: 1 },
        { product_id: 3, title: 'C', price: 'free' },
        { product_id: 4, title: 'D', price: 4, currency: 'EUR', path: '/product-page/d' },
        { product_id: 5, title: 'E', price: 5 },
      ],
      { currency: 'USD', count: 2 },
    );
    assert.deepEqual(
      items.map((item) => [item.productId, item.variantId, item.price, item.currency, item.path]),
      [
        ['1', '11', 10.5, 'USD', 'products/a'],
        ['4', '4', 4, 'EUR', '/product-page/d'],
      ],
    );
    assert.equal(items[0]!.compareAtPrice, 12);
    assert.equal(items[0]!.inventoryQuantity, 3);
    assert.throws(() => readProducts({}, { currency: 'USD', count: 3 }), /no product list/);
  });

  it('lays out 1, 2 or 3 products by the width table, and gives each button action its button', () => {
    assert.deepEqual([1, 2, 3].map(productWidthPercent), [100, 50, 33.33]);
    assert.deepEqual(cardButton('add_to_cart_redirect'), { kind: 'add', redirect: true });
    assert.deepEqual(cardButton('redirect_blank'), { kind: 'link', newTab: true });
    assert.equal(cardButton('no_buttons'), null);
    const product = readProducts([{ product_id: 1, title: 'A', price: 1, handle: 'a' }], {
      currency: 'USD',
      count: 1,
    })[0]!;
    assert.equal(productUrl(product, '/fr'), '/fr/products/a');
  });

  it('builds the model of a hand-placed element from its attributes', () => {
    const model = recommendationModelFromAttributes({
      products: '[{"product_id":1,"title":"A","price":2}]',
      platform: 'wix',
      currency: 'EUR',
      buttons: 'no_buttons',
      storeRoot: null,
    });
    assert.equal(model?.platform, 'wix');
    assert.equal(model?.products[0]?.currency, 'EUR');
    assert.equal(
      recommendationModelFromAttributes({
        products: null,
        platform: null,
        currency: null,
        buttons: null,
        storeRoot: null,
      }),
      null,
    );
    assert.throws(
      () =>
        recommendationModelFromAttributes({
          products: '[',
          platform: null,
          currency: null,
          buttons: null,
          storeRoot: null,
        }),
      /JSON list/,
    );
    assert.throws(
      () =>
        recommendationModelFromAttributes({
          products: '[]',
          platform: 'magento',
          currency: null,
          buttons: null,
          storeRoot: null,
        }),
      /"shopify" or "wix"/,
    );
  });
});

describe('add-to-cart settings (widget §3: id@quantity@redirect)', () => {
  it('reads the triple with its defaults', () => {
    assert.deepEqual(parseAddToCart('4002@2@1'), { id: '4002', quantity: 2, redirect: true });
    assert.deepEqual(parseAddToCart('4002'), { id: '4002', quantity: 1, redirect: false });
    assert.deepEqual(parseAddToCart(4002), { id: '4002', quantity: 1, redirect: false });
    assert.equal(parseAddToCart(''), null);
    assert.throws(() => parseAddToCart('4002@0'), /quantity "0" must be a whole number of at least 1/);
    assert.throws(() => parseAddToCart('a b@1'), /is not an id/);
  });

  it("finds button N's setting on each platform", () => {
    assert.equal(addToCartProperty('shopify', 1), 'add_to_cart');
    assert.equal(addToCartProperty('shopify', 4), 'shopify_add_to_cart_4');
    assert.equal(addToCartProperty('wix', 1), 'wix_add_to_cart');
    assert.equal(addToCartProperty('wix', 6), 'wix_add_to_cart_6');
    const design = { add_to_cart: '1@1@0', shopify_add_to_cart_3: '3@2@1', wix_add_to_cart_2: 'w@1@0' };
    assert.equal(addToCartItemOf(design, 'shopify', '')?.id, '1');
    assert.equal(addToCartItemOf(design, 'shopify', '3')?.quantity, 2);
    assert.equal(addToCartItemOf(design, 'wix', '2')?.id, 'w');
    assert.equal(addToCartItemOf(design, 'shopify', '2'), null);
    assert.throws(() => addToCartItemOf(design, 'shopify', '7'), /must be 1 to 6/);
  });
});

describe('cart changes', () => {
  const cart = (items: [string, string, number][], total: number) => ({
    items: items.map(([productId, variantId, quantity]) => ({ productId, variantId, quantity })),
    total,
  });

  it('tells added and removed products (with their variants) apart, and always ends with an update', () => {
    const before = cart(
      [
        ['1', '11', 1],
        ['2', '21', 2],
      ],
      30,
    );
    const after = cart(
      [
        ['1', '11', 2],
        ['2', '21', 1],
        ['3', '31', 1],
      ],
      45,
    );
    assert.deepEqual(cartChanges(before, after), [
      { kind: 'added_product', productIds: ['1', '11', '3', '31'] },
      { kind: 'removed_product', productIds: ['2', '21'] },
      { kind: 'cart_updated', productIds: [] },
    ]);
    assert.deepEqual(cartChanges(before, cart([], 0)), [
      { kind: 'removed_product', productIds: ['1', '11', '2', '21'] },
      { kind: 'cart_updated', productIds: [] },
    ]);
    assert.deepEqual(cartChanges(before, before), [{ kind: 'cart_updated', productIds: [] }]);
  });
});
