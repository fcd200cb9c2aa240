import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { PopupRecord } from './configuration/repository.ts';
import { useTestApp } from './test-support/app.ts';
import { seedClient, seedPopup } from './test-support/fixtures.ts';

const shared = useTestApp();
let popup: PopupRecord;
beforeEach(async () => {
  await seedClient(shared.test.configuration);
  popup = await seedPopup(shared.test.configuration);
});

const JSON_BODY = { 'content-type': 'application/json' };
const FORM_BODY = { 'content-type': 'application/x-www-form-urlencoded' };
const TEXT_BODY = { 'content-type': 'text/plain;charset=UTF-8' };

type Route = 'display' | 'viewed' | 'closed' | 'conversion';

function urlOf(route: Route): string {
  if (route === 'display') return '/api/display/acme';
  if (route === 'conversion') return `/api/display/conversion/${popup.viewer_id}`;
  return `/api/display/${route}/${popup.poptin_id}`;
}

const post = (route: Route, headers: Record<string, string>, payload: string) =>
  shared.app.inject({ method: 'POST', url: urlOf(route), headers, payload });

async function storedRows(): Promise<number> {
  const [row] = await shared.test.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM views) + (SELECT count(*) FROM closes) + (SELECT count(*) FROM conversions)
       + (SELECT count(*) FROM limit_logs) AS n`,
  );
  return Number(row!.n);
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('text that PostgreSQL cannot store, and bodies nested too deep', () => {
  for (const [name, route, headers, payload, message] of [
    ['NUL in a JSON url (viewed)', 'viewed', JSON_BODY, '{"url":"a\\u0000b"}', /^body\/url holds a NUL character/],
    ['NUL in a JSON url (closed)', 'closed', JSON_BODY, '{"url":"a\\u0000b"}', /^body\/url holds a NUL character/],
    [
      'NUL in a JSON url (conversion)',
      'conversion',
      JSON_BODY,
      '{"idempotency_key":"nul-key-0001","url":"a\\u0000b"}',
      /^body\/url holds a NUL/,
    ],
    [
      'NUL in a form field',
      'conversion',
      FORM_BODY,
      'idempotency_key=nul-key-0002&x=a%00b',
      /^body\/x holds a NUL character/,
    ],
    [
      'NUL in a text/plain form field',
      'conversion',
      TEXT_BODY,
      'idempotency_key=nul-key-0003&x=a%00b',
      /^body\/x holds a NUL/,
    ],
    [
      'NUL in a field name',
      'conversion',
      JSON_BODY,
      '{"idempotency_key":"nul-key-0004","a\\u0000":"x"}',
      /field name of body holds a NUL/,
    ],
    [
      'NUL in a form field name',
      'conversion',
      FORM_BODY,
      'idempotency_key=nul-key-0005&a%00=x',
      /field name of the body holds a NUL/,
    ],
    [
      'NUL in a nested JSON value',
      'display',
      JSON_BODY,
      '{"cookies":{"a":["\\u0000"]}}',
      /^body\/cookies\/a\/0 holds a NUL/,
    ],
    [
      'NUL in a newExtraFields value',
      'conversion',
      FORM_BODY,
      `idempotency_key=nul-key-0006&newExtraFields=${encodeURIComponent('[{"type":"email","value":"a\\u0000@b.co"}]')}`,
      /^body\/newExtraFields\/0\/value holds a NUL/,
    ],
    [
      'a lone low surrogate',
      'conversion',
      JSON_BODY,
      '{"idempotency_key":"surrogate-01","x":"\\udfff"}',
      /^body\/x is not valid Unicode: it holds a lone surrogate \(\\udfff\)/,
    ],
    [
      'a lone high surrogate',
      'viewed',
      JSON_BODY,
      '{"url":"https://a.example/\\ud800"}',
      /^body\/url is not valid Unicode.*\\ud800/,
    ],
    [
      'a lone surrogate in text/plain JSON',
      'closed',
      TEXT_BODY,
      '{"url":"\\ude00x"}',
      /^body\/url is not valid Unicode/,
    ],
    [
      'a conversion nested 6,000 deep',
      'conversion',
      JSON_BODY,
      `{"idempotency_key":"deep-key-0001","x":${nested(6000)}}`,
      /^body is nested more than 32 levels deep$/,
    ],
    [
      'a text/plain conversion nested 6,000 deep',
      'conversion',
      TEXT_BODY,
      `{"idempotency_key":"deep-key-0002","x":${nested(6000)}}`,
      /nested more than 32/,
    ],
    [
      'a display body nested 6,000 deep',
      'display',
      JSON_BODY,
      `{"cookies":{"x":${nested(6000)}}}`,
      /nested more than 32 levels/,
    ],
    ['a body that is only nesting', 'viewed', JSON_BODY, nested(30_000), /nested more than 32 levels/],
  ] as const) {
    it(`answers 400 with a clear message for ${name} and stores nothing`, async () => {
      const response = await post(route, headers, payload);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().success, false);
      assert.match(response.json().message, message);
      assert.equal(await storedRows(), 0);
    });
  }

  it('answers 400 for NUL in the query string of limitLogs and stores nothing', async () => {
    await seedClient(shared.test.configuration, { client_id: 'demo' });
    for (const [query, message] of [
      ['status=%00', /^querystring\/status holds a NUL character/],
      ['status=ok&id=a%00', /^querystring\/id holds a NUL character/],
    ] as const) {
      const response = await shared.app.inject({ method: 'GET', url: `/api/display/limitLogs/demo?${query}` });
      assert.equal(response.statusCode, 400, response.body);
      assert.match(response.json().message, message);
    }
    assert.equal(await storedRows(), 0);
  });

  it('keeps characters outside the Basic Multilingual Plane (surrogate pairs) and 32 levels of nesting', async () => {
    const fields = { idempotency_key: 'astral-key-01', note: 'grin 😀 𝄞', x: JSON.parse(nested(31)) };
    const response = await post('conversion', JSON_BODY, JSON.stringify(fields));
    assert.equal(response.statusCode, 200, response.body);
    const [row] = await shared.test.db.query<{ fields: Record<string, unknown> }>('SELECT fields FROM conversions');
    assert.deepEqual(row!.fields, fields);
  });
});

describe('field names that are also Object.prototype names', () => {
  const fields = {
    idempotency_key: 'proto-key-0001',
    constructor: 'x',
    valueOf: 'y',
    toString: 'z',
    hasOwnProperty: 'w',
  };

  for (const [encoding, headers] of [
    ['text/plain (sendBeacon)', TEXT_BODY],
    ['form-encoded', FORM_BODY],
  ] as const) {
    it(`are kept as ordinary fields in a ${encoding} body, __proto__ included`, async () => {
      const payload = `${new URLSearchParams(fields)}&__proto__=p&constructor=again`;
      const response = await post('conversion', headers, payload);
      assert.equal(response.statusCode, 200, response.body);
      const [row] = await shared.test.db.query<{ fields: Record<string, unknown> }>('SELECT fields FROM conversions');
      assert.deepEqual(JSON.parse(JSON.stringify(row!.fields)), {
        ...fields,
        constructor: ['x', 'again'],
        ['__proto__']: 'p',
      });
      assert.equal(
        Object.getPrototypeOf(row!.fields),
        Object.prototype,
        'the stored __proto__ is a field, not a prototype',
      );
    });
  }

  it('are kept as ordinary fields in a JSON body, where __proto__ is refused with a 400', async () => {
    const response = await post('conversion', JSON_BODY, JSON.stringify(fields));
    assert.equal(response.statusCode, 200, response.body);
    const [row] = await shared.test.db.query<{ fields: Record<string, unknown> }>('SELECT fields FROM conversions');
    assert.deepEqual(row!.fields, fields);

    for (const payload of [
      '{"idempotency_key":"proto-key-0002","__proto__":{"polluted":1}}',
      '{"cookies":{"__proto__":{"polluted":1}}}',
    ]) {
      const refused = await post(payload.includes('cookies') ? 'display' : 'conversion', JSON_BODY, payload);
      assert.equal(refused.statusCode, 400, refused.body);
      assert.match(refused.json().message, /has a field named __proto__, which a JSON body may not carry/);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('are read as fields, never as inherited functions, by the display and viewed calls', async () => {
    const display = await post('display', TEXT_BODY, 'constructor=x&toString=y&visitor_id=proto-visitor');
    assert.equal(display.statusCode, 200, display.body);
    assert.equal(display.json().visitor_id, 'proto-visitor');
    const viewed = await post('viewed', TEXT_BODY, 'constructor=x&valueOf=y&url=https%3A%2F%2Facme.example%2F');
    assert.equal(viewed.statusCode, 200, viewed.body);
  });
});
