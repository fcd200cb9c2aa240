import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { seededRandom } from '../src/core/random.ts';
import { buildApp } from './app.ts';
import type { PopupRecord } from './configuration/repository.ts';
import { buildLazyValidator, REQUEST_AJV_OPTIONS } from './platform/lazy-validators.ts';
import { type RouteInfo, routesOf } from './platform/route-list.ts';
import { conversionSchema, displaySchema, viewedSchema } from './platform/schemas.ts';
import { registerExampleSites } from './store-platform/example-stores/index.ts';
import { useTestApp } from './test-support/app.ts';
import { openTestDatabase, type TestDatabase } from './test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from './test-support/fixtures.ts';

// Random requests to every display endpoint; none may be answered with a 5xx. A failure prints its seed:
// FUZZ_SEED=<seed> node --import tsx --test server/fuzz.test.ts replays the same requests.
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const REQUESTS = 1_500;

const random = seededRandom(SEED);
const int = (max: number) => Math.floor(random() * max);
const chance = (probability: number) => random() < probability;
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

const FIELD_NAMES = [
  ...new Set([
    ...Object.keys(displaySchema.body.properties),
    ...Object.keys(viewedSchema.body.properties),
    ...Object.keys(conversionSchema.body.properties),
  ]),
];
const ODD_NAMES = [
  '__proto__',
  'constructor',
  'valueOf',
  'toString',
  'hasOwnProperty',
  'prototype',
  '',
  ' ',
  '0',
  'a.b',
  'a[b]',
  'a%00',
  'ключ',
  '😀',
];

const CLEAN_PIECES = ['a', 'Z', '0', ' ', '-', '.', '@', 'é', 'א', '中', '😀', 'jane', 'acme.example', 'https://', '/'];
const PIECES = [
  'a',
  'Z',
  '0',
  '9',
  ' ',
  '&',
  '=',
  '%',
  '+',
  '?',
  '#',
  '"',
  "'",
  '\\',
  '/',
  '<',
  '>',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u0001',
  '\u007f',
  '\u00e9',
  '\u05d0',
  '\u4e2d',
  '\u200b',
  '\ufeff',
  '\ufffd',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  '%00',
  '%ZZ',
  '%e9',
  '=cmd|x',
  '@SUM(1)',
  'https://acme.example/',
  'jane@acme.example',
  'null',
  'true',
  '1e309',
  '-0',
  'NaN',
];

/** Text most fields accept: short, printable. */
function cleanText(): string {
  let text = '';
  for (let length = 1 + int(8); length > 0; length--) text += pick(CLEAN_PIECES);
  return text;
}

/** Text of any kind: control characters, NUL, lone surrogates, escapes, very long. */
function randomText(): string {
  if (chance(0.02)) return 'x'.repeat(int(70_000));
  if (chance(0.05)) return 'y'.repeat(int(6_000));
  let text = '';
  for (let length = int(24); length > 0; length--) text += pick(PIECES);
  return text;
}

const HUGE_NUMBERS = [2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 5e-324, 0, -1, 1.5, 123456789012345680000];

function randomValue(depth: number): unknown {
  const roll = random();
  if (roll < 0.45 || depth > 40) return randomText();
  if (roll < 0.6) return pick(HUGE_NUMBERS);
  if (roll < 0.67) return pick([true, false, null]);
  if (roll < 0.84) return Array.from({ length: int(4) }, () => randomValue(depth + 1));
  return randomFields(depth + 1, int(4));
}

function randomName(): string {
  if (chance(0.7)) return pick(FIELD_NAMES);
  if (chance(0.5)) return pick(ODD_NAMES);
  if (chance(0.05)) return 'n'.repeat(90 + int(30));
  return randomText();
}

function randomFields(depth: number, count: number): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const value = chance(0.8) ? cleanText() : randomValue(depth);
    // defineProperty, so that a field named __proto__ is a field and not the object's prototype.
    Object.defineProperty(fields, randomName(), { value, enumerable: true, writable: true, configurable: true });
  }
  return fields;
}

/** Keys reused now and then, so that retries, payload conflicts and key conflicts happen too. */
const usedKeys: string[] = [];

function conversionFields(): Record<string, unknown> {
  const fields = randomFields(0, int(12));
  const roll = random();
  if (roll < 0.25 && usedKeys.length > 0) fields.idempotency_key = pick(usedKeys);
  else if (roll < 0.85) {
    const key = `fuzz-${SEED}-${usedKeys.length}`;
    usedKeys.push(key);
    fields.idempotency_key = key;
  } else if (roll < 0.9) delete fields.idempotency_key;
  if (chance(0.3)) {
    const records = Array.from({ length: int(4) }, () => randomFields(1, int(5)));
    fields.newExtraFields = chance(0.7) ? JSON.stringify(records) : records;
  }
  if (chance(0.2)) fields.poptin_view_id = pick(['7', '0', '9'.repeat(15), '9'.repeat(16), 12, -3, '1e3', '']);
  if (chance(0.05)) for (let i = 0; i < 120; i++) fields[`many_${i}`] = 'v';
  return fields;
}

function formText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A form-encoded string, sometimes malformed, with repeated names now and then. */
function formEncoded(fields: Record<string, unknown>): string {
  const parts = Object.entries(fields).flatMap(([name, value]) => {
    const values = Array.isArray(value) && chance(0.5) ? value.map(formText) : [formText(value)];
    return values.map(
      (text) =>
        `${encodeURIComponent(name.replace(/[\ud800-\udfff]/g, 'x'))}=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, 'x'))}`,
    );
  });
  if (chance(0.1)) parts.push(pick(['%', '%zz=1', '==', '&&', 'a=%E0%A4', 'b=%00', '=value']));
  return parts.join('&');
}

/** JSON text with the odd literal JSON.stringify would never write: huge numbers, escapes, truncation. */
function jsonText(fields: Record<string, unknown>): string {
  let text = JSON.stringify(fields);
  if (chance(0.1))
    text = text.replace(
      /^\{/,
      `{"big":${pick(['1e400', '-1e400', '123456789012345678901234567890', '0.0000000000000000000001'])},`,
    );
  if (chance(0.05)) text = text.replace(/^\{/, `{"deep":${'['.repeat(40 + int(8_000))}${']'.repeat(40 + int(8_000))},`);
  if (chance(0.05)) text = text.replace(/^\{/, '{"esc":"\\u0000\\ud800\\udfff\\uDBFF",');
  if (chance(0.05)) text = text.slice(0, int(text.length));
  if (chance(0.03)) text = pick(['[]', '[1,2]', 'null', '"text"', '42', '', ' ', '\ufeff{}', '{"a":1}{"b":2}']);
  return text;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=latin1',
  'text/plain',
  'text/plain;charset=UTF-8',
  'Text/Plain; charset=iso-8859-1',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  'text/html',
  ';;',
  'x',
];

interface FuzzRequest {
  endpoint: string;
  options: InjectOptions & { url: string };
}

function randomBody(fields: Record<string, unknown>): {
  encoding: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
} {
  const encoding = pick([
    'json',
    'json',
    'json',
    'form',
    'form',
    'form',
    'text-json',
    'text-form',
    'odd',
    'bytes',
    'none',
  ]);
  switch (encoding) {
    case 'json':
      return { encoding, headers: { 'content-type': pick(CONTENT_TYPES.slice(0, 4)) }, payload: jsonText(fields) };
    case 'form':
      return { encoding, headers: { 'content-type': pick(CONTENT_TYPES.slice(4, 6)) }, payload: formEncoded(fields) };
    case 'text-json':
      return { encoding, headers: { 'content-type': pick(CONTENT_TYPES.slice(6, 9)) }, payload: jsonText(fields) };
    case 'text-form':
      return { encoding, headers: { 'content-type': pick(CONTENT_TYPES.slice(6, 9)) }, payload: formEncoded(fields) };
    case 'odd':
      return {
        encoding,
        headers: { 'content-type': pick(CONTENT_TYPES) },
        payload: chance(0.5) ? jsonText(fields) : formEncoded(fields),
      };
    case 'bytes': {
      const bytes = Buffer.from(Array.from({ length: int(200) }, () => int(256)));
      return { encoding, headers: { 'content-type': pick(CONTENT_TYPES) }, payload: bytes };
    }
    default:
      return { encoding, headers: {} };
  }
}

function randomQuery(): string {
  if (chance(0.3)) return '';
  const parts = Array.from({ length: 1 + int(3) }, () => {
    const name = pick(['status', 'id', 'status', 'id', 'x', '%00', '']);
    const value = pick([
      'remindme',
      'up1',
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%ZZ',
      '%F0%9F%98%80',
      'x'.repeat(int(400)),
      '',
    ]);
    return `${name}=${value}`;
  });
  return `?${parts.join('&')}`;
}

function randomRequest(popups: PopupRecord[]): FuzzRequest {
  const popup = pick(popups);
  const poptinId = chance(0.9) ? popup.poptin_id : pick(['zzzzzzzzzzzz9', 'short', '%00', '%E0%A4%A', 'a'.repeat(14)]);
  const viewerId = chance(0.9) ? popup.viewer_id : pick(['unknownviewer', 'bad viewer', '%00', 'v'.repeat(65)]);
  const clientId = chance(0.9) ? pick(['acme', 'other']) : pick(['nobody', 'no%20body', '%00', 'c'.repeat(65)]);
  const headers: Record<string, string> = {};
  if (chance(0.1)) headers.origin = pick(['https://acme.example', 'https://evil.example', 'null']);
  if (chance(0.1)) headers.cookie = `poptin_visitor_id=${pick(['v1', '', 'a b', '%00', 'x'.repeat(200)])}`;
  if (chance(0.1)) headers['x-country-code'] = pick(['IL', 'il', 'ZZZ', '', '\u00e9']);

  const endpoint = pick([
    'display',
    'display',
    'viewed',
    'closed',
    'conversion',
    'conversion',
    'conversion',
    'click',
    'validation-emails',
    'limitLogs',
  ]);
  if (endpoint === 'click' || endpoint === 'validation-emails' || endpoint === 'limitLogs') {
    const path =
      endpoint === 'click' ? `click/${poptinId}` : endpoint === 'limitLogs' ? `limitLogs/${clientId}` : endpoint;
    return { endpoint, options: { method: 'GET', url: `/api/display/${path}${randomQuery()}`, headers } };
  }
  const path = {
    display: clientId,
    viewed: `viewed/${poptinId}`,
    closed: `closed/${poptinId}`,
    conversion: `conversion/${viewerId}`,
  }[endpoint];
  const body = randomBody(endpoint === 'conversion' ? conversionFields() : randomFields(0, int(10)));
  return {
    endpoint: `${endpoint} (${body.encoding})`,
    options: {
      method: 'POST',
      url: `/api/display/${path}${chance(0.1) ? randomQuery() : ''}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    },
  };
}

function describeRequest(index: number, request: FuzzRequest): string {
  const { method, url, headers, payload } = request.options;
  const body = payload === undefined ? '' : String(payload).slice(0, 300);
  return `FUZZ_SEED=${SEED}, request ${index} (${request.endpoint}): ${method} ${url} ${JSON.stringify(headers)} ${JSON.stringify(body)}`;
}

const shared = useTestApp();
let popups: PopupRecord[];
beforeEach(async () => {
  await seedClient(shared.test.configuration);
  await seedClient(shared.test.configuration, { client_id: 'other', allowed_origins: [] });
  popups = [
    await seedPopup(shared.test.configuration, { conversion_code: '<script>1</script>' }),
    await seedPopup(shared.test.configuration, { poptin_id: 'bbbbbbbbbbbb2', stop_showing_to_converted_users: 'yes' }),
    await seedPopup(shared.test.configuration, { client_id: 'other', poptin_id: 'otherpopup001' }),
  ];
});

describe('display API fuzz', () => {
  it(`answers ${REQUESTS} random requests without a single 5xx`, { timeout: 60_000 }, async (t) => {
    const statuses = new Map<string, number>();
    const started = performance.now();
    for (let index = 0; index < REQUESTS; index++) {
      const request = randomRequest(popups);
      const response = await shared.app.inject(request.options);
      assert.ok(
        response.statusCode < 500,
        `${describeRequest(index, request)}\n→ ${response.statusCode} ${response.body}`,
      );
      const key = `${request.endpoint.split(' ')[0]} ${response.statusCode}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    const [{ leads }] = await shared.test.db.query<{ leads: number }>('SELECT count(*)::int AS leads FROM conversions');
    t.diagnostic(
      `FUZZ_SEED=${SEED}: ${REQUESTS} requests in ${Math.round(performance.now() - started)} ms, ${leads} leads stored`,
    );
    t.diagnostic(
      [...statuses]
        .sort()
        .map(([key, count]) => `${key}: ${count}`)
        .join(', '),
    );
    assert.ok((statuses.get('conversion 200') ?? 0) > 0, 'some random leads were stored');
    assert.ok((statuses.get('display 200') ?? 0) > 0, 'some display calls were answered');
  });
});

// Every route of the app, found by walking the routes it registered (a new route is fuzzed with no change here):
// each text position (path parameter, query field, body field) in turn holds NUL, a lone surrogate, or JSON text
// holding them, the other positions a valid value; then random requests of any shape. None may be a 5xx.

const REPO_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

interface JsonSchemaNode {
  type?: string | string[];
  enum?: readonly unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
}

/** Values that valid requests carry, by field name, for fields whose shape a schema cannot tell (JSON in text). */
const KNOWN_VALUES: Record<string, unknown> = {
  products: JSON.stringify([{ product_id: 'p1', product_name: 'Shoe', category: 'shoes' }]),
  manual_products: [],
  newExtraFields: JSON.stringify([{ name: 'Email', type: 'email', value: 'jane@acme.example' }]),
  '*': 'demo.css',
};

/** Names texts hold in JSON: with them, a JSON text reaches the code that reads what it lists. */
const JSON_FIELD_NAMES = [
  'product_id',
  'product_name',
  'category',
  'id',
  'name',
  'title',
  'value',
  'type',
  'email',
  'variant_id',
  'price',
];

const BAD_TEXTS = ['a\u0000b', 'x\udfff'];

/** JSON text whose every string (names and values) may be a bad one: a list of one product-like record. */
function jsonHolding(bad: string): string {
  const record: Record<string, unknown> = {};
  for (const name of JSON_FIELD_NAMES) record[name] = bad;
  record[`key${bad}`] = bad;
  return JSON.stringify([record]);
}

/** Numbers a text turns into that no column holds: past PostgreSQL's INTEGER, and Infinity once coerced. */
const BAD_NUMBERS = ['9007199254740992', '1e309'];

const BAD_VALUES = [...BAD_TEXTS, ...BAD_TEXTS.map(jsonHolding), ...BAD_NUMBERS];

const properties = (schema: unknown): Record<string, JsonSchemaNode> =>
  (schema as JsonSchemaNode | undefined)?.properties ?? {};

function validValue(name: string, node: JsonSchemaNode, ids: Record<string, string>): unknown {
  if (name in KNOWN_VALUES) return KNOWN_VALUES[name];
  if (node.enum) return node.enum[0];
  const type = [node.type ?? 'string'].flat().find((candidate) => candidate !== 'null') ?? 'string';
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return node.items ? [validValue('', node.items, ids)] : [];
  if (type === 'object')
    return Object.fromEntries(
      Object.entries(node.properties ?? {}).map(([field, child]) => [field, validValue(field, child, ids)]),
    );
  const candidates = [
    ids[name],
    ...Object.values(ids),
    'jane@acme.example',
    'https://acme.example/',
    'fuzz-key-0000001',
    '1',
    'a',
  ];
  const fits = (text: string) =>
    (!node.pattern || new RegExp(node.pattern, 'u').test(text)) &&
    text.length >= (node.minLength ?? 0) &&
    text.length <= (node.maxLength ?? Infinity);
  return candidates.find((text) => text !== undefined && fits(text)) ?? 'a';
}

/** Percent-encoding of any JavaScript text, a lone surrogate included (as the bytes WTF-8 gives it). */
function percentEncode(text: string): string {
  let encoded = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(character)];
    encoded += /^[A-Za-z0-9_.~-]$/.test(character)
      ? character
      : bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return encoded;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

interface RouteRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | null;
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
}

function validRequest(route: RouteInfo, ids: Record<string, string>): RouteRequest {
  const schema = route.schema ?? {};
  const paramSchemas = properties(schema.params);
  const params = Object.fromEntries(
    paramNames(route.url).map((name) => [name, validValue(name, paramSchemas[name] ?? {}, ids)]),
  );
  const query = Object.fromEntries(
    Object.entries(properties(schema.querystring)).map(([name, node]) => [name, validValue(name, node, ids)]),
  );
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const body = hasBody
    ? Object.fromEntries(
        Object.entries(properties(schema.body)).map(([name, node]) => [name, validValue(name, node, ids)]),
      )
    : null;
  return { params, query, body };
}

function injectOptions(route: RouteInfo, request: RouteRequest, form = false): InjectOptions & { url: string } {
  const filled = route.url.replace(/:(\w+)|\*/g, (_match, name: string | undefined) =>
    percentEncode(asText(request.params[name ?? '*'])),
  );
  const pathname = filled.startsWith('/') ? filled : `/${filled}`;
  const query = Object.entries(request.query)
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(asText(value))}`)
    .join('&');
  const options: InjectOptions & { url: string } = {
    method: route.method as InjectOptions['method'],
    url: query ? `${pathname}?${query}` : pathname,
    headers: { authorization: `Bearer ${OWNER_TOKEN}`, origin: 'https://acme.example' },
  };
  if (request.body) {
    options.headers = {
      ...options.headers,
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    };
    options.payload = form
      ? Object.entries(request.body)
          .map(([name, value]) => `${percentEncode(name)}=${percentEncode(asText(value))}`)
          .join('&')
      : JSON.stringify(request.body);
  }
  return options;
}

/** Each text position of a route's request, with the request that puts `value` there. */
function withValueAt(base: RouteRequest, value: unknown): { position: string; request: RouteRequest }[] {
  const positions: { position: string; request: RouteRequest }[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const fields = base[part];
    if (!fields) continue;
    for (const name of [...Object.keys(fields), `extra${BAD_TEXTS[0]}`]) {
      positions.push({ position: `${part}/${name}`, request: { ...base, [part]: { ...fields, [name]: value } } });
    }
  }
  return positions;
}

function mutated(base: RouteRequest): RouteRequest {
  const mutate = (fields: Record<string, unknown>) => {
    const copy: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (chance(0.1)) continue;
      copy[name] = chance(0.35) ? (chance(0.5) ? randomText() : JSON.stringify(randomValue(0))) : value;
    }
    if (chance(0.2)) copy[randomName()] = randomValue(0);
    return copy;
  };
  return { params: mutate(base.params), query: mutate(base.query), body: base.body && mutate(base.body) };
}

describe('every route of the app', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let ids: Record<string, string>;

  before(async () => {
    test = await openTestDatabase();
    app = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: false,
      examplesDir: path.join(REPO_ROOT, 'examples'),
      distDir: path.join(REPO_ROOT, 'dist'),
      widgetDir: path.join(REPO_ROOT, 'packages/poptin-elements/dist'),
      extraRoutes: [registerExampleSites],
    });
  });
  after(async () => {
    await app?.close();
    await test?.dispose();
  });
  beforeEach(async () => {
    await test.reset();
    await seedClient(test.configuration, {
      store: {
        platform: 'shopify',
        shop: 'acme.myshopify.com',
        currency: 'USD',
        products: [{ product_id: 'p1', title: 'Shoe', price: 10 }],
      },
    });
    const popup = await seedPopup(test.configuration);
    ids = {
      clientId: 'acme',
      client_id: 'acme',
      poptinId: popup.poptin_id,
      poptin_id: popup.poptin_id,
      viewerId: popup.viewer_id,
      shop: 'acme.myshopify.com',
      customer: 'c1',
    };
  });

  const fail = (
    route: RouteInfo,
    what: string,
    options: InjectOptions & { url: string },
    status: number,
    body: string,
  ) =>
    `${route.method} ${route.url}, ${what}: ${options.method} ${options.url.slice(0, 300)} ${String(options.payload ?? '').slice(0, 300)}\n→ ${status} ${body.slice(0, 300)}`;

  it("compiles every route's request schemas, which the app leaves to each route's first call", () => {
    const compilerFor = buildLazyValidator({}, REQUEST_AJV_OPTIONS);
    const parts = ['body', 'querystring', 'params', 'headers'] as const;
    let compiled = 0;
    for (const route of routesOf(app))
      for (const part of parts) {
        const schema = route.schema?.[part];
        if (schema === undefined) continue;
        const validate = compilerFor({ schema, method: route.method, url: route.url, httpPart: part } as never);
        assert.doesNotThrow(() => validate(null), `${route.method} ${route.url} ${part}`);
        compiled++;
      }
    assert.ok(compiled > 50, `${compiled} schemas`);
  });

  it('answers NUL, lone surrogates and numbers no column holds in every position of every route without a 5xx', {
    timeout: 120_000,
  }, async (t) => {
    const routes = routesOf(app);
    assert.ok(
      routes.some((route) => route.url === '/shopify/save/browse-abandonment'),
      'the routes were found',
    );
    const statuses = new Map<string, number>();
    let requests = 0;
    for (const route of routes) {
      const base = validRequest(route, ids);
      for (const value of BAD_VALUES) {
        for (const { position, request } of withValueAt(base, value)) {
          // JSON for some values, form-encoded for the others: both parsers, at half the requests.
          for (const form of [request.body !== null && BAD_VALUES.indexOf(value) % 2 === 1]) {
            const options = injectOptions(route, request, form);
            const response = await app.inject(options);
            requests++;
            assert.ok(
              response.statusCode < 500,
              fail(
                route,
                `${position} = ${JSON.stringify(value).slice(0, 80)}`,
                options,
                response.statusCode,
                response.body,
              ),
            );
            const key = `${route.method} ${route.url} ${response.statusCode}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          }
        }
      }
    }
    t.diagnostic(
      `${routes.length} routes, ${requests} requests: ${[...statuses]
        .sort()
        .map(([key, count]) => `${key}: ${count}`)
        .join(', ')}`,
    );
  });

  it('answers random requests to every route without a 5xx', { timeout: 120_000 }, async () => {
    for (const route of routesOf(app)) {
      const base = validRequest(route, ids);
      for (let index = 0; index < 25; index++) {
        const options = injectOptions(route, mutated(base), chance(0.3));
        const response = await app.inject(options);
        assert.ok(
          response.statusCode < 500,
          fail(route, `FUZZ_SEED=${SEED}, request ${index}`, options, response.statusCode, response.body),
        );
      }
    }
  });
});
