// Each visitor's own coupon code, through the real app over HTTP: a list uploaded by its owner and given once per lead
// (also to leads that arrive together, and across two processes on one PostgreSQL), codes made from a pattern, codes
// made in a Shopify shop (a fake of its REST Admin API on 127.0.0.1), the owners' low-stock e-mail, and who may see
// a site's codes.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';
import { asConsole, createOwner, signIn } from '../test-support/owners.ts';
import { startSmtp } from '../test-support/smtp.ts';

interface ShopifyCall {
  path: string;
  token: string | undefined;
  body: Record<string, Record<string, unknown>>;
}

/** A shop's REST Admin API as Shopify documents it: price rules (201 {price_rule}) and their discount codes (201 {discount_code}). */
async function startFakeShopify() {
  const calls: ShopifyCall[] = [];
  const control = { refuse: false };
  let nextRule = 1000;
  const server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const body = JSON.parse(text || '{}') as ShopifyCall['body'];
      calls.push({ path: request.url ?? '', token: request.headers['x-shopify-access-token'] as string, body });
      response.setHeader('content-type', 'application/json');
      if (control.refuse || request.headers['x-shopify-access-token'] !== 'shpat_test_token') {
        response.writeHead(control.refuse ? 422 : 401);
        return response.end(
          JSON.stringify({ errors: control.refuse ? { code: ['must be unique'] } : '[API] Invalid API key' }),
        );
      }
      const rule = /^\/admin\/api\/2024-10\/price_rules\/(\d+)\/discount_codes\.json$/.exec(request.url ?? '');
      if (request.method === 'POST' && request.url === '/admin/api/2024-10/price_rules.json') {
        response.writeHead(201);
        return response.end(JSON.stringify({ price_rule: { id: nextRule++, ...body.price_rule } }));
      }
      if (request.method === 'POST' && rule) {
        response.writeHead(201);
        return response.end(
          JSON.stringify({
            discount_code: { id: 1, price_rule_id: Number(rule[1]), code: body.discount_code?.code, usage_count: 0 },
          }),
        );
      }
      response.writeHead(404);
      response.end('{"errors":"Not Found"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { calls, control, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const smtp = await startSmtp();
const shop = await startFakeShopify();
const shared = useTestApp({
  delivery: { mail: { smtpUrl: smtp.url, from: 'poptin <alerts@example.com>' }, worker: false },
  coupons: { shopifyBase: () => shop.base },
  leadRetentionCheckMs: false,
});
after(async () => {
  await smtp.close();
  await shop.close();
});

const asAdmin = { authorization: `Bearer ${OWNER_TOKEN}` };

async function setUp() {
  await seedClient(shared.test.configuration, { client_id: 'acme' });
  return seedPopup(shared.test.configuration, { client_id: 'acme', poptin_id: 'acmepopup0001' });
}

async function putSource(body: Record<string, unknown>, app: FastifyInstance = shared.app) {
  const response = await app.inject({ method: 'PUT', url: '/api/owner/acme/coupons', headers: asAdmin, payload: body });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().source as { id: number; codesLeft: number | null; codesGiven: number };
}

async function upload(sourceId: number, csv: string, replace = false) {
  return shared.app.inject({
    method: 'POST',
    url: `/api/owner/acme/coupons/${sourceId}/codes`,
    headers: asAdmin,
    payload: { csv, replace },
  });
}

async function lead(
  viewerId: string,
  key: string,
  app: FastifyInstance = shared.app,
  extra: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/display/conversion/${viewerId}`,
    payload: { email: `${key}@example.org`, idempotency_key: key, ...extra },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as { conversion_id?: number; coupon_code?: string };
}

const leadRow = async (id: number) =>
  (
    await shared.test.db.query<{ fields: Record<string, unknown> }>('SELECT fields FROM conversions WHERE id = $1', [
      id,
    ])
  )[0]!;

describe('a list of codes uploaded by the owner', () => {
  it('gives each lead a code of its own once, the same to its retries, and tells the lead when none is left', async () => {
    const popup = await setUp();
    const source = await putSource({ poptinId: popup.poptin_id, kind: 'list' });
    const uploaded = await upload(source.id, 'code\r\nSAVE-ONE\r\n"SAVE-TWO"\r\n');
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    assert.deepEqual({ added: uploaded.json().added, left: uploaded.json().source.codesLeft }, { added: 2, left: 2 });

    const first = await lead(popup.viewer_id, 'list-lead-1', shared.app, { coupon_code: 'FORGED' });
    assert.equal(first.coupon_code, 'SAVE-ONE');
    assert.equal((await leadRow(first.conversion_id!)).fields.coupon_code, 'SAVE-ONE');
    const retry = await lead(popup.viewer_id, 'list-lead-1', shared.app, { coupon_code: 'FORGED' });
    assert.deepEqual(retry, first, 'a retry of the lead gets its code again, and no other');
    assert.equal((await lead(popup.viewer_id, 'list-lead-2')).coupon_code, 'SAVE-TWO');

    const empty = await lead(popup.viewer_id, 'list-lead-3');
    assert.equal(empty.coupon_code, '', 'the visitor is told no code is left');
    assert.ok(empty.conversion_id, 'and the lead is stored all the same');
    assert.equal((await leadRow(empty.conversion_id!)).fields.coupon_code, undefined);

    const listed = await shared.app.inject({ method: 'GET', url: '/api/owner/acme/coupons', headers: asAdmin });
    assert.deepEqual(
      listed
        .json()
        .sources.map((entry: { codesLeft: number; codesGiven: number }) => [entry.codesLeft, entry.codesGiven]),
      [[0, 2]],
    );
    const detail = await shared.app.inject({
      method: 'GET',
      url: `/api/owner/acme/leads/${first.conversion_id}`,
      headers: asAdmin,
    });
    assert.equal(detail.json().lead.fields.coupon_code, 'SAVE-ONE');
    const csv = await shared.app.inject({ method: 'GET', url: '/api/owner/acme/leads.csv', headers: asAdmin });
    assert.match(csv.body, /field:coupon_code/);
    assert.match(csv.body, /SAVE-TWO/);
  });

  it('gives leads that arrive together different codes, in one process or two on one PostgreSQL', async () => {
    const popup = await setUp();
    const source = await putSource({ poptinId: popup.poptin_id, kind: 'list' });
    const codes = Array.from({ length: 30 }, (_, index) => `CODE-${index}`);
    assert.equal((await upload(source.id, codes.join('\n'))).statusCode, 200);
    const other = shared.test.openAnother ? await shared.test.openAnother() : null;
    const second = other
      ? await buildApp({
          db: other,
          ownerToken: OWNER_TOKEN,
          rateLimit: false,
          delivery: { worker: false },
          leadRetentionCheckMs: false,
        })
      : shared.app;
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          lead(popup.viewer_id, `together-${index}`, index % 2 === 0 ? shared.app : second),
        ),
      );
      const given = answers.map((answer) => answer.coupon_code).filter(Boolean);
      assert.equal(given.length, 30, 'every code is given');
      assert.equal(new Set(given).size, 30, 'and none twice');
      assert.equal(answers.filter((answer) => answer.coupon_code === '').length, 10);
      assert.ok(
        answers.every((answer) => answer.conversion_id),
        'every lead is stored',
      );
      const stored = await shared.test.db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM conversions WHERE client_id = 'acme'",
      );
      assert.equal(stored[0]!.count, 40);
    } finally {
      if (other) await second.close();
    }
  });

  it('refuses a file that is not a list of codes, naming its lines', async () => {
    const popup = await setUp();
    const source = await putSource({ poptinId: popup.poptin_id, kind: 'list' });
    const bad = await upload(source.id, 'GOOD-1\nhas space\nGOOD-1\n"open\n');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /never closed/);
    const lines = await upload(source.id, 'GOOD-1\nhas space\ngood-1\n');
    assert.equal(lines.statusCode, 400);
    assert.match(lines.json().message, /line 2: "has space" is not a code/);
    assert.match(lines.json().message, /line 3: good-1 is already on line 1/);
    assert.deepEqual(lines.json().fields, [
      { field: 'csv', message: 'line 2: "has space" is not a code: use letters, digits, "-" and "_" only' },
      { field: 'csv', message: 'line 3: good-1 is already on line 1' },
    ]);
    const none = await upload(source.id, 'code\n\n');
    assert.match(none.json().message, /holds no codes/);
    const tooMany = await upload(source.id, Array.from({ length: 100_001 }, (_, index) => `C${index}`).join('\n'));
    assert.equal(tooMany.statusCode, 400);
    assert.match(tooMany.json().message, /100001 codes; a list holds at most 100000/);
    const huge = await upload(source.id, 'A'.repeat(9 * 1024 * 1024));
    assert.ok(huge.statusCode === 400 || huge.statusCode === 413, String(huge.statusCode));
    assert.equal((await upload(99, 'A-1')).statusCode, 404);
  });

  it('replaces the free codes of a list and keeps the given ones given', async () => {
    const popup = await setUp();
    const source = await putSource({ poptinId: popup.poptin_id, kind: 'list' });
    await upload(source.id, 'OLD-1\nOLD-2');
    assert.equal((await lead(popup.viewer_id, 'replace-1')).coupon_code, 'OLD-1');
    const replaced = await upload(source.id, 'OLD-1\nNEW-1', true);
    assert.deepEqual([replaced.json().added, replaced.json().skipped, replaced.json().source.codesLeft], [1, 1, 1]);
    assert.equal((await lead(popup.viewer_id, 'replace-2')).coupon_code, 'NEW-1');
  });

  it('e-mails the owners once when the list runs low', async () => {
    const popup = await setUp();
    await createOwner(shared.app, 'owner@acme.example', { sites: ['acme'] });
    const source = await putSource({ poptinId: popup.poptin_id, kind: 'list', lowStockThreshold: 1 });
    await upload(source.id, 'LOW-1\nLOW-2\nLOW-3');
    smtp.mails.length = 0;
    await lead(popup.viewer_id, 'low-lead-1');
    await lead(popup.viewer_id, 'low-lead-2');
    await lead(popup.viewer_id, 'low-lead-3');
    for (let wait = 0; wait < 50 && smtp.mails.length === 0; wait++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(smtp.mails.length, 1, 'one e-mail, not one per lead');
    assert.deepEqual(smtp.mails[0]!.to, ['owner@acme.example']);
    assert.match(smtp.mails[0]!.data, /Coupon codes running low: 1 left for Welcome lightbox \(site acme\)/);
  });
});

describe('codes made for each lead', () => {
  it('makes codes from a pattern, of unambiguous characters, unique, the same for a retry', async () => {
    const popup = await setUp();
    const refused = await shared.app.inject({
      method: 'PUT',
      url: '/api/owner/acme/coupons',
      headers: asAdmin,
      payload: { poptinId: popup.poptin_id, kind: 'pattern', pattern: 'WELCOME-XX' },
    });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().message, /at least 6 X/);
    await putSource({ poptinId: popup.poptin_id, kind: 'pattern', pattern: 'WELCOME-XXXXXX' });
    const codes = [];
    for (let index = 0; index < 20; index++) codes.push((await lead(popup.viewer_id, `pattern-${index}`)).coupon_code!);
    assert.ok(
      codes.every((code) => /^WELCOME-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/.test(code)),
      codes.join(),
    );
    assert.equal(new Set(codes).size, 20);
    assert.equal((await lead(popup.viewer_id, 'pattern-3')).coupon_code, codes[3]);
  });

  it("gives a game prize's own codes to the lead that won it", async () => {
    const popup = await setUp();
    await putSource({ poptinId: popup.poptin_id, kind: 'pattern', pattern: 'POPUP-XXXXXX' });
    await putSource({ poptinId: popup.poptin_id, prizeId: 'p-ten', kind: 'pattern', pattern: 'TEN-XXXXXX' });
    assert.match(
      (await lead(popup.viewer_id, 'prize-lead-1', shared.app, { prize_id: 'p-ten', is_winner: '1' })).coupon_code!,
      /^TEN-/,
    );
    assert.match(
      (await lead(popup.viewer_id, 'prize-lead-2', shared.app, { prize_id: 'p-ten', is_winner: '0' })).coupon_code!,
      /^POPUP-/,
    );
  });

  it('makes each code in the Shopify shop: a price rule used once, then its discount code', async () => {
    const popup = await setUp();
    const missing = await shared.app.inject({
      method: 'PUT',
      url: '/api/owner/acme/coupons',
      headers: asAdmin,
      payload: {
        poptinId: popup.poptin_id,
        kind: 'shopify',
        shopify: { shop: 'acme.myshopify.com', valueType: 'percentage', value: 10 },
      },
    });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.json().message, /Admin API access token/);
    const wrongShop = await shared.app.inject({
      method: 'PUT',
      url: '/api/owner/acme/coupons',
      headers: asAdmin,
      payload: {
        poptinId: popup.poptin_id,
        kind: 'shopify',
        shopify: { shop: '127.0.0.1', valueType: 'percentage', value: 10, token: 'x' },
      },
    });
    assert.match(wrongShop.json().message, /myshopify\.com/);
    const saved = await shared.app.inject({
      method: 'PUT',
      url: '/api/owner/acme/coupons',
      headers: asAdmin,
      payload: {
        poptinId: popup.poptin_id,
        kind: 'shopify',
        pattern: 'SHOP-XXXXXX',
        shopify: { shop: 'acme.myshopify.com', valueType: 'percentage', value: 15, token: 'shpat_test_token' },
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.doesNotMatch(saved.body, /shpat_test_token/, 'the token is never shown again');
    const stored = await shared.test.db.query<{ sealed_token: string }>('SELECT sealed_token FROM coupon_sources');
    assert.doesNotMatch(stored[0]!.sealed_token, /shpat/, 'and kept sealed');

    shop.calls.length = 0;
    const answer = await lead(popup.viewer_id, 'shopify-1');
    assert.match(answer.coupon_code!, /^SHOP-[A-Z2-9]{6}$/);
    assert.deepEqual(
      shop.calls.map((call) => call.path),
      ['/admin/api/2024-10/price_rules.json', '/admin/api/2024-10/price_rules/1000/discount_codes.json'],
    );
    assert.ok(shop.calls.every((call) => call.token === 'shpat_test_token'));
    const rule = shop.calls[0]!.body.price_rule!;
    assert.deepEqual(
      [rule.title, rule.value_type, rule.value, rule.usage_limit, rule.target_type, rule.customer_selection],
      [answer.coupon_code, 'percentage', '-15', 1, 'line_item', 'all'],
    );
    assert.deepEqual(shop.calls[1]!.body, { discount_code: { code: answer.coupon_code } });
    assert.equal((await lead(popup.viewer_id, 'shopify-1')).coupon_code, answer.coupon_code);
    assert.equal(shop.calls.length, 2, 'a retry makes nothing in the shop');

    shop.control.refuse = true;
    try {
      const refused = await lead(popup.viewer_id, 'shopify-2');
      assert.equal(refused.coupon_code, '', 'the shop refused: no code, said so');
      assert.ok(refused.conversion_id, 'the lead is stored');
    } finally {
      shop.control.refuse = false;
    }
  });
});

describe("a site's codes and its owners", () => {
  it('another owner can neither read nor use nor fill them', async () => {
    const popup = await setUp();
    await seedClient(shared.test.configuration, { client_id: 'globex', name: 'Globex' });
    await seedPopup(shared.test.configuration, { client_id: 'globex', poptin_id: 'globexpopup01' });
    await createOwner(shared.app, 'owner@globex.example', { sites: ['globex'] });
    const globexSession = await signIn(shared.app, 'owner@globex.example');
    const source = await putSource({ poptinId: popup.poptin_id, kind: 'list' });
    await upload(source.id, 'SECRET-1');

    const read = await asConsole(shared.app, globexSession, { method: 'GET', url: '/api/owner/acme/coupons' });
    assert.equal(read.statusCode, 403);
    const fill = await asConsole(shared.app, globexSession, {
      method: 'POST',
      url: `/api/owner/acme/coupons/${source.id}/codes`,
      payload: { csv: 'MINE-1', replace: true },
    });
    assert.equal(fill.statusCode, 403);
    // Through their own site: acme's pop-up and acme's source are not theirs.
    const planted = await asConsole(shared.app, globexSession, {
      method: 'PUT',
      url: '/api/owner/globex/coupons',
      payload: { poptinId: popup.poptin_id, kind: 'list' },
    });
    assert.equal(planted.statusCode, 404);
    const fillOwn = await asConsole(shared.app, globexSession, {
      method: 'POST',
      url: `/api/owner/globex/coupons/${source.id}/codes`,
      payload: { csv: 'MINE-1', replace: true },
    });
    assert.equal(fillOwn.statusCode, 404);
    const removed = await asConsole(shared.app, globexSession, {
      method: 'DELETE',
      url: `/api/owner/globex/coupons/${source.id}`,
    });
    assert.equal(removed.statusCode, 404);
    const own = await asConsole(shared.app, globexSession, { method: 'GET', url: '/api/owner/globex/coupons' });
    assert.deepEqual(own.json(), { sources: [] });
    assert.equal((await lead(popup.viewer_id, 'tenant-lead-1')).coupon_code, 'SECRET-1', "acme's list is whole");
  });
});
