import assert from 'node:assert/strict';
import { connect } from 'node:net';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from './app.ts';
import type { PopupRecord } from './configuration/repository.ts';
import { readSettings } from './platform/settings.ts';
import { openTestDatabase, type TestDatabase } from './test-support/database.ts';
import { OWNER_TOKEN, seedClient, seedPopup } from './test-support/fixtures.ts';

let test: TestDatabase;
let popup: PopupRecord;

before(async () => {
  test = await openTestDatabase();
});
after(() => test.dispose());
beforeEach(async () => {
  await test.reset();
  await seedClient(test.configuration, { client_id: 'acme', allowed_origins: ['https://acme.example'] });
  popup = await seedPopup(test.configuration, { client_id: 'acme', poptin_id: 'aaaaaaaaaaaa1' });
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request exactly as written, request target included (fetch and inject would normalise it). */
function rawRequest(
  port: number,
  request: { method: string; target: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const body = request.body ?? '';
  const headers = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    'content-length': String(Buffer.byteLength(body)),
    ...request.headers,
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    let received = '';
    // Written without closing our side: the server closes the connection once it has answered (Connection: close).
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const entries = headerLines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]);
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(entries),
        body: rest.join('\r\n\r\n'),
      });
    });
  });
}

async function listening(options: Partial<AppOptions>): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, port: typeof address === 'object' && address ? address.port : 0 };
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('absolute-form request targets (POST http://host/api/display/…)', () => {
  it('are rate-limited like the usual form', async () => {
    const { app, port } = await listening({ rateLimit: { capacity: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await rawRequest(port, {
          method: 'POST',
          target: `http://x/api/display/conversion/${popup.viewer_id}`,
          headers: FORM,
          body: `idempotency_key=reqtarget-${i}`,
        });
        statuses.push(response.status);
        if (response.status === 429) assert.ok(Number(response.headers['retry-after']) > 0);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('get the origin check: a write from an origin the client does not allow is 403 and stores nothing', async () => {
    const { app, port } = await listening({ rateLimit: false });
    try {
      const refused = await rawRequest(port, {
        method: 'POST',
        target: `http://x/api/display/conversion/${popup.viewer_id}`,
        headers: { ...FORM, origin: 'https://evil.example' },
        body: 'idempotency_key=reqtarget-1',
      });
      assert.equal(refused.status, 403);
      assert.equal(refused.headers['access-control-allow-origin'], undefined);
      assert.deepEqual(await test.db.query('SELECT id FROM conversions'), []);

      const allowed = await rawRequest(port, {
        method: 'POST',
        target: 'http://x/api/display/closed/aaaaaaaaaaaa1',
        headers: { 'content-type': 'text/plain', origin: 'https://acme.example' },
        body: '{}',
      });
      assert.equal(allowed.status, 200);
      assert.equal(allowed.headers['access-control-allow-origin'], 'https://acme.example');
    } finally {
      await app.close();
    }
  });
});

describe('absolute-form request targets for static files', () => {
  it('do not reach the configuration files either', async () => {
    const { app, port } = await listening({
      rateLimit: false,
      examplesDir: path.join(import.meta.dirname, '..', 'examples'),
    });
    try {
      for (const target of [
        'http://x/examples/popups/demo-lightbox.json',
        'http://x/popups/demo-lightbox.json',
        'http://x/examples/clients/demo.json',
      ]) {
        const response = await rawRequest(port, { method: 'GET', target });
        assert.ok(response.status === 404 || response.status === 403, `${target}: ${response.status}`);
        assert.doesNotMatch(response.body, /poptin_id|client_id/, target);
      }
    } finally {
      await app.close();
    }
  });
});

describe('TRUST_PROXY and the rate limit', () => {
  const display = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/display/acme',
      payload: {},
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });

  it('with a number of proxies, a spoofed leftmost X-Forwarded-For does not give a new bucket', async () => {
    const app = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: { capacity: 3, windowMs: 60_000 },
      trustProxy: readSettings({ TRUST_PROXY: '1' }).trustProxy,
    });
    try {
      for (let i = 0; i < 3; i++)
        assert.equal((await display(app, '10.0.0.9', `198.51.100.${i}, 203.0.113.7`)).statusCode, 200);
      assert.equal(
        (await display(app, '10.0.0.9', '198.51.100.99, 203.0.113.7')).statusCode,
        429,
        'the proxy-added address is the bucket',
      );
      assert.equal(
        (await display(app, '10.0.0.9', '203.0.113.8')).statusCode,
        200,
        'another visitor behind the same proxy',
      );
    } finally {
      await app.close();
    }
  });

  it('with proxy addresses, believes X-Forwarded-For from those proxies only', async () => {
    const app = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: { capacity: 3, windowMs: 60_000 },
      trustProxy: readSettings({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy,
    });
    try {
      for (let i = 0; i < 3; i++)
        assert.equal((await display(app, '10.0.0.9', `198.51.100.${i}, 203.0.113.7`)).statusCode, 200);
      assert.equal(
        (await display(app, '10.1.2.3', '198.51.100.99, 203.0.113.7')).statusCode,
        429,
        'same visitor through another trusted proxy',
      );
      for (let i = 0; i < 3; i++)
        assert.equal((await display(app, '192.0.2.1', `198.51.100.${10 + i}`)).statusCode, 200);
      assert.equal(
        (await display(app, '192.0.2.1', '198.51.100.50')).statusCode,
        429,
        'a direct client cannot choose its address',
      );
    } finally {
      await app.close();
    }
  });
});
