// What the example stores' recommendation pop-ups offer: nothing sold out, never the product being looked at, both
// from the reference server and from any server that sends them anyway.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useBrowserAndServer } from './harness.ts';

/** Makes every recommendation answer of the page start with `first`, as a server that does not filter would. */
async function answerWithFirst(page: Page, first: Record<string, unknown>): Promise<void> {
  await page.route('**/product-recommendation/**', async (route) => {
    const answer = (await (await route.fetch()).json()) as { data: { products: Record<string, unknown>[] } };
    answer.data.products = [
      first,
      ...answer.data.products.filter((product) => product.product_id !== first.product_id),
    ];
    await route.fulfill({ json: answer });
  });
}

describe('store recommendations', () => {
  const shared = useBrowserAndServer();

  async function shopifyCartPopup(page: Page) {
    await page.goto(`${shared.server.url}/examples/shopify-store/`);
    await page.getByRole('button', { name: 'Add to cart' }).nth(1).click(); // the bottle, $24, in bags and accessories
    await page.locator('[data-cart-count]', { hasText: '1' }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).first().click(); // the backpack: $73, over $50
    const popup = page.locator('poptin-popup[poptin-id="shopcartvalue"]');
    await popup.locator('dialog[open]').waitFor({ timeout: 15_000 });
    const titles = popup.locator('poptin-product-recommendations [part~="title"]');
    await titles.first().waitFor();
    return titles.allTextContents();
  }

  for (const server of ['the reference server', 'a server that sends it first'] as const) {
    it(`Shopify: a sold-out product (inventory_quantity 0) is not offered, from ${server}`, async () => {
      const context = await shared.browser.newContext();
      const page = await context.newPage();
      if (server !== 'the reference server') {
        await answerWithFirst(page, {
          product_id: '7004',
          variant_id: '4004',
          title: 'Headlamp 400 lumen',
          price: 34,
          inventory_quantity: 0,
          handle: 'headlamp',
          image: '',
          desc: '',
          compare_at_price: null,
          currency: 'USD',
        });
      }
      // The cart's collections are bags and accessories: the best ranked of the rest is the sold-out headlamp.
      assert.deepEqual(await shopifyCartPopup(page), ['Merino wool hiking socks, three pairs, cushioned s…']);
      await context.close();
    });
  }

  for (const server of ['the reference server', 'a server that sends it first'] as const) {
    it(`Wix: the product page's own product is not recommended on it, from ${server}`, async () => {
      const context = await shared.browser.newContext();
      const page = await context.newPage();
      const asked: unknown[] = [];
      page.on(
        'request',
        (request) => request.url().includes('/product-recommendation/') && asked.push(request.postDataJSON()),
      );
      if (server !== 'the reference server') {
        await answerWithFirst(page, {
          product_id: 'helmet-01',
          title: 'Safety helmet EN 397',
          price: 35.5,
          inventory_quantity: 25,
          path: '/product-page/safety-helmet',
          image: '',
          desc: '',
          compare_at_price: null,
          currency: 'EUR',
        });
      }
      await page.goto(`${shared.server.url}/examples/wix-store/`); // the helmet's page
      const popup = page.locator('poptin-popup[poptin-id="wixrecommends"]');
      await popup.locator('dialog[open]').waitFor({ timeout: 15_000 });
      const titles = popup.locator('poptin-product-recommendations [part~="title"]');
      await titles.first().waitFor();
      assert.deepEqual(await titles.allTextContents(), [
        'High-visibility ve…',
        'Cut-resistant glov…',
        'Steel toe boots S3',
      ]);
      assert.deepEqual(asked.at(-1), {
        category: 'algorithm_id_1',
        manual_products: [],
        count: 3,
        product_ids: ['helmet-01'],
      });
      await context.close();
    });
  }
});
