import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { ClickDisplayAnswer, ClickDisplayRequest } from '../../src/core/api/contract.ts';
import { useTestApp } from '../test-support/app.ts';
import { seedClient, seedPopup } from '../test-support/fixtures.ts';

const shared = useTestApp();
beforeEach(async () => {
  await seedClient(shared.test.configuration);
  await seedPopup(shared.test.configuration, {
    poptin_id: 'mobileonly001',
    poptin_name: 'Secret spring campaign',
    show_on_device: 'mobile',
  });
  await seedPopup(shared.test.configuration, { poptin_id: 'everyone00001', poptin_name: 'Newsletter' });
});

/** The page facts the widget sends, as in its display request (widget §7). */
const PAGE: ClickDisplayRequest = {
  client_id: 'acme',
  domain: 'acme.example',
  referrer: 'https://search.example/',
  previous_url: '',
  cookies: { seen: '1' },
  triggers: ['click'],
  if_mobile: false,
  page_title: 'Shoes',
  poptin_viewed_url: 'https://acme.example/shoes',
  all_visited_pages: 'https://acme.example/shoes',
  cart_total: 0,
  cart_item_count: 0,
  lang: 'en',
};

const click = (poptinId: string, body: Partial<ClickDisplayRequest> = {}) =>
  shared.app.inject({
    method: 'POST',
    url: `/api/display/click/${poptinId}`,
    payload: { ...PAGE, poptin_display: poptinId, ...body },
  });
const clicksCounted = async () =>
  (
    await shared.test.db.query<{ poptin_id: string; shown: boolean; url: string }>(
      'SELECT poptin_id, shown, url FROM clicks ORDER BY id',
    )
  ).map((row) => [row.poptin_id, row.shown, row.url]);

describe('POST /api/display/click/{poptinId}: the click-display call', () => {
  it("answers the pop-up in the display answer's shape when this page view may show it, and counts the click", async () => {
    const response = await click('everyone00001');
    assert.equal(response.statusCode, 200);
    const answer = response.json<ClickDisplayAnswer>();
    assert.equal(answer.display, 'allowed');
    assert.equal(answer.poptin?.poptin_id, 'everyone00001');
    assert.ok(answer.poptin?.viewer_id, 'with its viewer id, for its view and its leads');
    assert.deepEqual(await clicksCounted(), [['everyone00001', true, 'https://acme.example/shoes']]);
  });

  it("applies the pop-up's rules to this page view: left out by id and reason, no campaign name, and still counted", async () => {
    const desktop = await click('mobileonly001');
    assert.equal(desktop.statusCode, 200);
    assert.deepEqual(desktop.json(), {
      display: 'not_allowed',
      left_out: {
        poptin_id: 'mobileonly001',
        poptin_type: 'lightbox',
        blocked_by: [{ rule: 'device', reason: 'for mobile only; visitor is on desktop' }],
      },
    });
    assert.doesNotMatch(desktop.body, /Secret spring campaign/);
    const mobile = await click('mobileonly001', { if_mobile: true });
    assert.equal(mobile.json<ClickDisplayAnswer>().display, 'allowed');
    assert.deepEqual(
      (await clicksCounted()).map(([id, shown]) => [id, shown]),
      [
        ['mobileonly001', false],
        ['mobileonly001', true],
      ],
    );
  });

  it('answers 404 for a pop-up of another client or none, 400 for a body without a client id, and counts nothing', async () => {
    await seedClient(shared.test.configuration, { client_id: 'other' });
    await seedPopup(shared.test.configuration, { client_id: 'other', poptin_id: 'otherspopup01' });
    const foreign = await click('otherspopup01');
    assert.equal(foreign.statusCode, 404);
    assert.match(foreign.json().message, /Client acme has no active pop-up otherspopup01/);
    assert.equal((await click('nosuchpopup01')).statusCode, 404);
    const noClient = await shared.app.inject({
      method: 'POST',
      url: '/api/display/click/everyone00001',
      payload: { domain: 'acme.example' },
    });
    assert.equal(noClient.statusCode, 400);
    assert.match(noClient.json().message, /client_id/);
    assert.deepEqual(await clicksCounted(), []);
  });

  it('a restricted client is told so, with no pop-up', async () => {
    await seedClient(shared.test.configuration, { restricted: true });
    assert.deepEqual((await click('everyone00001')).json(), { display: 'not_allowed', message: 'Client restricted' });
  });
});
