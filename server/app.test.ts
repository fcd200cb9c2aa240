import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppOptions, buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { SITE_AJAX_PATH } from './display/site-ajax.ts';
import { SHOPIFY_STOREFRONT_PREFIX } from './store-platform/example-stores/shopify-storefront.ts';
import { openTestDatabase, type TestDatabase } from './test-support/database.ts';
import { captureLog, OWNER_TOKEN, seedClient, seedPopup } from './test-support/fixtures.ts';

let test: TestDatabase;

before(async () => {
  test = await openTestDatabase();
});
after(() => test.dispose());
beforeEach(async () => {
  await test.reset();
  await seedClient(test.configuration, { client_id: 'acme', allowed_origins: ['https://acme.example'] });
  await seedClient(test.configuration, { client_id: 'globex', allowed_origins: ['https://globex.example'] });
  await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'aaaaaaaaaaaa1' });
});

const ACME = 'https://acme.example';
const GLOBEX = 'https://globex.example';

describe('CORS', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, rateLimit: false });
  });
  after(() => app.close());

  const preflight = (url: string, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('reflects an origin the client allows, with credentials and Vary: Origin', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/display/acme',
      payload: {},
      headers: { origin: ACME },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['access-control-allow-origin'], ACME);
    assert.equal(response.headers['access-control-allow-credentials'], 'true');
    assert.match(String(response.headers.vary), /Origin/);
  });

  it('allows the server’s own origin for every client', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/display/globex',
      payload: {},
      headers: { origin: 'http://display.local:8787', host: 'display.local:8787' },
    });
    assert.equal(response.headers['access-control-allow-origin'], 'http://display.local:8787');
  });

  it('answers a JSON preflight for an allowed origin', async () => {
    const response = await preflight('/api/display/acme', ACME);
    assert.equal(response.statusCode, 204);
    assert.equal(response.headers['access-control-allow-origin'], ACME);
    assert.match(String(response.headers['access-control-allow-methods']), /POST/);
    assert.match(String(response.headers['access-control-allow-headers']), /Content-Type/i);
  });

  it('refuses another client’s origin: no CORS headers, and 403 for a write', async () => {
    const refusedPreflight = await preflight('/api/display/acme', GLOBEX);
    assert.equal(refusedPreflight.headers['access-control-allow-origin'], undefined);
    assert.notEqual(refusedPreflight.statusCode, 204);

    const write = await app.inject({
      method: 'POST',
      url: '/api/display/closed/aaaaaaaaaaaa1',
      payload: '{}',
      headers: { origin: GLOBEX, 'content-type': 'text/plain' },
    });
    assert.equal(write.statusCode, 403);
    assert.equal(write.headers['access-control-allow-origin'], undefined);
    assert.match(write.json().message, /not allowed/);
    assert.deepEqual(await test.db.query('SELECT id FROM closes'), []);

    const read = await app.inject({
      method: 'GET',
      url: '/api/display/click/aaaaaaaaaaaa1',
      headers: { origin: GLOBEX },
    });
    assert.equal(read.headers['access-control-allow-origin'], undefined);
  });

  it('finds the client of routes keyed by pop-up id or viewer id', async () => {
    const popup = await test.configuration.findPopup('aaaaaaaaaaaa1');
    for (const url of [
      '/api/display/viewed/aaaaaaaaaaaa1',
      '/api/display/closed/aaaaaaaaaaaa1',
      `/api/display/conversion/${popup!.viewer_id}`,
    ]) {
      assert.equal((await preflight(url, ACME)).headers['access-control-allow-origin'], ACME, url);
      assert.equal((await preflight(url, GLOBEX)).headers['access-control-allow-origin'], undefined, url);
    }
    const click = await app.inject({
      method: 'GET',
      url: '/api/display/click/aaaaaaaaaaaa1',
      headers: { origin: ACME },
    });
    assert.equal(click.headers['access-control-allow-origin'], ACME);
  });

  it('lets any site read the free-mail list, and no site read the owner API', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/api/display/validation-emails',
      headers: { origin: GLOBEX },
    });
    assert.equal(list.headers['access-control-allow-origin'], GLOBEX);
    const owner = await app.inject({
      method: 'GET',
      url: '/api/owner/acme/leads',
      headers: { origin: ACME, authorization: `Bearer ${OWNER_TOKEN}` },
    });
    assert.equal(owner.statusCode, 200);
    assert.equal(owner.headers['access-control-allow-origin'], undefined);
  });
});

describe('rate limit on the display API', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, rateLimit: { capacity: 3, windowMs: 60_000 } });
  });
  after(() => app.close());

  const display = (remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/display/acme', payload: {}, headers: { origin: ACME }, remoteAddress });

  it('answers 429 with Retry-After once an IP spends its bucket, and CORS headers so the widget can read it', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await display('10.0.0.1')).statusCode, 200);
    const limited = await display('10.0.0.1');
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.headers['retry-after'], '20');
    assert.equal(limited.headers['access-control-allow-origin'], ACME);
    assert.match(String(limited.headers['access-control-expose-headers']), /Retry-After/);
    assert.match(limited.json().message, /Too many requests/);
    assert.equal((await display('10.0.0.2')).statusCode, 200, 'other visitors are not affected');
    const owner = await app.inject({
      method: 'GET',
      url: '/api/owner/acme/stats',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      remoteAddress: '10.0.0.1',
    });
    assert.equal(owner.statusCode, 200, 'the owner API is not limited');
  });
});

describe("the library's build beside the server's own", () => {
  let app: FastifyInstance;
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'poptin-widget-dir-'));
    await mkdir(path.join(root, 'widget', 'chunks'), { recursive: true });
    await mkdir(path.join(root, 'dist', 'docs'), { recursive: true });
    await writeFile(path.join(root, 'widget', 'poptin.js'), 'export const loader = "library";');
    await writeFile(path.join(root, 'widget', 'poptin.js.map'), '{"version":3,"sources":[],"mappings":""}');
    await writeFile(path.join(root, 'widget', 'chunks', 'surfaces.js'), 'export const surfaces = 1;');
    await writeFile(path.join(root, 'dist', 'poptin.js'), 'export const loader = "stale";');
    await writeFile(path.join(root, 'dist', 'k3-site.js'), 'export const site = 1;');
    await writeFile(path.join(root, 'dist', 'docs', 'index.html'), '<h1>Elements</h1>');
    app = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: false,
      distDir: path.join(root, 'dist'),
      widgetDir: path.join(root, 'widget'),
    });
  });
  after(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it("serves the library's files at /dist/ and /poptin.js, and the server's own where the library has none", async () => {
    assert.equal((await get('/dist/poptin.js')).body, 'export const loader = "library";');
    assert.equal((await get('/poptin.js?id=acme')).body, 'export const loader = "library";');
    assert.equal((await get('/dist/chunks/surfaces.js')).statusCode, 200);
    assert.equal((await get('/dist/k3-site.js')).body, 'export const site = 1;');
    assert.equal((await get('/docs/')).body, '<h1>Elements</h1>');
    assert.equal((await get('/dist/missing.js')).statusCode, 404);
  });

  it('names the source map of a file that has one, which the file itself no longer names', async () => {
    assert.equal((await get('/dist/poptin.js')).headers.sourcemap, 'poptin.js.map');
    assert.equal((await get('/dist/poptin.js.map')).statusCode, 200);
    assert.equal((await get('/dist/chunks/surfaces.js')).headers.sourcemap, undefined, 'it has no map');
    assert.equal((await get('/poptin.js')).headers.sourcemap, undefined, 'no map at /poptin.js.map');
  });
});

describe('static files', () => {
  let app: FastifyInstance;
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'poptin-static-'));
    await mkdir(path.join(root, 'examples'));
    await mkdir(path.join(root, 'dist', 'chunks'), { recursive: true });
    await writeFile(path.join(root, 'examples', 'index.html'), '<h1>All demos</h1>');
    await writeFile(path.join(root, 'examples', 'lightbox.html'), '<h1>Lightbox</h1>');
    await writeFile(path.join(root, 'dist', 'poptin.js'), 'export const loader = 1;');
    await writeFile(path.join(root, 'dist', 'chunks', 'surfaces.js'), 'export const surfaces = 1;');
    await writeFile(path.join(root, 'secret.txt'), 'not for visitors');
    await mkdir(path.join(root, 'examples', 'popups'));
    await mkdir(path.join(root, 'examples', 'clients'));
    await mkdir(path.join(root, 'examples', 'templates'));
    await writeFile(path.join(root, 'examples', 'popups', 'x.json'), '{"conversion_code": "not for visitors"}');
    await writeFile(path.join(root, 'examples', 'clients', 'x.json'), '{"owner_token_sha256": "not for visitors"}');
    await writeFile(path.join(root, 'examples', 'templates', 'next.html'), '<p>Next step</p>');
    await writeFile(path.join(root, 'examples', 'demo.css'), 'body {}');
    app = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: false,
      examplesDir: path.join(root, 'examples'),
      distDir: path.join(root, 'dist'),
    });
  });
  after(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('serves the examples at / and /examples/', async () => {
    const index = await get('/');
    assert.equal(index.statusCode, 200);
    assert.match(String(index.headers['content-type']), /text\/html/);
    assert.equal(index.body, '<h1>All demos</h1>');
    assert.equal((await get('/examples/lightbox.html')).body, '<h1>Lightbox</h1>');
    assert.equal((await get('/lightbox.html')).body, '<h1>Lightbox</h1>');
    assert.equal((await get('/examples/')).body, '<h1>All demos</h1>');
    const bare = await get('/examples');
    assert.equal(bare.statusCode, 302);
    assert.equal(bare.headers.location, '/examples/');
  });

  it('serves built files as JavaScript that any origin may load, and the loader at /poptin.js', async () => {
    for (const url of ['/dist/poptin.js', '/poptin.js?id=acme', '/dist/chunks/surfaces.js']) {
      const response = await get(url, { origin: 'https://any-site.example' });
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-type']), /^(application|text)\/javascript/, url);
      assert.equal(response.headers['access-control-allow-origin'], '*', url);
    }
    assert.equal((await get('/poptin.js')).body, 'export const loader = 1;');
  });

  it('serves pages, their templates and styles, but none of the configuration files beside them', async () => {
    assert.equal((await get('/examples/templates/next.html')).body, '<p>Next step</p>');
    assert.equal((await get('/examples/demo.css')).statusCode, 200);
    for (const url of [
      '/examples/popups/x.json',
      '/examples/clients/x.json',
      '/popups/x.json',
      '/clients/x.json',
      '/examples/popups/',
      '/examples/popups',
    ]) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.ok(!response.body.includes('not for visitors'), url);
    }
  });

  it('answers a clean 404 for missing files and never leaves its folders', async () => {
    for (const url of [
      '/dist/missing.js',
      '/examples/missing.html',
      '/nothing-here',
      '/examples/../secret.txt',
      '/dist/%2e%2e/secret.txt',
    ]) {
      const response = await get(url);
      assert.ok(response.statusCode === 404 || response.statusCode === 403, `${url}: ${response.statusCode}`);
      assert.ok(!response.body.includes('not for visitors'), url);
    }
    const missing = await get('/dist/missing.js');
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), {
      success: false,
      error: 'Not Found',
      message: 'Nothing at GET /dist/missing.js',
    });
  });

  it('mounts none of the example sites’ platform fakes, which only `npm start` adds', async () => {
    assert.equal((await get(`${SHOPIFY_STOREFRONT_PREFIX}/cart.js`)).statusCode, 404);
    const token = await app.inject({ method: 'POST', url: SITE_AJAX_PATH, payload: { action: 'eael_get_token' } });
    assert.equal(token.statusCode, 404);
  });
});

describe('the shipped examples', () => {
  const examplesDir = path.join(import.meta.dirname, '..', 'examples');
  let app: FastifyInstance;
  before(async () => {
    app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, rateLimit: false, examplesDir });
  });
  after(() => app.close());

  it('serves no configuration file: pop-ups hold conversion_code, which the display API keeps to itself', async () => {
    for (const folder of ['popups', 'clients']) {
      const files = (await readdir(path.join(examplesDir, folder))).filter((file) => file.endsWith('.json'));
      assert.ok(files.length > 0, folder);
      for (const file of files) {
        for (const url of [`/examples/${folder}/${file}`, `/${folder}/${file}`]) {
          assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404, url);
        }
      }
    }
  });

  it('have no inline scripts or event handlers, so they work under their Content-Security-Policy', async () => {
    const pages = (await readdir(examplesDir)).filter((file) => file.endsWith('.html'));
    assert.ok(pages.length > 0);
    for (const page of pages) {
      const html = await readFile(path.join(examplesDir, page), 'utf8');
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/i, `${page} has an inline <script>`);
      assert.doesNotMatch(html, /<[^>]+\son[a-z]+\s*=/i, `${page} has an inline event handler`);
      assert.doesNotMatch(html, /javascript:/i, page);
      const response = await app.inject({ method: 'GET', url: `/examples/${page}` });
      assert.match(String(response.headers['content-security-policy']), /script-src 'self'(;|$)/, page);
      for (const [, src] of html.matchAll(/<script[^>]*\bsrc="(\/examples\/[^"?]+)/g)) {
        const script = await app.inject({ method: 'GET', url: src! });
        assert.equal(script.statusCode, 200, `${page} loads ${src}`);
        assert.match(String(script.headers['content-type']), /javascript/, src);
      }
    }
  });
});

describe('headers of every answer', () => {
  let app: FastifyInstance;
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'poptin-headers-'));
    await writeFile(path.join(root, 'index.html'), '<h1>All demos</h1>');
    app = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: { capacity: 1, windowMs: 60_000 },
      examplesDir: root,
    });
  });
  after(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('X-Content-Type-Options: nosniff and Referrer-Policy on answers of every kind', async () => {
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/display/acme', payload: {}, headers: { origin: ACME }, remoteAddress: '10.9.0.1' },
      { method: 'POST', url: '/api/display/acme', payload: {}, headers: { origin: ACME }, remoteAddress: '10.9.0.1' },
      {
        method: 'POST',
        url: '/api/display/closed/aaaaaaaaaaaa1',
        payload: '{}',
        headers: { origin: GLOBEX, 'content-type': 'text/plain' },
        remoteAddress: '10.9.0.2',
      },
      {
        method: 'OPTIONS',
        url: '/api/display/acme',
        headers: { origin: ACME, 'access-control-request-method': 'POST' },
      },
      { method: 'GET', url: '/api/display/validation-emails', remoteAddress: '10.9.0.3' },
      { method: 'GET', url: '/api/owner/acme/leads', headers: { authorization: `Bearer ${OWNER_TOKEN}` } },
      { method: 'GET', url: '/api/owner/acme/leads' },
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/missing.html' },
      { method: 'POST', url: '/api/display/%E0%A4%A', payload: {}, remoteAddress: '10.9.0.4' },
    ];
    const statuses = [];
    for (const request of requests) {
      const response = await app.inject(request);
      statuses.push(response.statusCode);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', `${request.method} ${request.url}`);
      assert.equal(
        response.headers['referrer-policy'],
        'strict-origin-when-cross-origin',
        `${request.method} ${request.url}`,
      );
    }
    assert.deepEqual(statuses, [200, 429, 403, 204, 200, 200, 401, 200, 404, 400]);
  });

  it('a Content-Security-Policy on example pages that allows no inline or foreign script, no inline style, no plugin, <base> or framing, and enforces Trusted Types', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name!, values.join(' ')];
      }),
    );
    assert.equal(directives.get('script-src'), "'self'");
    assert.equal(directives.get('object-src'), "'none'");
    assert.equal(directives.get('base-uri'), "'none'");
    assert.equal(directives.get('frame-ancestors'), "'none'");
    assert.equal(directives.get('style-src'), "'self'");
    assert.equal(directives.get('require-trusted-types-for'), "'script'");
    assert.equal(directives.get('trusted-types'), 'poptin lit-html');
    assert.doesNotMatch(csp, /unsafe-(eval|inline)/);
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/display/validation-emails', remoteAddress: '10.9.0.5' })).headers[
        'content-security-policy'
      ],
      undefined,
    );
  });
});

describe('the visitor cookie', () => {
  const visitorCookie = async (trustProxy: AppOptions['trustProxy'], headers: Record<string, string>) => {
    const app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, rateLimit: false, trustProxy });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/display/acme',
        payload: {},
        headers,
        remoteAddress: '10.0.0.9',
      });
      assert.equal(response.statusCode, 200);
      return String(response.headers['set-cookie']);
    } finally {
      await app.close();
    }
  };

  it('is Secure when the page came over HTTPS, as a trusted proxy reports it', async () => {
    assert.match(await visitorCookie({ hops: 1 }, { 'x-forwarded-proto': 'https' }), /HttpOnly.*; Secure$/);
  });

  it('is not Secure over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    assert.doesNotMatch(await visitorCookie({ hops: 1 }, {}), /Secure/);
    assert.doesNotMatch(await visitorCookie(false, { 'x-forwarded-proto': 'https' }), /Secure/);
  });
});

describe('error handling', () => {
  it('answers an unexpected failure with a JSON 500 that leaks nothing, and logs it', async () => {
    const failing: Database = {
      ...test.db,
      query: async () => {
        throw new Error('connection lost to /var/secret/db.sock');
      },
    };
    const { lines, logger } = captureLog();
    const app = await buildApp({ db: failing, ownerToken: OWNER_TOKEN, rateLimit: false, logger });
    const response = await app.inject({ method: 'POST', url: '/api/display/acme', payload: {} });
    await app.close();
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), {
      success: false,
      error: 'Internal Server Error',
      message: 'The server could not handle this request.',
    });
    assert.ok(!response.body.includes('secret') && !response.body.includes('    at '));
    assert.ok(lines.some((line) => line.msg === 'Unexpected error'));
  });

  it('answers every kind of bad input with a 4xx, never through the 500 path', async () => {
    const { lines, logger } = captureLog();
    const app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, rateLimit: false, logger });
    const json = { 'content-type': 'application/json' };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const popup = await test.configuration.findPopup('aaaaaaaaaaaa1');
    const conversion = `/api/display/conversion/${popup!.viewer_id}`;
    const badRequests: InjectOptions[] = [
      { method: 'POST', url: '/api/display/acme', payload: '{', headers: json },
      { method: 'POST', url: '/api/display/acme', payload: '', headers: json },
      { method: 'POST', url: '/api/display/acme', payload: '"text"', headers: json },
      { method: 'POST', url: '/api/display/acme', payload: '{"__proto__": {"x": 1}}', headers: json },
      { method: 'POST', url: '/api/display/acme', payload: { domain: { a: 1 } } },
      {
        method: 'POST',
        url: '/api/display/acme',
        payload: 'x'.repeat(100_000),
        headers: { 'content-type': 'text/plain' },
      },
      {
        method: 'POST',
        url: '/api/display/acme',
        payload: 'a=1',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
      { method: 'POST', url: `/api/display/${'x'.repeat(65)}`, payload: {} },
      { method: 'POST', url: '/api/display/%E0%A4%A', payload: {}, headers: { origin: ACME } },
      { method: 'POST', url: '/api/display/viewed/%E0%A4%A', payload: {}, headers: { origin: ACME } },
      { method: 'POST', url: '/api/display/viewed/short', payload: {} },
      { method: 'POST', url: '/api/display/viewed/aaaaaaaaaaaa1', payload: { url: { a: 1 } } },
      {
        method: 'POST',
        url: '/api/display/closed/aaaaaaaaaaaa1',
        payload: '{"url":',
        headers: { 'content-type': 'text/plain' },
      },
      { method: 'POST', url: conversion, payload: 'email=a%40b.co', headers: form },
      { method: 'POST', url: conversion, payload: 'idempotency_key=short', headers: form },
      { method: 'POST', url: conversion, payload: 'idempotency_key=abcdefgh1&newExtraFields=%7Bnot', headers: form },
      { method: 'POST', url: conversion, payload: 'idempotency_key=abcdefgh1&poptin_view_id=abc', headers: form },
      {
        method: 'POST',
        url: conversion,
        payload: `idempotency_key=abcdefgh1&poptin_view_id=${'9'.repeat(16)}`,
        headers: form,
      },
      {
        method: 'POST',
        url: '/api/display/conversion/bad viewer',
        payload: 'idempotency_key=abcdefgh1',
        headers: form,
      },
      {
        method: 'POST',
        url: '/api/display/conversion/unknownviewer',
        payload: 'idempotency_key=abcdefgh1',
        headers: form,
      },
      { method: 'GET', url: '/api/display/click/zzzzzzzzzzzz9' },
      { method: 'GET', url: `/api/display/limitLogs/acme?status=${'x'.repeat(300)}` },
      { method: 'GET', url: '/api/owner/acme/leads?limit=abc', headers: { authorization: `Bearer ${OWNER_TOKEN}` } },
      { method: 'GET', url: '/api/owner/acme/leads' },
      { method: 'DELETE', url: '/api/display/acme' },
    ];
    for (const request of badRequests) {
      const response = await app.inject(request);
      assert.ok(
        response.statusCode >= 400 && response.statusCode < 500,
        `${request.method} ${request.url}: ${response.statusCode} ${response.body}`,
      );
      assert.equal(response.json().success, false, `${request.method} ${request.url}`);
    }
    await app.close();
    const errorLines = lines.filter((line) => Number(line.level) >= 50 || line.msg === 'Unexpected error');
    assert.deepEqual(errorLines, []);
    assert.deepEqual(await test.db.query('SELECT id FROM conversions'), []);
  });
});
