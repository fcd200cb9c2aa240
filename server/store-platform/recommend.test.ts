// Which products the reference server recommends (widget §3 product recommendation settings).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StoreSettings } from '../configuration/repository.ts';
import { recommendProducts } from './recommend.ts';

const shop: StoreSettings = {
  platform: 'shopify',
  currency: 'USD',
  products: [
    { product_id: 'backpack', title: 'Backpack', price: 49, inventory_quantity: 12, collections: ['bags'], rank: 5 },
    {
      product_id: 'bottle',
      title: 'Bottle',
      price: 24,
      inventory_quantity: 40,
      collections: ['bags', 'accessories'],
      rank: 8,
    },
    { product_id: 'socks', title: 'Socks', price: 19.5, inventory_quantity: 3, collections: ['accessories'], rank: 6 },
    {
      product_id: 'headlamp',
      title: 'Headlamp',
      price: 34,
      inventory_quantity: 0,
      collections: ['accessories'],
      rank: 7,
    },
    { product_id: 'jacket', title: 'Jacket', price: 129, collections: ['clothing'], rank: 9 },
  ],
};
const titles = (query: Parameters<typeof recommendProducts>[1]) =>
  recommendProducts(shop, query).map((product) => product.title);

describe('recommended products', () => {
  it('never offers a sold-out product, in any category; a product whose stock is not counted stays', () => {
    assert.deepEqual(
      titles({ category: 'product_in_cart', manualProducts: [], count: 3, productIds: ['bottle', 'backpack'] }),
      ['Socks'],
    );
    assert.deepEqual(titles({ category: 'algorithm_id_1', manualProducts: [], count: 3, productIds: [] }), [
      'Jacket',
      'Bottle',
      'Socks',
    ]);
    assert.deepEqual(
      titles({ category: 'product_collection', manualProducts: ['accessories'], count: 3, productIds: [] }),
      ['Bottle', 'Socks'],
    );
    assert.deepEqual(
      titles({ category: 'manual', manualProducts: ['headlamp', 'backpack'], count: 3, productIds: [] }),
      ['Backpack'],
    );
    assert.deepEqual(
      titles({ category: 'last_visited', manualProducts: [], count: 3, productIds: ['headlamp', 'socks'] }),
      ['Socks'],
    );
  });

  it("leaves out what the visitor has in hand for an algorithm: the product on the page and the cart's", () => {
    assert.deepEqual(titles({ category: 'algorithm_id_1', manualProducts: [], count: 3, productIds: ['jacket'] }), [
      'Bottle',
      'Socks',
      'Backpack',
    ]);
  });
});
