import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseClientFile } from '../configuration/config-loader.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';

const shared = useTestApp();

const product = (id: string, rank: number, collections: string[], extra: Record<string, unknown> = {}) => ({
  product_id: id,
  variant_id: `v${id}`,
  title: `Product ${id}`,
  price: 10 + rank,
  rank,
  collections,
  ...extra,
});
const SHOP = {
  platform: 'shopify' as const,
  shop: 'Acme-Outdoors.myshopify.com',
  currency: 'USD',
  price_rules: [{ title: 'FREESHIP' }],
  products: [
    product('1', 5, ['bags'], { compare_at_price: 20, inventory_quantity: 4, handle: 'one', image: '/one.svg' }),
    product('2', 8, ['bags', 'bottles']),
    product('3', 6, ['bottles']),
    product('4', 9, ['clothing']),
    product('5', 1, ['clothing']),
  ],
};

async function seedShop() {
  await seedClient(shared.test.configuration, { store: SHOP });
  return seedPopup(shared.test.configuration);
}

const recommend = (body: Record<string, unknown>, platform = 'shopify', headers: Record<string, string> = {}) =>
  shared.app.inject({
    method: 'POST',
    url: `/api/display/${platform}/product-recommendation/aaaaaaaaaaaa1`,
    payload: body,
    headers,
  });
const ids = (response: { json(): { data: { products: { product_id: string }[] } } }) =>
  response.json().data.products.map((item) => item.product_id);
const ownerActivity = async (kind: string) =>
  (
    await shared.app.inject({
      method: 'GET',
      url: `/api/owner/acme/store-activity?kind=${kind}`,
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    })
  ).json().activity;

describe('product recommendations (widget §3, §7)', () => {
  it("picks by category from the client's product feed, at most 3, with the answer shape of widget §7", async () => {
    await seedShop();
    const manual = await recommend({ category: 'manual', manual_products: ['3', '1', '99'], count: 3 });
    assert.equal(manual.statusCode, 200, manual.body);
    assert.deepEqual(ids(manual), ['3', '1']);
    assert.deepEqual(manual.json().data.products[1], {
      product_id: '1',
      variant_id: 'v1',
      image: '/one.svg',
      desc: '',
      title: 'Product 1',
      handle: 'one',
      inventory_quantity: 4,
      price: 15,
      compare_at_price: 20,
      currency: 'USD',
    });
    assert.equal(manual.json().success, true);
    assert.equal(manual.json().currency, 'USD');
    assert.deepEqual(ids(await recommend({ category: 'product_collection', manual_products: 'bottles', count: 3 })), [
      '2',
      '3',
    ]);
    assert.deepEqual(ids(await recommend({ category: 'last_visited', product_ids: ['5', '4'], count: 3 })), ['5', '4']);
    assert.deepEqual(
      ids(await recommend({ category: 'product_in_cart', product_ids: ['1'], count: 3 })),
      ['2'],
      'shares the bags collection, not in the cart',
    );
    assert.deepEqual(
      ids(await recommend({ category: 'product_in_cart', product_ids: ['4', '5'], count: 3 })),
      ['2', '3', '1'],
      'nothing related: best ranked not in the cart',
    );
    assert.deepEqual(ids(await recommend({ category: 'algorithm_id_1', count: 10 })), ['4', '2', '3']);
    assert.deepEqual(ids(await recommend({ category: 'algorithm_id_1', count: '1' })), ['4']);
  });

  it('answers 404 for a pop-up whose client has no store of that platform, or an unknown pop-up; 400 for another platform', async () => {
    await seedShop();
    const wix = await recommend({ category: 'manual' }, 'wix');
    assert.equal(wix.statusCode, 404);
    assert.match(wix.json().message, /has no wix store: add a store section to its client file/);
    assert.equal(
      (
        await shared.app.inject({
          method: 'POST',
          url: '/api/display/shopify/product-recommendation/bbbbbbbbbbbb2',
          payload: {},
        })
      ).statusCode,
      404,
    );
    assert.equal((await recommend({}, 'magento')).statusCode, 400);
    assert.equal((await recommend({ manual_products: [{ id: 1 }] })).statusCode, 400);
  });

  it("answers a browser only from the client's allowed origins", async () => {
    await seedShop();
    assert.equal(
      (await recommend({ category: 'manual' }, 'shopify', { origin: 'https://evil.example' })).statusCode,
      403,
    );
    const allowed = await recommend({ category: 'manual', manual_products: ['1'] }, 'shopify', {
      origin: 'https://acme.example',
    });
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://acme.example');
  });
});

describe('Shopify client id and price rules', () => {
  it('finds the client of a shop (any case) and its price rules', async () => {
    await seedShop();
    const found = await shared.app.inject({
      method: 'GET',
      url: '/api/display/shopify/get-client-id/acme-outdoors.myshopify.com',
    });
    assert.deepEqual(found.json(), { success: true, client_id: 'acme' });
    assert.equal(
      (await shared.app.inject({ method: 'GET', url: '/api/display/shopify/get-client-id/nobody.myshopify.com' }))
        .statusCode,
      404,
    );
    assert.equal(
      (await shared.app.inject({ method: 'GET', url: '/api/display/shopify/get-client-id/bad%20shop' })).statusCode,
      400,
    );
    assert.deepEqual(
      (await shared.app.inject({ method: 'GET', url: '/api/display/shopify/get-price-rules/acme' })).json(),
      { success: true, price_rules: [{ title: 'FREESHIP' }] },
    );
    assert.equal(
      (await shared.app.inject({ method: 'GET', url: '/api/display/shopify/get-price-rules/nobody' })).statusCode,
      404,
    );
  });
});

describe('what the widget reports about shopping, stored as sent', () => {
  it('GET /shopify/save/browse-abandonment stores the customer and products; a bad products list is a 400', async () => {
    await seedShop();
    const products = JSON.stringify([{ product_id: '1', product_name: 'Product 1', category: 'Bags' }]);
    const query = new URLSearchParams({
      clientId: 'acme',
      customer: '42',
      products,
      data_for: 'browse_abandonment',
      total_cart_value: '19.5',
    });
    const saved = await shared.app.inject({ method: 'GET', url: `/shopify/save/browse-abandonment?${query}` });
    assert.equal(saved.statusCode, 200, saved.body);
    const [record] = await ownerActivity('browse_abandonment');
    assert.equal(record.customer_id, '42');
    assert.deepEqual(record.payload, {
      customer: '42',
      products: [{ product_id: '1', product_name: 'Product 1', category: 'Bags' }],
      data_for: 'browse_abandonment',
      total_cart_value: 19.5,
    });
    query.set('products', '{oops');
    const bad = await shared.app.inject({ method: 'GET', url: `/shopify/save/browse-abandonment?${query}` });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /products must be a JSON list/);
    query.set('products', products);
    assert.equal(
      (
        await shared.app.inject({
          method: 'GET',
          url: `/shopify/save/browse-abandonment?${query}`,
          headers: { origin: 'https://evil.example' },
        })
      ).statusCode,
      403,
    );
  });

  it('POST wix/save-ordered-products needs a customer id and each product an id and a name (widget §5)', async () => {
    await seedClient(shared.test.configuration, { store: { platform: 'wix', currency: 'EUR', products: [] } });
    const body = {
      client_id: 'acme',
      customer_id: 'm1',
      products: [{ product_id: 'helmet-01', product_name: 'Helmet', category: 'head' }],
      source_table: 'browse_abandonment',
    };
    const saved = await shared.app.inject({
      method: 'POST',
      url: '/api/display/wix/save-ordered-products',
      payload: body,
      headers: { origin: 'https://acme.example' },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await ownerActivity('ordered_products'))[0].customer_id, 'm1');
    for (const broken of [
      { ...body, customer_id: '' },
      { ...body, products: [{ product_id: 'x' }] },
      { ...body, source_table: 'orders' },
    ]) {
      assert.equal(
        (await shared.app.inject({ method: 'POST', url: '/api/display/wix/save-ordered-products', payload: broken }))
          .statusCode,
        400,
        JSON.stringify(broken),
      );
    }
    const foreign = await shared.app.inject({
      method: 'POST',
      url: '/api/display/wix/save-ordered-products',
      payload: body,
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(foreign.statusCode, 403);
  });

  it('a website session whose poptin_id is not text is stored without one, never a 500', async () => {
    await seedShop();
    for (const poptin_id of [{}, [], 12, true]) {
      const session = await shared.app.inject({
        method: 'POST',
        url: '/api/display/total-website-session/acme',
        payload: { email: 'ada@example.com', url: 'acme.example', poptin_id },
      });
      assert.equal(session.statusCode, 200, `${JSON.stringify(poptin_id)}: ${session.body}`);
    }
  });

  it('website sessions and conversion activities are stored with their e-mail and store fields', async () => {
    await seedShop();
    const session = await shared.app.inject({
      method: 'POST',
      url: '/api/display/total-website-session/acme',
      payload: {
        email: 'ada@example.com',
        url: 'acme.example',
        store_integration: 'shopify',
        store_integration_customer_id: '42',
      },
    });
    assert.equal(session.statusCode, 200, session.body);
    const activity = await shared.app.inject({
      method: 'POST',
      url: '/api/display/conversion-activities/acme',
      payload: {
        email: 'ada@example.com',
        poptin_id: 'aaaaaaaaaaaa1',
        activity: 'viewed',
        url: 'https://acme.example/',
      },
    });
    assert.equal(activity.statusCode, 200, activity.body);
    assert.equal((await ownerActivity('website_session'))[0].email, 'ada@example.com');
    assert.equal((await ownerActivity('conversion_activity'))[0].poptin_id, 'aaaaaaaaaaaa1');
    assert.equal(
      (
        await shared.app.inject({
          method: 'POST',
          url: '/api/display/conversion-activities/acme',
          payload: { email: 'a@b.c', poptin_id: 'aaaaaaaaaaaa1', activity: 'bought' },
        })
      ).statusCode,
      400,
    );
    assert.equal(
      (
        await shared.app.inject({
          method: 'POST',
          url: '/api/display/total-website-session/acme',
          payload: { email: 'a\u0000@b.c', url: 'x' },
        })
      ).statusCode,
      400,
    );
  });
});

describe('the store section of a client file', () => {
  it('is checked with messages that name the field', () => {
    const file = (store: unknown) => () => parseClientFile({ client_id: 'acme', store });
    assert.throws(file({ platform: 'magento' }), /store.platform must be "shopify" or "wix"/);
    assert.throws(file({ platform: 'shopify' }), /store.shop must be the shop domain/);
    assert.throws(file({ platform: 'wix', currency: 'usd' }), /store.currency must be an ISO 4217 code/);
    assert.throws(
      file({ platform: 'wix', products: [{ product_id: '1', title: 'A', price: -1 }] }),
      /store.products\[0\].price must be an amount of 0 or more/,
    );
    assert.throws(
      file({ platform: 'wix', products: [{ product_id: '1', price: 1 }] }),
      /store.products\[0\].title is required/,
    );
    assert.throws(
      file({
        platform: 'wix',
        products: [
          { product_id: '1', title: 'A', price: 1 },
          { product_id: 1, title: 'B', price: 1 },
        ],
      }),
      /product_id 1 appears twice/,
    );
    assert.equal(parseClientFile({ client_id: 'acme' }).store, null);
    assert.equal(parseClientFile({ client_id: 'acme', store: SHOP }).store?.shop, 'acme-outdoors.myshopify.com');
  });
});
