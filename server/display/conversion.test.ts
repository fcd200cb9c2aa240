import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { LEAD_FIELD_LIMITS, LEAD_OTHER_FIELDS_TOTAL } from '../../src/core/api/contract.ts';
import { buildConversionFields } from '../../src/core/forms/conversion-payload.ts';
import type { FormField } from '../../src/core/forms/form-field.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { CONVERSION_BODY_LIMIT } from '../leads/leads.ts';
import { useTestApp } from '../test-support/app.ts';
import { seedClient, seedPopup } from '../test-support/fixtures.ts';

const shared = useTestApp();
let popup: PopupRecord;
beforeEach(async () => {
  await seedClient(shared.test.configuration);
  popup = await seedPopup(shared.test.configuration, {
    conversion_code: '<script>window.acmeConverted = true</script>',
  });
});

/** Every field of the conversion call of widget §7. */
const FULL_CONVERSION = {
  url: 'https://acme.example/shoes',
  p_target: 'lead',
  checkbox_checked: '1',
  referrer: 'https://search.example/',
  previous_url: 'https://acme.example/',
  trigger: 'after_seconds',
  poptin_id: 'aaaaaaaaaaaa1',
  title: 'Acme shoes',
  client_id: 'acme',
  visitor: 'desktop',
  facebook_messanger_data_ref: 'fb-ref',
  origin_landing_page: 'https://acme.example/landing',
  previous_visited_pages: 'https://acme.example/|https://acme.example/shoes',
  previous_visited_pages_with_current: 'https://acme.example/|https://acme.example/shoes|now',
  previous_visited_pages_with_timestamps: 'https://acme.example/ 11-21-2026',
  all_visited_pages: 'https://acme.example/|https://acme.example/shoes',
  store_integration: 'shopify',
  store_integration_customer_id: 'cust-9',
  browser_language: 'he-IL',
  operating_system: 'Linux',
  last_converted_email: 'old@acme.example',
  email: 'jane@acme.example',
  phone: '+972 50 123 4567',
  name: 'Jane Doe',
  message: 'Hello, "world", and more\nsecond line',
  checkbox: 'yes',
  newExtraFields: JSON.stringify([
    { id: '3', type: 'text', name: 'Company', placeholder: 'Company', value: 'Acme, Inc.' },
  ]),
  leader_request_cookie: 'lrc',
  extra_button: 'no',
  coupon: 'WELCOME10',
  poptin_view_id: '7',
  idempotency_key: 'b7c9e0f2-1111-4a4a-9999-000000000001',
};

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const postForm = (fields: Record<string, string>, viewerId = popup.viewer_id, headers: Record<string, string> = FORM) =>
  shared.app.inject({
    method: 'POST',
    url: `/api/display/conversion/${viewerId}`,
    payload: new URLSearchParams(fields).toString(),
    headers,
  });

describe('POST /api/display/conversion/{viewer_id}', () => {
  it('stores a form-encoded lead with every field and answers the conversion id and code', async () => {
    const response = await postForm(FULL_CONVERSION);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      success: true,
      conversion_id: 1,
      integration: { conversion_code: '<script>window.acmeConverted = true</script>' },
    });
    const [row] = await shared.test.db.query<Record<string, unknown>>('SELECT * FROM conversions');
    assert.equal(row!.poptin_id, 'aaaaaaaaaaaa1');
    assert.equal(row!.client_id, 'acme');
    assert.equal(row!.viewer_id, popup.viewer_id);
    assert.equal(row!.email, 'jane@acme.example');
    assert.equal(row!.phone, '+972 50 123 4567');
    assert.equal(row!.name, 'Jane Doe');
    assert.equal(row!.url, 'https://acme.example/shoes');
    assert.equal(Number(row!.poptin_view_id), 7);
    assert.equal(row!.idempotency_key, FULL_CONVERSION.idempotency_key);
    assert.ok(row!.created_at instanceof Date);
    assert.deepEqual(row!.fields, FULL_CONVERSION, 'the whole body is kept');
  });

  it('stores a retried conversion once and answers the same conversion id each time', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) answers.push((await postForm(FULL_CONVERSION)).json());
    assert.deepEqual(
      answers.map((answer) => answer.conversion_id),
      [1, 1, 1],
    );
    assert.ok(answers.every((answer) => answer.success === true));
    assert.deepEqual(await shared.test.db.query('SELECT count(*)::int AS n FROM conversions'), [{ n: 1 }]);
    const other = await postForm({ ...FULL_CONVERSION, idempotency_key: 'another-key-000000002' });
    assert.ok(other.json().conversion_id > 1, 'a new key is a new lead');
    assert.deepEqual(await shared.test.db.query('SELECT count(*)::int AS n FROM conversions'), [{ n: 2 }]);
  });

  it('accepts text/plain holding a form-encoded string (sendBeacon) and JSON bodies', async () => {
    const asText = await postForm(
      { email: 'beacon@acme.example', idempotency_key: 'beacon-key-0001' },
      popup.viewer_id,
      {
        'content-type': 'text/plain;charset=UTF-8',
      },
    );
    assert.equal(asText.statusCode, 200);
    const asJson = await shared.app.inject({
      method: 'POST',
      url: `/api/display/conversion/${popup.viewer_id}`,
      headers: { 'content-type': 'application/json' },
      payload: {
        Email: 'json@acme.example',
        FirstName: 'Jo',
        LastName: 'Ann',
        poptin_view_id: 3,
        idempotency_key: 'json-key-00001',
      },
    });
    assert.equal(asJson.statusCode, 200);
    const rows = await shared.test.db.query(
      'SELECT email, name, poptin_view_id::int AS view FROM conversions ORDER BY id',
    );
    assert.deepEqual(rows, [
      { email: 'beacon@acme.example', name: null, view: null },
      { email: 'json@acme.example', name: 'Jo Ann', view: 3 },
    ]);
  });

  it('reads the e-mail and phone from newExtraFields when the raw values are absent', async () => {
    const extra = [
      { id: '0', type: 'email', name: 'Work email', value: 'extra@acme.example' },
      { id: '1', type: 'phone', name: 'Phone', value: '050-1234567' },
    ];
    await postForm({ newExtraFields: JSON.stringify(extra), idempotency_key: 'extra-key-0001' });
    assert.deepEqual(await shared.test.db.query('SELECT email, phone FROM conversions'), [
      { email: 'extra@acme.example', phone: '050-1234567' },
    ]);
  });

  it('answers an empty conversion code when the pop-up has none', async () => {
    const plain = await seedPopup(shared.test.configuration, { poptin_id: 'plainpopup001' });
    const response = await postForm({ email: 'a@b.co', idempotency_key: 'plain-key-0001' }, plain.viewer_id);
    assert.deepEqual(response.json().integration, { conversion_code: '' });
  });

  it('answers 404 with a clear message for an unknown viewer id', async () => {
    const response = await postForm({ email: 'a@b.co', idempotency_key: 'unknown-viewer-1' }, 'no-such-viewer');
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), {
      success: false,
      error: 'Not Found',
      message: 'No pop-up has viewer id no-such-viewer',
    });
  });

  for (const [name, fields, message] of [
    ['a missing idempotency key', { email: 'a@b.co' }, /idempotency_key/],
    ['a 7-character idempotency key', { email: 'a@b.co', idempotency_key: 'abcdefg' }, /idempotency_key.*fewer than 8/],
    [
      'a 129-character idempotency key',
      { email: 'a@b.co', idempotency_key: 'k'.repeat(129) },
      /idempotency_key.*more than 128/,
    ],
    ['an idempotency key with spaces', { idempotency_key: 'has some spaces' }, /idempotency_key/],
    [
      'an e-mail over 254 characters',
      { email: `${'a'.repeat(250)}@b.co`, idempotency_key: 'long-mail-0001' },
      /body\/email/,
    ],
    ['a non-numeric poptin_view_id', { poptin_view_id: '12abc', idempotency_key: 'view-id-000001' }, /poptin_view_id/],
    [
      'newExtraFields that is not JSON',
      { newExtraFields: '[{"name":', idempotency_key: 'extra-bad-0001' },
      /newExtraFields must be a JSON list/,
    ],
    [
      'newExtraFields that is not a list of records',
      { newExtraFields: '["a"]', idempotency_key: 'extra-bad-0002' },
      /newExtraFields must be a JSON list/,
    ],
  ] as const) {
    it(`answers 400 for ${name} and stores nothing`, async () => {
      const response = await postForm(fields as Record<string, string>);
      assert.equal(response.statusCode, 400);
      assert.match(response.json().message, message);
      assert.deepEqual(await shared.test.db.query('SELECT id FROM conversions'), []);
    });
  }

  it('answers 409 when an idempotency key is reused for another pop-up', async () => {
    const other = await seedPopup(shared.test.configuration, { poptin_id: 'otherpopup001' });
    await postForm({ email: 'a@b.co', idempotency_key: 'shared-key-0001' });
    const response = await postForm({ email: 'a@b.co', idempotency_key: 'shared-key-0001' }, other.viewer_id);
    assert.equal(response.statusCode, 409);
    assert.deepEqual(await shared.test.db.query('SELECT poptin_id FROM conversions'), [{ poptin_id: 'aaaaaaaaaaaa1' }]);
  });

  it('answers 409 when an idempotency key is reused with other data, and keeps the first lead as it was', async () => {
    const first = await postForm(FULL_CONVERSION);
    assert.equal(first.statusCode, 200);
    for (const changed of [
      { ...FULL_CONVERSION, email: 'someone-else@acme.example' },
      { ...FULL_CONVERSION, coupon: 'OTHER' },
      { ...FULL_CONVERSION, extra_field: 'added' },
    ]) {
      const response = await postForm(changed);
      assert.equal(response.statusCode, 409, response.body);
      assert.deepEqual(response.json(), {
        success: false,
        error: 'Conflict',
        message:
          'idempotency_key was already used for a lead with other data: a retry must resend the same fields, a new lead needs a new key',
      });
    }
    const retry = await postForm(FULL_CONVERSION);
    assert.equal(retry.statusCode, 200);
    assert.equal(retry.json().conversion_id, first.json().conversion_id);
    const rows = await shared.test.db.query<{ email: string; fields: Record<string, unknown> }>(
      'SELECT email, fields FROM conversions',
    );
    assert.deepEqual(rows, [{ email: 'jane@acme.example', fields: FULL_CONVERSION }]);
  });

  it('takes the same fields as a retry whatever their order and encoding', async () => {
    const fields = {
      idempotency_key: 'order-key-0001',
      email: 'jo@acme.example',
      poptin_view_id: '5',
      checkbox_checked: 'true',
    };
    const first = await postForm(fields);
    const reordered = await postForm(Object.fromEntries(Object.entries(fields).reverse()), popup.viewer_id, {
      'content-type': 'text/plain',
    });
    const asJson = await shared.app.inject({
      method: 'POST',
      url: `/api/display/conversion/${popup.viewer_id}`,
      headers: { 'content-type': 'application/json' },
      payload: {
        checkbox_checked: true,
        poptin_view_id: 5,
        email: 'jo@acme.example',
        idempotency_key: 'order-key-0001',
      },
    });
    for (const response of [first, reordered, asJson]) assert.equal(response.json().conversion_id, 1, response.body);
  });

  it('answers a retry of a lead stored before payload hashes with its first id, whatever the payload', async () => {
    await postForm({ email: 'old@acme.example', idempotency_key: 'legacy-key-001' });
    await shared.test.db.query('UPDATE conversions SET payload_sha256 = NULL');
    const retry = await postForm({ email: 'old@acme.example', idempotency_key: 'legacy-key-001', coupon: 'late' });
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.json().conversion_id, 1);
  });

  describe('bounds on what a lead carries', () => {
    const manyFields = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`field_${i}`, 'v']));

    for (const [name, fields, message] of [
      [
        '101 fields',
        { ...manyFields(100), idempotency_key: 'bound-key-0001' },
        /^a lead may carry at most 100 fields \(this one has 101\)$/,
      ],
      [
        'a field name of 101 characters',
        { ['n'.repeat(101)]: 'v', idempotency_key: 'bound-key-0002' },
        /^field names may be at most 100 characters long/,
      ],
      [
        'an unlisted field of 5,001 characters',
        { note: 'x'.repeat(5001), idempotency_key: 'bound-key-0003' },
        /^body\/note may be at most 5000 characters long/,
      ],
      [
        'an unlisted repeated field over 5,000 characters',
        { idempotency_key: 'bound-key-0004' },
        /^body\/note may be at most 5000/,
      ],
      [
        'newExtraFields with 101 records',
        {
          newExtraFields: JSON.stringify(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}` }))),
          idempotency_key: 'bound-key-0005',
        },
        /^newExtraFields may list at most 100 fields \(it lists 101\)$/,
      ],
    ] as const) {
      it(`answers 400 naming the limit for ${name} and stores nothing`, async () => {
        let payload = new URLSearchParams(fields as Record<string, string>).toString();
        if (name.includes('repeated'))
          payload += '&note=' + Array.from({ length: 3 }, () => 'y'.repeat(2000)).join('&note=');
        const response = await shared.app.inject({
          method: 'POST',
          url: `/api/display/conversion/${popup.viewer_id}`,
          payload,
          headers: FORM,
        });
        assert.equal(response.statusCode, 400, response.body);
        assert.match(response.json().message, message);
        assert.deepEqual(await shared.test.db.query('SELECT id FROM conversions'), []);
      });
    }

    it('accepts a lead at every limit, and listed fields up to their own schema lengths', async () => {
      const fields = {
        ...manyFields(97),
        ['n'.repeat(100)]: 'x'.repeat(5000),
        message: 'm'.repeat(8000),
        idempotency_key: 'bound-key-0006',
      };
      const response = await postForm(fields);
      assert.equal(response.statusCode, 200, response.body);
    });
  });

  it('answers 413 for a conversion body over its own limit', async () => {
    const response = await postForm({
      message: 'x'.repeat(CONVERSION_BODY_LIMIT + 1),
      idempotency_key: 'huge-body-0001',
    });
    assert.equal(response.statusCode, 413);
  });

  describe("the form's limits (LEAD_FIELD_LIMITS) are the server's", () => {
    const field = (name: string, value: string, type = 'text'): FormField => ({ name, type, value });
    const hebrew = (length: number) => 'ש'.repeat(length);
    /** The body the widget sends for these fields, with the page fields of a long visit around them. */
    const widgetBody = (fields: FormField[], key: string) => ({
      ...FULL_CONVERSION,
      previous_visited_pages: Array.from({ length: 50 }, (_, i) => `https://acme.example/page-${i}`).join('|'),
      ...buildConversionFields(fields),
      idempotency_key: key,
    });
    const atLimit = [
      field('Email', `${'a'.repeat(LEAD_FIELD_LIMITS.email - 12)}@example.com`, 'email'),
      field('Name', hebrew(LEAD_FIELD_LIMITS.name)),
      field('message', hebrew(LEAD_FIELD_LIMITS.message), 'textarea'),
      field('company', hebrew(LEAD_FIELD_LIMITS.other)),
      // Quotes, backslashes and line ends: each grows when written as JSON.
      field(
        'notes',
        '"\\\n'.repeat(LEAD_OTHER_FIELDS_TOTAL).slice(0, LEAD_OTHER_FIELDS_TOTAL - LEAD_FIELD_LIMITS.other),
        'textarea',
      ),
    ];

    it('accepts a lead with every field at its limit in Hebrew, encoded as the widget encodes it', async () => {
      const body = widgetBody(atLimit, 'limit-key-0001');
      assert.ok(new URLSearchParams(body).toString().length > 64 * 1024, 'larger than the other calls may be');
      const response = await postForm(body);
      assert.equal(response.statusCode, 200, response.body);
    });

    it("answers 400 naming the field for one character over a field's limit or the other fields' total", async () => {
      const longMessage = atLimit.map((one) => (one.name === 'message' ? { ...one, value: `${one.value}x` } : one));
      const longCustom = atLimit.map((one) => (one.name === 'company' ? { ...one, value: `${one.value}x` } : one));
      const overTotal = [...atLimit, field('city', 'x')];
      for (const [fields, message] of [
        [longMessage, /body\/message must NOT have more than 8192 characters/],
        [longCustom, /^newExtraFields\/0\/value may be at most 8192 characters long \(it has 8193\)$/],
        [overTotal, /^the values of newExtraFields may hold at most 16384 characters together \(they hold 16385\)$/],
      ] as const) {
        const response = await postForm(widgetBody(fields, `limit-key-${message.source.length}`));
        assert.equal(response.statusCode, 400, response.body);
        assert.match(response.json().message, message);
      }
    });
  });
});
