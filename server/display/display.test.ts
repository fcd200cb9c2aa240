import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { CLIENT_RESTRICTED, MAX_VIEWS_REACHED } from '../../src/core/api/contract.ts';
import { parseDisplayResponse } from '../../src/core/config/parse.ts';
import { eventually } from '../delivery/test-receiver.ts';
import { deriveViewerId } from '../platform/ids.ts';
import { useTestApp } from '../test-support/app.ts';
import { seedClient, seedPopup } from '../test-support/fixtures.ts';

const shared = useTestApp();

const postJson = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  shared.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Every field of the display call of widget §7, as the widget sends them. */
const FULL_DISPLAY_BODY = {
  domain: 'acme.example',
  referrer: 'https://search.example/?q=acme',
  previous_url: 'https://acme.example/',
  cookies: { poptin_visit_count: '2' },
  triggers: ['after_seconds'],
  cc: 'US',
  poptin_forms_id: ['aaaaaaaaaaaa1'],
  if_mobile: false,
  page_title: 'Acme shoes',
  origin_landing_page: 'https://acme.example/landing',
  if_page_refreshed: '0',
  poptin_viewed_url: 'https://acme.example/shoes',
  previous_visited_pages: 'https://acme.example/|https://acme.example/shoes',
  all_visited_pages: ['https://acme.example/'],
  store_integration: 'shopify',
  store_integration_customer_id: '42',
  cart_total: 120.5,
  preview_id: '',
  cancel_visitor_count: false,
  converted_email: '',
  lang: 'en',
};

describe('POST /api/display/{clientId}', () => {
  it('answers the display response of widget §3 with every pop-up configuration', async () => {
    await seedClient(shared.test.configuration);
    await seedPopup(shared.test.configuration);
    const response = await postJson('/api/display/acme', FULL_DISPLAY_BODY, { 'x-country-code': 'il' });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.display, 'allowed');
    assert.equal(body.message, '');
    assert.equal(body.is_client_restriction, false);
    assert.deepEqual(body.client_restriction_setting, {});
    assert.equal(body.country, 'IL');
    assert.equal(body.country_code, 'IL');
    assert.equal(body.cc, 'IL');
    assert.equal(body.if_freemium, false);
    assert.equal(body.lang, 'en');
    assert.equal(body.ip, '127.0.0.1');
    assert.equal(body.poptins.length, 1);
    const poptin = body.poptins[0];
    assert.equal(poptin.poptin_id, 'aaaaaaaaaaaa1');
    assert.equal(poptin.poptin_type, 'lightbox');
    assert.equal(poptin.poptin_format, 'format_3');
    assert.match(poptin.poptin, /data-poptin-screen="form"/);
    assert.equal(poptin.poptin_url, '');
    assert.equal(poptin.viewer_id, deriveViewerId('aaaaaaaaaaaa1'));
    assert.equal(poptin.d_f_r, 'all@display_everytime_everypage_5');
    assert.equal(poptin.display_after_sec_active, '3', 'trigger settings are sibling fields');
    assert.deepEqual(poptin.design_properties, { poptin_design_thank_screen: 'yes' });
    assert.equal(poptin.client_id, undefined);

    const parsed = parseDisplayResponse(body);
    assert.deepEqual(parsed.rejected, []);
    assert.equal(parsed.poptins[0]!.triggers.afterSeconds, 3);
    assert.equal(parsed.poptins[0]!.viewerId, poptin.viewer_id);
  });

  it('takes cc from the body and leaves the country empty without an x-country-code header', async () => {
    await seedClient(shared.test.configuration);
    const body = (await postJson('/api/display/acme', { cc: 'FR' })).json();
    assert.equal(body.country, '');
    assert.equal(body.country_code, '');
    assert.equal(body.cc, 'FR');
  });

  it('answers "Client restricted" with status 200 for an unknown client', async () => {
    const response = await postJson('/api/display/nobody', {});
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.display, 'not_allowed');
    assert.equal(body.message, CLIENT_RESTRICTED);
    assert.deepEqual(body.poptins, []);
  });

  it('answers "Client restricted" for a client flagged restricted, with its restriction setting', async () => {
    const setting = { upgrade_popup: { id: 'up1', mote_than_two_days: 'no', remindme_popup: 'yes' } };
    await seedClient(shared.test.configuration, { restricted: true, client_restriction_setting: setting });
    await seedPopup(shared.test.configuration);
    const body = (await postJson('/api/display/acme', {})).json();
    assert.equal(body.display, 'not_allowed');
    assert.equal(body.message, 'Client restricted');
    assert.equal(body.is_client_restriction, true);
    assert.deepEqual(body.client_restriction_setting, setting);
    assert.deepEqual(body.poptins, []);
  });

  it('answers the max-views message once the client views reach max_views', async () => {
    await seedClient(shared.test.configuration, { max_views: 2 });
    await seedPopup(shared.test.configuration);
    await postJson('/api/display/viewed/aaaaaaaaaaaa1', {});
    assert.equal((await postJson('/api/display/acme', {})).json().display, 'allowed');
    await postJson('/api/display/viewed/aaaaaaaaaaaa1', {});
    const body = (await postJson('/api/display/acme', {})).json();
    assert.equal(body.display, 'not_allowed');
    assert.equal(body.message, MAX_VIEWS_REACHED);
    assert.equal(body.message, 'You have been reached the max poptins views number');
    assert.deepEqual(body.poptins, []);
  });

  describe('A/B tests', () => {
    beforeEach(async () => {
      await seedClient(shared.test.configuration);
      await seedPopup(shared.test.configuration, { poptin_id: 'parent0000001', ab_test: 'yes' });
      await seedPopup(shared.test.configuration, { poptin_id: 'variant000001', ab_test_parent_id: 'parent0000001' });
      await seedPopup(shared.test.configuration, { poptin_id: 'solo000000001' });
    });

    const shownIds = async (payload: object, headers: Record<string, string> = {}) =>
      ((await postJson('/api/display/acme', payload, headers)).json().poptins as { poptin_id: string }[]).map(
        (p) => p.poptin_id,
      );

    it('shows one variant per campaign, the same one for the same visitor id', async () => {
      const first = await shownIds({ visitor_id: 'visitor-a' });
      assert.equal(first.length, 2);
      assert.ok(first.includes('solo000000001'));
      for (let i = 0; i < 5; i++) assert.deepEqual(await shownIds({ visitor_id: 'visitor-a' }), first);
    });

    it('gives both variants to different visitors', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 40 && seen.size < 2; i++) {
        (await shownIds({ visitor_id: `visitor-${i}` }))
          .filter((id) => id !== 'solo000000001')
          .forEach((id) => seen.add(id));
      }
      assert.deepEqual([...seen].sort(), ['parent0000001', 'variant000001']);
    });

    it('without a visitor_id, sets a visitor cookie and returns the id; both keep the variant', async () => {
      const response = await postJson('/api/display/acme', {});
      const visitorId = response.json().visitor_id as string;
      assert.match(visitorId, /^[0-9a-f-]{36}$/);
      const cookie = String(response.headers['set-cookie']);
      assert.match(cookie, new RegExp(`^poptin_visitor_id=${visitorId};`));
      assert.match(cookie, /HttpOnly/);
      const shown = (response.json().poptins as { poptin_id: string }[]).map((p) => p.poptin_id);
      for (let i = 0; i < 3; i++) {
        assert.deepEqual(await shownIds({}, { cookie: `other=1; poptin_visitor_id=${visitorId}` }), shown);
        assert.deepEqual(await shownIds({ visitor_id: visitorId }), shown);
      }
    });

    it('an anonymous call (consent mode, before consent) gets no visitor cookie, and its cookie is not read', async () => {
      const response = await postJson('/api/display/acme', { anonymous: true });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['set-cookie'], undefined);
      const withCookie = await shared.app.inject({
        method: 'POST',
        url: '/api/display/acme',
        payload: { anonymous: true },
        headers: { cookie: 'poptin_visitor_id=3312197e-30b2-400a-bd78-b36acbd3f15c' },
      });
      assert.notEqual(withCookie.json().visitor_id, '3312197e-30b2-400a-bd78-b36acbd3f15c');
      const click = await shared.app.inject({
        method: 'POST',
        url: '/api/display/click/parent0000001',
        payload: { client_id: 'acme', anonymous: 'true' },
      });
      assert.equal(click.statusCode, 200);
      assert.equal(click.headers['set-cookie'], undefined);
    });

    it('shows exactly the previewed pop-up for a preview id', async () => {
      assert.deepEqual(await shownIds({ preview_id: 'variant000001', visitor_id: 'x' }), ['variant000001']);
      assert.deepEqual(await shownIds({ preview_id: 'parent0000001', visitor_id: 'x' }), ['parent0000001']);
    });
  });

  it('answers with the pop-ups in the order they were added, also when their creation times tie', async () => {
    await seedClient(shared.test.configuration);
    for (const id of ['zulufirst0001', 'mikesecond001', 'alphathird001'])
      await seedPopup(shared.test.configuration, { poptin_id: id });
    // As when a folder of configurations is loaded within one tick of the database's clock.
    await shared.test.db.query("UPDATE popups SET created_at = '2026-01-01T00:00:00Z'");
    const ids = ((await postJson('/api/display/acme', {})).json().poptins as { poptin_id: string }[]).map(
      (p) => p.poptin_id,
    );
    assert.deepEqual(ids, ['zulufirst0001', 'mikesecond001', 'alphathird001']);
  });

  it('leaves out pop-ups that stop showing to converted users once this visitor converted on them', async () => {
    await seedClient(shared.test.configuration);
    const stopping = await seedPopup(shared.test.configuration, {
      poptin_id: 'stopping00001',
      stop_showing_to_converted_users: 'yes',
    });
    const keeps = await seedPopup(shared.test.configuration, {
      poptin_id: 'keepsgoing001',
      stop_showing_to_converted_users: 'no',
    });
    for (const popup of [stopping, keeps]) {
      await shared.app.inject({
        method: 'POST',
        url: `/api/display/conversion/${popup.viewer_id}`,
        payload: `email=Jane%40Example.com&visitor_id=visitor-jane&idempotency_key=key-${popup.poptin_id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    const ids = async (body: Record<string, string>) =>
      ((await postJson('/api/display/acme', body)).json().poptins as { poptin_id: string }[]).map((p) => p.poptin_id);
    assert.deepEqual(await ids({ visitor_id: 'visitor-jane' }), ['keepsgoing001']);
    assert.deepEqual(await ids({ visitor_id: 'visitor-other' }), ['stopping00001', 'keepsgoing001']);
  });

  it('names a pop-up left out for a converted visitor, with the time of the last conversion as the page would', async () => {
    await seedClient(shared.test.configuration);
    const stopping = await seedPopup(shared.test.configuration, {
      poptin_id: 'stopping00001',
      poptin_name: 'Stops after a lead',
      stop_showing_to_converted_users: 'yes',
    });
    const convert = (key: string) =>
      shared.app.inject({
        method: 'POST',
        url: `/api/display/conversion/${stopping.viewer_id}`,
        payload: { email: 'jane@example.com', visitor_id: 'visitor-jane', idempotency_key: key },
      });
    await convert('key-jane-first');
    await convert('key-jane-later');
    const [row] = await shared.test.db.query<{ last: unknown }>(
      "SELECT MAX(created_at) AS last FROM conversions WHERE visitor_id = 'visitor-jane'",
    );
    const last = row!.last;
    const lastAt = new Date(last instanceof Date ? last : String(last)).getTime();
    const body = (
      await postJson('/api/display/acme', { visitor_id: 'visitor-jane', poptin_viewed_url: 'https://acme.example/' })
    ).json();
    assert.deepEqual(body.poptins, []);
    assert.deepEqual(body.left_out, [
      {
        poptin_id: 'stopping00001',
        poptin_type: 'lightbox',
        blocked_by: [
          {
            rule: 'stop_showing_to_converted_users',
            reason: `the visitor converted on this pop-up at ${new Date(lastAt).toISOString()}`,
          },
        ],
      },
    ]);
    assert.deepEqual(
      (await postJson('/api/display/acme', { visitor_id: 'visitor-other' })).json().left_out,
      [],
      'another visitor is not left out',
    );
  });

  describe('the rules the page view decides: device, country, address and referrer', () => {
    beforeEach(async () => {
      await seedClient(shared.test.configuration);
      await seedPopup(shared.test.configuration, {
        poptin_id: 'pricingonly01',
        poptin_name: 'Pricing offer',
        page_targeting: [{ operator: 'contain', value: '/pricing', show: 'show' }],
      });
      await seedPopup(shared.test.configuration, {
        poptin_id: 'mobileonly001',
        poptin_type: 'bar',
        show_on_device: 'mobile',
      });
      await seedPopup(shared.test.configuration, {
        poptin_id: 'israelonly001',
        country_targeting: { show: 'show', countries: ['IL'] },
      });
      await seedPopup(shared.test.configuration, {
        poptin_id: 'fromsearch001',
        referrer_targeting: [{ operator: 'contain', value: 'search.example', show: 'show' }],
      });
      await seedPopup(shared.test.configuration, { poptin_id: 'everywhere001' });
    });

    // In the order of their ids: pop-ups seeded within one tick of the database's clock tie on their creation time.
    const byId = <T extends { poptin_id?: string; id?: string }>(list: T[]) =>
      [...list].sort((a, b) => String(a.poptin_id ?? a.id).localeCompare(String(b.poptin_id ?? b.id)));
    const answerFor = async (view: Record<string, unknown>, country = 'US') => {
      const body = (await postJson('/api/display/acme', view, { 'x-country-code': country })).json();
      return {
        shown: byId(body.poptins as { poptin_id: string }[]).map((p) => p.poptin_id),
        leftOut: byId(body.left_out as { poptin_id: string }[]),
      };
    };

    it('keeps the names of left-out pop-ups out of the public answer: any visitor reads it', async () => {
      const response = await postJson(
        '/api/display/acme',
        { poptin_viewed_url: 'https://acme.example/shoes', if_mobile: false },
        { 'x-country-code': 'us' },
      );
      const leftOut = response.json().left_out as Record<string, unknown>[];
      assert.ok(leftOut.some((popup) => popup.poptin_id === 'pricingonly01'));
      assert.ok(
        leftOut.every((popup) => !('poptin_name' in popup)),
        JSON.stringify(leftOut),
      );
      assert.ok(!response.body.includes('Pricing offer'), response.body);
    });

    it('leaves out a pop-up one of them blocks, naming it and the rule with the reason the page would give', async () => {
      const body = (
        await postJson(
          '/api/display/acme',
          { poptin_viewed_url: 'https://acme.example/shoes', if_mobile: false, referrer: '' },
          { 'x-country-code': 'us' },
        )
      ).json();
      assert.deepEqual(
        (body.poptins as { poptin_id: string }[]).map((p) => p.poptin_id),
        ['everywhere001'],
      );
      assert.deepEqual(byId(body.left_out), [
        {
          poptin_id: 'fromsearch001',
          poptin_type: 'lightbox',
          blocked_by: [
            { rule: 'referrer_targeting', reason: '"(none)" matches none of the show rules: contain "search.example"' },
          ],
        },
        {
          poptin_id: 'israelonly001',
          poptin_type: 'lightbox',
          blocked_by: [{ rule: 'country', reason: 'US is not in IL' }],
        },
        {
          poptin_id: 'mobileonly001',
          poptin_type: 'bar',
          blocked_by: [{ rule: 'device', reason: 'for mobile only; visitor is on desktop' }],
        },
        {
          poptin_id: 'pricingonly01',
          poptin_type: 'lightbox',
          blocked_by: [
            {
              rule: 'page_targeting',
              reason: '"https://acme.example/shoes" matches none of the show rules: contain "/pricing"',
            },
          ],
        },
      ]);
      const parsed = parseDisplayResponse(body);
      assert.deepEqual(
        byId(parsed.leftOut).map((popup) => [
          popup.id,
          popup.type,
          popup.blockedBy[0]!.rule,
          popup.blockedBy[0]!.allowed,
        ]),
        [
          ['fromsearch001', 'lightbox', 'referrer_targeting', false],
          ['israelonly001', 'lightbox', 'country', false],
          ['mobileonly001', 'bar', 'device', false],
          ['pricingonly01', 'lightbox', 'page_targeting', false],
        ],
      );
    });

    it('sends a pop-up to the page view its rules allow, flags given as text as the widget may send them', async () => {
      const { shown, leftOut } = await answerFor(
        {
          poptin_viewed_url: 'https://acme.example/pricing',
          if_mobile: 'true',
          referrer: 'https://search.example/?q=acme',
        },
        'il',
      );
      assert.deepEqual(shown, ['everywhere001', 'fromsearch001', 'israelonly001', 'mobileonly001', 'pricingonly01']);
      assert.deepEqual(leftOut, []);
    });

    it('leaves a rule to the page when the request does not say what it needs (no address, device or referrer)', async () => {
      const { shown, leftOut } = await answerFor({}, 'IL');
      assert.deepEqual(shown, ['everywhere001', 'fromsearch001', 'israelonly001', 'mobileonly001', 'pricingonly01']);
      assert.deepEqual(leftOut, []);
    });

    it('keeps a previewed pop-up whatever its rules say', async () => {
      const { shown, leftOut } = await answerFor({
        preview_id: 'pricingonly01',
        poptin_viewed_url: 'https://acme.example/shoes?ppt-preview=pricingonly01',
      });
      assert.deepEqual(shown, ['pricingonly01']);
      assert.deepEqual(leftOut, []);
    });

    it('treats a preview id that names none of the pop-ups as an ordinary page view', async () => {
      const { shown, leftOut } = await answerFor({
        preview_id: 'nosuchpopup01',
        poptin_viewed_url: 'https://acme.example/shoes',
        if_mobile: false,
        referrer: '',
      });
      assert.deepEqual(shown, ['everywhere001']);
      assert.deepEqual(
        leftOut.map((popup) => popup.poptin_id),
        ['fromsearch001', 'israelonly001', 'mobileonly001', 'pricingonly01'],
      );
    });

    it("decides again when an owner changes a pop-up's rules", async () => {
      const view = {
        poptin_viewed_url: 'https://acme.example/shoes',
        if_mobile: false,
        referrer: 'https://search.example/',
      };
      assert.ok((await answerFor(view, 'IL')).leftOut.some((popup) => popup.poptin_id === 'pricingonly01'));
      await seedPopup(shared.test.configuration, {
        poptin_id: 'pricingonly01',
        page_targeting: [{ operator: 'contain', value: '/shoes', show: 'show' }],
      });
      const { shown, leftOut } = await answerFor(view, 'IL');
      assert.ok(shown.includes('pricingonly01'));
      assert.deepEqual(
        leftOut.map((popup) => popup.poptin_id),
        ['mobileonly001'],
      );
    });
  });

  it('never tells a caller whether an e-mail is a lead: a claimed converted_email changes nothing in the answer', async () => {
    await seedClient(shared.test.configuration);
    const stopping = await seedPopup(shared.test.configuration, {
      poptin_id: 'stopping00001',
      stop_showing_to_converted_users: 'yes',
    });
    await shared.app.inject({
      method: 'POST',
      url: `/api/display/conversion/${stopping.viewer_id}`,
      payload: { email: 'jane@example.com', visitor_id: 'visitor-jane', idempotency_key: 'key-jane-0001' },
    });
    const answer = async (email: string) => {
      const response = await postJson('/api/display/acme', { converted_email: email, visitor_id: 'visitor-probe' });
      return (response.json().poptins as { poptin_id: string }[]).map((p) => p.poptin_id);
    };
    assert.deepEqual(await answer('jane@example.com'), await answer('nobody@example.com'));
    assert.deepEqual(await answer('jane@example.com'), ['stopping00001']);
  });

  it("knows a visitor who converted by the server's visitor cookie when the widget sent no visitor id", async () => {
    await seedClient(shared.test.configuration);
    const stopping = await seedPopup(shared.test.configuration, {
      poptin_id: 'stopping00001',
      stop_showing_to_converted_users: 'yes',
    });
    const first = await postJson('/api/display/acme', {});
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    await shared.app.inject({
      method: 'POST',
      url: `/api/display/conversion/${stopping.viewer_id}`,
      headers: { cookie },
      payload: { email: 'jane@example.com', idempotency_key: 'key-cookie-001' },
    });
    const again = await shared.app.inject({
      method: 'POST',
      url: '/api/display/acme',
      payload: {},
      headers: { cookie },
    });
    assert.deepEqual(again.json().poptins, []);
    assert.equal((await postJson('/api/display/acme', {})).json().poptins.length, 1, 'a new visitor still sees it');
  });

  it('accepts a text/plain body holding JSON', async () => {
    await seedClient(shared.test.configuration);
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/display/acme',
      payload: JSON.stringify({ visitor_id: 'v-1' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().visitor_id, 'v-1');
  });

  for (const [name, payload, field] of [
    ['an object where text is expected', { domain: { host: 'x' } }, 'body/domain'],
    ['a list where an object or text is expected', { cookies: ['a', 'b'] }, 'body/cookies'],
    ['an object for a yes/no flag', { if_mobile: { yes: true } }, 'body/if_mobile'],
    ['a visitor id with spaces', { visitor_id: 'has spaces' }, 'body/visitor_id'],
    ['an over-long referrer', { referrer: 'x'.repeat(5000) }, 'body/referrer'],
  ] as const) {
    it(`answers 400 naming the field for ${name}`, async () => {
      await seedClient(shared.test.configuration);
      const response = await postJson('/api/display/acme', payload);
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().success, false);
      assert.ok(response.json().message.includes(field), response.json().message);
    });
  }

  it('answers 400 for malformed JSON, for a non-object body and for a malformed client id', async () => {
    const malformed = await shared.app.inject({
      method: 'POST',
      url: '/api/display/acme',
      payload: '{"domain": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(malformed.statusCode, 400);
    assert.match(malformed.json().message, /not valid JSON/);
    assert.equal((await postJson('/api/display/acme', [1, 2])).statusCode, 400);
    assert.equal((await postJson('/api/display/bad%20client', {})).statusCode, 400);
  });

  it('answers 413 for a body over 64 KiB', async () => {
    const response = await postJson('/api/display/acme', { padding: 'x'.repeat(70 * 1024) });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().success, false);
  });

  it('answers 415 for a content type it does not read', async () => {
    const response = await shared.app.inject({
      method: 'POST',
      url: '/api/display/acme',
      payload: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    assert.equal(response.statusCode, 415);
  });
});

describe('GET /api/display/click/{poptin_id}', () => {
  it('answers the pop-up in the shape of the display response', async () => {
    await seedClient(shared.test.configuration);
    await seedPopup(shared.test.configuration);
    // A seeded pop-up is sanitised in the background after its first load: compared once it is, both answers marked.
    await eventually(
      'the pop-up served sanitised',
      async () =>
        (await postJson('/api/display/acme', { visitor_id: 'v' })).json().poptins[0]?.poptin_sanitized === true,
    );
    const response = await shared.app.inject({ method: 'GET', url: '/api/display/click/aaaaaaaaaaaa1' });
    assert.equal(response.statusCode, 200);
    const display = (await postJson('/api/display/acme', { visitor_id: 'v' })).json();
    assert.deepEqual(response.json(), { success: true, poptin: display.poptins[0] });
  });

  it('answers 403 "Client restricted" for a pop-up of a restricted client', async () => {
    await seedClient(shared.test.configuration, { restricted: true });
    await seedPopup(shared.test.configuration);
    const response = await shared.app.inject({ method: 'GET', url: '/api/display/click/aaaaaaaaaaaa1' });
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), { success: false, message: CLIENT_RESTRICTED });
  });

  it('answers 404 for an unknown pop-up and 400 for a malformed id', async () => {
    const unknown = await shared.app.inject({ method: 'GET', url: '/api/display/click/zzzzzzzzzzzz9' });
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.json().message, /Unknown pop-up zzzzzzzzzzzz9/);
    assert.equal((await shared.app.inject({ method: 'GET', url: '/api/display/click/short' })).statusCode, 400);
  });
});

describe('POST /api/display/viewed/{poptin_id}', () => {
  it('stores a view and a close sent twice with one idempotency key once (an outbox retry, a beacon), form-encoded', async () => {
    await seedClient(shared.test.configuration);
    await seedPopup(shared.test.configuration);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const view = () =>
      shared.app.inject({
        method: 'POST',
        url: '/api/display/viewed/aaaaaaaaaaaa1',
        headers: form,
        payload: 'viewer_id=v1&client_id=acme&idempotency_key=view-key-0001',
      });
    const close = () =>
      shared.app.inject({
        method: 'POST',
        url: '/api/display/closed/aaaaaaaaaaaa1',
        headers: form,
        payload: 'client_id=acme&idempotency_key=close-key-001',
      });
    const [first, second] = [await view(), await view()];
    assert.deepEqual([first.statusCode, second.statusCode], [200, 200]);
    assert.equal(second.json().poptin_view_id, first.json().poptin_view_id, 'the retry gets the first view id');
    assert.deepEqual([(await close()).statusCode, (await close()).statusCode], [200, 200]);
    const counts = await shared.test.db.query<{ views: number; closes: number }>(
      'SELECT (SELECT count(*)::int FROM views) AS views, (SELECT count(*)::int FROM closes) AS closes',
    );
    assert.deepEqual(counts, [{ views: 1, closes: 1 }]);
  });

  it('stores a view and answers its poptin_view_id', async () => {
    await seedClient(shared.test.configuration);
    const popup = await seedPopup(shared.test.configuration);
    const view = {
      viewer_id: popup.viewer_id,
      trigger: 'after_seconds',
      client_id: 'acme',
      type: 'lightbox',
      url: 'https://acme.example/',
      store_integration: 'shopify',
      store_integration_customer_id: '7',
      converted_email: 'a@b.co',
    };
    const first = await postJson('/api/display/viewed/aaaaaaaaaaaa1', view);
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { success: true, poptin_view_id: 1 });
    assert.deepEqual((await postJson('/api/display/viewed/aaaaaaaaaaaa1', { client_id: 'spoofed' })).json(), {
      success: true,
      poptin_view_id: 2,
    });
    const rows = await shared.test.db.query(
      'SELECT poptin_id, client_id, viewer_id, trigger, type, url, store_integration, store_integration_customer_id, converted_email FROM views ORDER BY id',
    );
    assert.deepEqual(rows[0], { poptin_id: 'aaaaaaaaaaaa1', ...view });
    assert.equal(rows[1]!.client_id, 'acme', 'the client comes from the pop-up, not from the body');
  });

  it('answers 404 for an unknown pop-up and 400 for a wrong type', async () => {
    assert.equal((await postJson('/api/display/viewed/zzzzzzzzzzzz9', {})).statusCode, 404);
    await seedPopup(shared.test.configuration);
    const response = await postJson('/api/display/viewed/aaaaaaaaaaaa1', { url: ['a', 'b'] });
    assert.equal(response.statusCode, 400);
    assert.match(response.json().message, /body\/url/);
    assert.deepEqual(await shared.test.db.query('SELECT id FROM views'), []);
  });
});

describe('POST /api/display/closed/{poptinId}', () => {
  it('stores a close sent as JSON, as text/plain JSON (sendBeacon) and form-encoded', async () => {
    await seedClient(shared.test.configuration);
    await seedPopup(shared.test.configuration);
    const close = {
      client_id: 'acme',
      url: 'https://acme.example/a',
      converted_email: '',
      store_integration: 'wix',
      store_integration_customer_id: 'c1',
    };
    const asJson = await postJson('/api/display/closed/aaaaaaaaaaaa1', close);
    const asText = await shared.app.inject({
      method: 'POST',
      url: '/api/display/closed/aaaaaaaaaaaa1',
      payload: JSON.stringify({ ...close, url: 'https://acme.example/b' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    const asForm = await shared.app.inject({
      method: 'POST',
      url: '/api/display/closed/aaaaaaaaaaaa1',
      payload: new URLSearchParams({ ...close, url: 'https://acme.example/c' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    for (const response of [asJson, asText, asForm]) {
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { success: true });
    }
    const rows = await shared.test.db.query<{ url: string; store_integration: string }>(
      'SELECT url, store_integration FROM closes ORDER BY id',
    );
    assert.deepEqual(
      rows.map((row) => row.url),
      ['https://acme.example/a', 'https://acme.example/b', 'https://acme.example/c'],
    );
    assert.ok(rows.every((row) => row.store_integration === 'wix'));
  });

  it('answers 404 for an unknown pop-up and 400 for a text/plain body that is broken JSON', async () => {
    assert.equal((await postJson('/api/display/closed/zzzzzzzzzzzz9', {})).statusCode, 404);
    await seedPopup(shared.test.configuration);
    const broken = await shared.app.inject({
      method: 'POST',
      url: '/api/display/closed/aaaaaaaaaaaa1',
      payload: '{"url": "x',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(broken.statusCode, 400);
    assert.match(broken.json().message, /not valid JSON/);
  });
});

describe('GET /api/display/validation-emails', () => {
  it('answers a text list of free-mail domains, one per line', async () => {
    const response = await shared.app.inject({ method: 'GET', url: '/api/display/validation-emails' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    const domains = response.body.trim().split('\n');
    assert.ok(domains.length >= 150, `only ${domains.length} domains`);
    for (const domain of [
      'gmail.com',
      'yahoo.com',
      'hotmail.com',
      'outlook.com',
      'icloud.com',
      'mail.ru',
      'walla.co.il',
      'mailinator.com',
    ]) {
      assert.ok(domains.includes(domain), `${domain} missing`);
    }
    assert.ok(
      domains.every((domain) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain)),
      'only bare domains, no comments or blanks',
    );
    assert.equal(new Set(domains).size, domains.length);
  });
});

describe('GET /api/display/limitLogs/{clientId}', () => {
  it('stores the limit log and answers success', async () => {
    await seedClient(shared.test.configuration);
    const response = await shared.app.inject({
      method: 'GET',
      url: '/api/display/limitLogs/acme?status=remindme&id=up1',
    });
    assert.deepEqual(response.json(), { success: true });
    assert.deepEqual(await shared.test.db.query('SELECT client_id, status, upgrade_id FROM limit_logs'), [
      { client_id: 'acme', status: 'remindme', upgrade_id: 'up1' },
    ]);
  });

  it('answers 404 for an unknown client and 400 for an over-long status', async () => {
    assert.equal(
      (await shared.app.inject({ method: 'GET', url: '/api/display/limitLogs/nobody?status=x' })).statusCode,
      404,
    );
    await seedClient(shared.test.configuration);
    assert.equal(
      (await shared.app.inject({ method: 'GET', url: `/api/display/limitLogs/acme?status=${'x'.repeat(300)}` }))
        .statusCode,
      400,
    );
  });
});
