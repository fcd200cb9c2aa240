import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PopupRecord } from '../configuration/repository.ts';
import type { ConversionInput } from '../leads/repository.ts';
import { useTestApp } from '../test-support/app.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from '../test-support/fixtures.ts';

const shared = useTestApp();

const AUTH = { authorization: `Bearer ${OWNER_TOKEN}` };
const ownerGet = (url: string, headers: Record<string, string> = AUTH) =>
  shared.app.inject({ method: 'GET', url, headers });

async function convert(popup: PopupRecord, fields: Record<string, string>) {
  const response = await shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${popup.viewer_id}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.equal(response.statusCode, 200, response.body);
}

const post = (url: string) =>
  shared.app.inject({ method: 'POST', url, payload: {}, headers: { 'content-type': 'application/json' } });

describe('owner API authentication', () => {
  for (const [name, headers] of [
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer wrong-token' }],
    ['a token with an extra character', { authorization: `Bearer ${OWNER_TOKEN}x` }],
    ['another scheme', { authorization: `Basic ${OWNER_TOKEN}` }],
  ] as const) {
    it(`answers 401 JSON for ${name}`, async () => {
      await seedClient(shared.test.configuration);
      for (const path of ['leads', 'leads.csv', 'stats']) {
        const response = await ownerGet(`/api/owner/acme/${path}`, headers);
        assert.equal(response.statusCode, 401);
        assert.equal(response.headers['www-authenticate'], 'Bearer');
        assert.equal(response.json().success, false);
        assert.match(response.json().message, /Authorization: Bearer/);
      }
    });
  }

  it('answers 404 for an unknown client and 400 for a malformed client id', async () => {
    assert.equal((await ownerGet('/api/owner/nobody/leads')).statusCode, 404);
    assert.equal((await ownerGet('/api/owner/no%20body/stats')).statusCode, 400);
  });
});

describe('GET /api/owner/{clientId}/leads', () => {
  it('lists the client leads newest first, each with all stored fields', async () => {
    await seedClient(shared.test.configuration);
    await seedClient(shared.test.configuration, { client_id: 'other' });
    const popup = await seedPopup(shared.test.configuration);
    const otherPopup = await seedPopup(shared.test.configuration, { client_id: 'other', poptin_id: 'otherpopup001' });
    await convert(popup, { email: 'first@acme.example', idempotency_key: 'lead-key-0001', coupon: 'A' });
    await convert(popup, {
      email: 'second@acme.example',
      phone: '0501234567',
      idempotency_key: 'lead-key-0002',
      poptin_view_id: '4',
    });
    await convert(otherPopup, { email: 'not-acme@x.example', idempotency_key: 'lead-key-0003' });

    const response = await ownerGet('/api/owner/acme/leads');
    assert.equal(response.statusCode, 200);
    const { leads } = response.json();
    assert.deepEqual(
      leads.map((lead: { email: string }) => lead.email),
      ['second@acme.example', 'first@acme.example'],
    );
    const newest = leads[0];
    assert.deepEqual(Object.keys(newest).sort(), [
      'client_id',
      'conversion_id',
      'created_at',
      'email',
      'fields',
      'idempotency_key',
      'name',
      'partial',
      'phone',
      'poptin_id',
      'poptin_view_id',
      'spam_reason',
      'spam_suspicion',
      'url',
      'viewer_id',
    ]);
    assert.equal(newest.poptin_id, 'aaaaaaaaaaaa1');
    assert.equal(newest.viewer_id, popup.viewer_id);
    assert.equal(newest.phone, '0501234567');
    assert.equal(newest.poptin_view_id, 4);
    assert.equal(newest.idempotency_key, 'lead-key-0002');
    assert.ok(!Number.isNaN(Date.parse(newest.created_at)));
    assert.deepEqual(leads[1].fields, { email: 'first@acme.example', idempotency_key: 'lead-key-0001', coupon: 'A' });

    const limited = (await ownerGet('/api/owner/acme/leads?limit=1')).json().leads;
    assert.equal(limited.length, 1);
    assert.equal((await ownerGet('/api/owner/acme/leads?limit=0')).statusCode, 400);
  });
});

describe('GET /api/owner/{clientId}/leads.csv', () => {
  it('quotes commas, quotes and line breaks and neutralises formulas', async () => {
    await seedClient(shared.test.configuration);
    const popup = await seedPopup(shared.test.configuration);
    await convert(popup, {
      email: 'jane@acme.example',
      name: '=HYPERLINK("http://evil.example","click")',
      phone: '+1 555 0100',
      message: 'Hi, "team"\nsecond line',
      url: '@SUM(1+1)',
      idempotency_key: 'csv-key-00001',
    });
    const response = await ownerGet('/api/owner/acme/leads.csv');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/csv/);
    assert.match(String(response.headers['content-disposition']), /attachment; filename="acme-leads.csv"/);
    const [header, ...rest] = response.body.split('\r\n');
    assert.equal(
      header,
      'conversion_id,created_at (UTC),poptin_id,client_id,viewer_id,email,phone,name,url,poptin_view_id,idempotency_key,spam_reason,spam_suspicion,' +
        'field:email,field:idempotency_key,field:message,field:name,field:phone,field:url',
    );
    const row = rest.join('\r\n');
    assert.ok(row.includes(`,aaaaaaaaaaaa1,acme,${popup.viewer_id},jane@acme.example,'+1 555 0100,`), row);
    assert.ok(row.includes(`"'=HYPERLINK(""http://evil.example"",""click"")"`), row);
    assert.ok(row.includes(`"Hi, ""team""\nsecond line"`), row);
    assert.ok(row.includes(`,'@SUM(1+1),`), row);
    assert.ok(row.endsWith(`,'@SUM(1+1)\r\n`), row);
  });

  it('leaves a cell empty when the lead lacks a field named like an Object.prototype member', async () => {
    await seedClient(shared.test.configuration);
    const popup = await seedPopup(shared.test.configuration);
    await convert(popup, { email: 'a@acme.example', constructor: 'built', idempotency_key: 'proto-csv-0001' });
    await convert(popup, { email: 'b@acme.example', idempotency_key: 'proto-csv-0002' });
    const [header, newest, oldest] = (await ownerGet('/api/owner/acme/leads.csv')).body.split('\r\n');
    assert.ok(header!.endsWith(',field:constructor,field:email,field:idempotency_key'), header);
    assert.ok(newest!.endsWith(',,b@acme.example,proto-csv-0002'), newest);
    assert.ok(oldest!.endsWith(',built,a@acme.example,proto-csv-0001'), oldest);
  });

  it('exports spam leads with thousands of field names in bounded columns while display calls keep answering', async (t) => {
    const SPAM_LEADS = 150;
    const NAMES_PER_SPAM_LEAD = 3000;
    await seedClient(shared.test.configuration);
    const popup = await seedPopup(shared.test.configuration);
    await convert(popup, {
      email: 'first@acme.example',
      message: '=cmd|x',
      coupon: 'OLD',
      idempotency_key: 'normal-key-0001',
    });
    // Stored directly, as leads from before the bound on fields were.
    for (let lead = 0; lead < SPAM_LEADS; lead++) {
      const fields: Record<string, unknown> = { idempotency_key: `spam-key-${lead}` };
      for (let n = 0; n < NAMES_PER_SPAM_LEAD; n++) fields[`spam_${lead}_${n}`] = `value ${n}`;
      const spam: ConversionInput = {
        idempotency_key: `spam-key-${lead}`,
        poptin_id: popup.poptin_id,
        client_id: 'acme',
        viewer_id: popup.viewer_id,
        email: null,
        phone: null,
        name: null,
        url: null,
        poptin_view_id: null,
        fields,
        payload_sha256: 'spam',
        visitor_id: null,
        spam_reason: null,
      };
      await shared.test.leads.recordConversion(spam);
    }
    await convert(popup, {
      email: 'last@acme.example',
      message: 'Hi "team"',
      coupon: 'NEW',
      idempotency_key: 'normal-key-0002',
    });

    const started = performance.now();
    let exported = false;
    const exporting = ownerGet('/api/owner/acme/leads.csv').finally(() => (exported = true));
    const latencies: number[] = [];
    while (!exported) {
      const sent = performance.now();
      const display = await shared.app.inject({
        method: 'POST',
        url: '/api/display/acme',
        payload: { visitor_id: 'during-export' },
      });
      assert.equal(display.statusCode, 200);
      latencies.push(performance.now() - sent);
    }
    const response = await exporting;
    const exportMs = performance.now() - started;
    const slowest = Math.max(...latencies);
    t.diagnostic(
      `export of ${SPAM_LEADS + 2} leads: ${Math.round(exportMs)} ms, ${response.body.length} characters; ` +
        `${latencies.length} display calls meanwhile, the slowest ${Math.round(slowest)} ms`,
    );
    assert.ok(latencies.length >= 3, `only ${latencies.length} display calls were answered during the export`);
    // Relative to the export, which a loaded machine slows as much: no display call waited for the export to end.
    assert.ok(
      slowest < exportMs / 2,
      `a display call took ${Math.round(slowest)} ms of the export's ${Math.round(exportMs)} ms`,
    );

    assert.equal(response.statusCode, 200);
    const [header, ...lines] = response.body.split('\r\n');
    const columns = header!.split(',');
    assert.equal(columns.length, 13 + 200, 'the typed columns, then 200 field columns');
    for (const name of ['coupon', 'email', 'idempotency_key', 'message'])
      assert.ok(columns.includes(`field:${name}`), name);
    assert.equal(lines.pop(), '', 'the last line ends with CRLF');
    assert.equal(lines.length, SPAM_LEADS + 2);
    const cells = (line: string) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell]));
    const newest = cells(lines[0]!);
    assert.equal(newest.email, 'last@acme.example');
    assert.equal(newest['field:coupon'], 'NEW');
    assert.equal(newest['field:message'], '"Hi ""team"""');
    const oldest = cells(lines.at(-1)!);
    assert.equal(oldest.email, 'first@acme.example');
    assert.equal(oldest['field:message'], "'=cmd|x", 'formula cells stay neutralised');
    assert.equal(oldest['field:idempotency_key'], 'normal-key-0001');
    assert.ok(
      lines.slice(1, -1).every((line) => line.includes(',spam-key-')),
      'every spam lead has its row',
    );
  });

  it('answers a header row only when there are no leads', async () => {
    await seedClient(shared.test.configuration);
    const response = await ownerGet('/api/owner/acme/leads.csv');
    assert.equal(response.body.split('\r\n').filter(Boolean).length, 1);
  });
});

describe('GET /api/owner/{clientId}/stats', () => {
  it('counts views, closes and conversions per pop-up with the conversion rate', async () => {
    await seedClient(shared.test.configuration);
    const popup = await seedPopup(shared.test.configuration, { poptin_name: 'Welcome' });
    await seedPopup(shared.test.configuration, { poptin_id: 'quietpopup001', poptin_name: 'Quiet' });
    for (let i = 0; i < 4; i++) await post('/api/display/viewed/aaaaaaaaaaaa1');
    for (let i = 0; i < 2; i++) await post('/api/display/closed/aaaaaaaaaaaa1');
    await convert(popup, { email: 'a@acme.example', idempotency_key: 'stats-key-0001' });
    await convert(popup, { email: 'a@acme.example', idempotency_key: 'stats-key-0001' });

    const response = await ownerGet('/api/owner/acme/stats');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      popups: [
        {
          poptin_id: 'aaaaaaaaaaaa1',
          poptin_name: 'Welcome',
          ab_test_parent_id: null,
          views: 4,
          closes: 2,
          conversions: 1,
          spam_conversions: 0,
          conversion_rate: 0.25,
        },
        {
          poptin_id: 'quietpopup001',
          poptin_name: 'Quiet',
          ab_test_parent_id: null,
          views: 0,
          closes: 0,
          conversions: 0,
          spam_conversions: 0,
          conversion_rate: 0,
        },
      ],
    });
  });

  it('shows each A/B variant as its own row with its parent id', async () => {
    await seedClient(shared.test.configuration);
    const parent = await seedPopup(shared.test.configuration, { poptin_id: 'parent0000001', ab_test: 'yes' });
    const variant = await seedPopup(shared.test.configuration, {
      poptin_id: 'variant000001',
      ab_test_parent_id: 'parent0000001',
    });
    for (let i = 0; i < 2; i++) await post('/api/display/viewed/parent0000001');
    for (let i = 0; i < 3; i++) await post('/api/display/viewed/variant000001');
    await convert(variant, { email: 'v@acme.example', idempotency_key: 'variant-key-01' });
    await convert(variant, { email: 'w@acme.example', idempotency_key: 'variant-key-02' });
    await convert(parent, { email: 'p@acme.example', idempotency_key: 'parent-key-001' });

    const rows = (await ownerGet('/api/owner/acme/stats')).json().popups;
    assert.deepEqual(
      rows.map((row: Record<string, unknown>) => [
        row.poptin_id,
        row.ab_test_parent_id,
        row.views,
        row.conversions,
        row.conversion_rate,
      ]),
      [
        ['parent0000001', null, 2, 1, 0.5],
        ['variant000001', 'parent0000001', 3, 2, 0.6667],
      ],
    );
  });
});
