import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { useTestApp } from '../../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../../test-support/fixtures.ts';
import {
  type OrderFacts,
  sendShopifyOrder,
  sendWixWebhook,
  wixAppKeys,
  wixJwt,
  wixOrderCreated,
} from './test-support/fake-platforms.ts';

const SECRET = 'shpss_test_client_secret_0123456789';
const wix = wixAppKeys();
const shared = useTestApp({ storeWebhooks: { shopifySecret: SECRET, wixPublicKey: wix.publicKeyPem } });
let base = '';

const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };
const WIX_INSTANCE = 'a1b2c3d4-0000-4000-8000-000000000001';

/** acme: a Shopify shop in USD with two pop-ups; globex: another shop; wixsite: a Wix store in ILS. */
async function sites() {
  await seedClient(shared.test.configuration, {
    client_id: 'acme',
    store: { platform: 'shopify', shop: 'acme.myshopify.com', currency: 'USD', products: [] },
  });
  await seedClient(shared.test.configuration, {
    client_id: 'globex',
    store: { platform: 'shopify', shop: 'globex.myshopify.com', currency: 'USD', products: [] },
  });
  await seedClient(shared.test.configuration, {
    client_id: 'wixsite',
    store: { platform: 'wix', instance_id: WIX_INSTANCE, currency: 'ILS', products: [] },
  });
  const welcome = await seedPopup(shared.test.configuration, { client_id: 'acme', poptin_id: 'acmewelcome01' });
  const exit = await seedPopup(shared.test.configuration, { client_id: 'acme', poptin_id: 'acmeexit00001' });
  const globex = await seedPopup(shared.test.configuration, { client_id: 'globex', poptin_id: 'globexpopup01' });
  const wixPopup = await seedPopup(shared.test.configuration, { client_id: 'wixsite', poptin_id: 'wixpopup00001' });
  return { welcome, exit, globex, wixPopup };
}

async function view(poptinId: string) {
  const response = await shared.app.inject({ method: 'POST', url: `/api/display/viewed/${poptinId}`, payload: {} });
  assert.equal(response.statusCode, 200, response.body);
}

let leadCount = 0;
/** A lead through the widget's conversion call; `daysAgo` moves it back in time. */
async function lead(popup: { viewer_id: string; poptin_id: string; client_id: string }, email: string, daysAgo = 0) {
  leadCount++;
  const response = await shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: {
      poptin_id: popup.poptin_id,
      client_id: popup.client_id,
      email,
      visitor_id: `visitor-${leadCount}`,
      idempotency_key: `revenue-lead-${leadCount}-${Date.now()}`,
    },
  });
  assert.equal(response.statusCode, 200, response.body);
  const id = response.json().conversion_id ?? response.json().id;
  if (daysAgo)
    await shared.test.db.query(`UPDATE conversions SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [
      id,
      daysAgo,
    ]);
  return `visitor-${leadCount}`;
}

const today = () => new Date().toISOString().slice(0, 10);
async function report(clientId: string, popup?: string) {
  const query = new URLSearchParams({ from: today(), to: today(), ...(popup ? { popup } : {}) });
  const response = await shared.app.inject({ url: `/api/owner/${clientId}/stats/report?${query}`, headers: AUTH });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

const shopify = (order: OrderFacts, delivery: { shop?: string; webhookId?: string; secret?: string } = {}) =>
  sendShopifyOrder(base, order, {
    shop: delivery.shop ?? 'acme.myshopify.com',
    secret: delivery.secret ?? SECRET,
    webhookId: delivery.webhookId,
  });

describe('revenue per pop-up from the stores’ order webhooks', () => {
  // Over real HTTP, as the platforms send them: the signatures cover the bytes on the wire.
  before(async () => {
    await shared.app.listen({ port: 0, host: '127.0.0.1' });
    const address = shared.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  it("adds a Shopify order of a pop-up's lead to that pop-up's revenue, orders and revenue per view", async () => {
    const { welcome, exit } = await sites();
    await view(welcome.poptin_id);
    await view(welcome.poptin_id);
    await view(exit.poptin_id);
    await lead(welcome, 'Jane@Acme.example');
    const answer = await shopify({ id: 5940139491234, email: 'jane@acme.example', total: '59.99' });
    assert.equal(answer.status, 200, await answer.clone().text());
    assert.equal((await answer.json()).outcome, 'counted');

    const campaign = await report('acme', welcome.poptin_id);
    assert.deepEqual(campaign.revenue.totals, { revenue: 59.99, orders: 1, revenue_per_view: 29.995 });
    assert.equal(campaign.revenue.currency, 'USD');
    const site = await report('acme');
    assert.deepEqual(
      site.revenue.by_popup.map((row: { poptin_id: string; revenue: number }) => [row.poptin_id, row.revenue]),
      [[welcome.poptin_id, 59.99]],
    );
    const other = await report('acme', exit.poptin_id);
    assert.deepEqual(other.revenue.totals, { revenue: 0, orders: 0, revenue_per_view: 0 });
  });

  it('refuses a delivery whose HMAC does not hold, for a known or an unknown shop alike, and records nothing', async () => {
    const { welcome } = await sites();
    await lead(welcome, 'jane@acme.example');
    const order = { id: 1, email: 'jane@acme.example', total: '10.00' };
    const forged = await shopify(order, { secret: 'not-the-secret' });
    assert.equal(forged.status, 401);
    const unknownShop = await shopify(order, { secret: 'not-the-secret', shop: 'nobody.myshopify.com' });
    assert.equal(unknownShop.status, 401);
    assert.equal(await unknownShop.text(), await forged.text());
    const altered = await sendShopifyOrder(base, order, {
      shop: 'acme.myshopify.com',
      secret: SECRET,
      signWith: '{"id":1,"total_price":"1.00"}',
    });
    assert.equal(altered.status, 401);
    const unsigned = await fetch(`${base}/api/webhooks/shopify/orders-create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create' },
      body: '{}',
    });
    assert.equal(unsigned.status, 401);
    assert.equal((await report('acme')).revenue.totals.orders, 0);
  });

  it('counts an order once: a retried delivery and the same order under another delivery id', async () => {
    const { welcome } = await sites();
    await lead(welcome, 'jane@acme.example');
    const order = { id: 77, email: 'jane@acme.example', total: '20.00' };
    const first = await shopify(order, { webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043' });
    const retry = await shopify(order, { webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043' });
    const again = await shopify(order, { webhookId: 'another-delivery-of-the-same-order' });
    assert.deepEqual(
      await Promise.all([first, retry, again].map(async (response) => (await response.json()).outcome)),
      ['counted', 'duplicate', 'duplicate'],
    );
    assert.deepEqual((await report('acme')).revenue.totals, { revenue: 20, orders: 1, revenue_per_view: 0 });
  });

  it('leaves out an order placed after the attribution window, which the owner can widen (1 to 90 days)', async () => {
    const { welcome } = await sites();
    await lead(welcome, 'late@acme.example', 8);
    const late = await shopify({ id: 100, email: 'late@acme.example', total: '30.00' });
    assert.equal((await late.json()).outcome, 'not-attributed');
    assert.equal((await report('acme')).revenue.totals.orders, 0);

    const settings = await shared.app.inject({ url: '/api/owner/acme/store-revenue', headers: AUTH });
    assert.deepEqual(settings.json(), { attributionDays: 7, store: { platform: 'shopify', currency: 'USD' } });
    const asForm = await shared.app.inject({
      method: 'PUT',
      url: '/api/owner/acme/store-revenue',
      headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'attributionDays=1e309',
    });
    assert.equal(asForm.statusCode, 400, asForm.body);
    for (const days of [0, 91, 7.5])
      assert.equal(
        (
          await shared.app.inject({
            method: 'PUT',
            url: '/api/owner/acme/store-revenue',
            headers: AUTH,
            payload: { attributionDays: days },
          })
        ).statusCode,
        400,
        `${days} days`,
      );
    const widened = await shared.app.inject({
      method: 'PUT',
      url: '/api/owner/acme/store-revenue',
      headers: AUTH,
      payload: { attributionDays: 10 },
    });
    assert.equal(widened.json().attributionDays, 10);
    const counted = await shopify({ id: 101, email: 'late@acme.example', total: '30.00' });
    assert.equal((await counted.json()).outcome, 'counted');
  });

  it("gives the order to the pop-up of the buyer's latest lead, matching the visitor id of the cart attributes too", async () => {
    const { welcome, exit } = await sites();
    await lead(welcome, 'jane@acme.example', 3);
    await lead(exit, 'jane@acme.example', 1);
    await shopify({ id: 200, email: 'jane@acme.example', total: '40.00' });
    const visitor = await lead(welcome, 'other-address@acme.example');
    await shopify({
      id: 201,
      email: 'bought-as-someone-else@acme.example',
      total: '5.00',
      attributes: [{ name: 'poptin_visitor', value: visitor }],
    });
    const rows = (await report('acme')).revenue.by_popup.map((row: { poptin_id: string; revenue: number }) => [
      row.poptin_id,
      row.revenue,
    ]);
    assert.deepEqual(rows, [
      [exit.poptin_id, 40],
      [welcome.poptin_id, 5],
    ]);
  });

  it("never lets one shop's order touch another site, even when the buyer is a lead there", async () => {
    const { globex } = await sites();
    await lead(globex, 'shared@buyer.example');
    const answer = await shopify({ id: 300, email: 'shared@buyer.example', total: '99.00' });
    assert.equal((await answer.json()).outcome, 'not-attributed');
    assert.equal((await report('globex')).revenue.totals.orders, 0);
    const noSuchShop = await shopify(
      { id: 301, email: 'shared@buyer.example', total: '1.00' },
      { shop: 'nobody.myshopify.com' },
    );
    assert.equal(noSuchShop.status, 404);
  });

  it("keeps an order in another currency apart from the site's revenue", async () => {
    const { welcome } = await sites();
    await lead(welcome, 'jane@acme.example');
    const answer = await shopify({ id: 400, email: 'jane@acme.example', total: '15.00', currency: 'EUR' });
    assert.equal((await answer.json()).outcome, 'other-currency');
    const revenue = (await report('acme')).revenue;
    assert.deepEqual([revenue.totals.orders, revenue.other_currency_orders], [0, 1]);
  });

  it('answers a signed delivery it cannot read, or one too large, with a 4xx', async () => {
    const { welcome } = await sites();
    await lead(welcome, 'a@b.example');
    const garbage = await fetch(`${base}/api/webhooks/shopify/orders-create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-shop-domain': 'acme.myshopify.com',
        'x-shopify-hmac-sha256': createHmac('sha256', SECRET)
          .update('{"id": "x", "total_price": "lots"')
          .digest('base64'),
      },
      body: '{"id": "x", "total_price": "lots"',
    });
    assert.equal(garbage.status, 400, await garbage.text());
    // Text PostgreSQL cannot store, signed: an order id with a lone surrogate would be kept as U+FFFD, the same as
    // another such id, so it is refused; an address that cannot be stored matches no lead.
    const at = new Date(Date.now() + 1000).toISOString();
    const signedOrder = (body: string) =>
      fetch(`${base}/api/webhooks/shopify/orders-create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/create',
          'x-shopify-shop-domain': 'acme.myshopify.com',
          'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(body).digest('base64'),
        },
        body,
      });
    const order = (id: string, email: string) =>
      `{"id": ${id}, "email": "${email}", "total_price": "1.00", "currency": "USD", "created_at": "${at}"}`;
    const surrogateId = await signedOrder(order('"\\ud800"', 'a@b.example'));
    assert.equal(surrogateId.status, 400, await surrogateId.text());
    for (const email of ['a\\u0000@b.example', 'a\\udc00@b.example']) {
      const answer = await signedOrder(order('6', email));
      assert.equal(answer.status, 200, email);
      assert.equal((await answer.json()).outcome, 'not-attributed', email);
    }
    const huge = await fetch(`${base}/api/webhooks/shopify/orders-create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"pad":"${'x'.repeat(1_100_000)}"}`,
    });
    assert.equal(huge.status, 413);
  });

  it("adds a Wix eCom order whose JWT the app's public key verifies, and refuses another key's or an unsigned one", async () => {
    const { wixPopup } = await sites();
    await view(wixPopup.poptin_id);
    await lead(wixPopup, 'dana@wix.example');
    const order = {
      id: 'f1d5e3a0-1111-4a4a-9999-000000000001',
      email: 'dana@wix.example',
      total: '120.5',
      currency: 'ILS',
    };
    const counted = await sendWixWebhook(base, wixJwt(wix.privateKey, wixOrderCreated(WIX_INSTANCE, order, 'evt-1')));
    assert.equal(counted.status, 200, await counted.clone().text());
    assert.equal((await counted.json()).outcome, 'counted');
    const retried = await sendWixWebhook(base, wixJwt(wix.privateKey, wixOrderCreated(WIX_INSTANCE, order, 'evt-1')));
    assert.equal((await retried.json()).outcome, 'duplicate');

    const stranger = wixAppKeys();
    const forged = await sendWixWebhook(base, wixJwt(stranger.privateKey, wixOrderCreated(WIX_INSTANCE, order)));
    assert.equal(forged.status, 401);
    const [header, claims] = wixJwt(wix.privateKey, wixOrderCreated(WIX_INSTANCE, order)).split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${claims}.`;
    assert.equal((await sendWixWebhook(base, none)).status, 401);
    assert.equal((await sendWixWebhook(base, `${header}.${claims}.AAAA`)).status, 401);
    assert.equal((await sendWixWebhook(base, 'not a token')).status, 401);
    const expired = wixJwt(wix.privateKey, wixOrderCreated(WIX_INSTANCE, { ...order, id: 'x3' }), -60);
    assert.equal((await sendWixWebhook(base, expired)).status, 401);
    const elsewhere = await sendWixWebhook(
      base,
      wixJwt(wix.privateKey, wixOrderCreated('b1b2c3d4-0000-4000-8000-00000000dead', { ...order, id: 'x2' })),
    );
    assert.equal(elsewhere.status, 404);

    const revenue = (await report('wixsite', wixPopup.poptin_id)).revenue;
    assert.deepEqual(revenue.totals, { revenue: 120.5, orders: 1, revenue_per_view: 120.5 });
    assert.equal(revenue.currency, 'ILS');
  });

  it('reports no revenue for a site without a store', async () => {
    await seedClient(shared.test.configuration, { client_id: 'plain' });
    assert.equal((await report('plain')).revenue, null);
  });
});
