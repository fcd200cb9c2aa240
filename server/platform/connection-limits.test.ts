import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN } from '../test-support/fixtures.ts';

// Real sockets on 127.0.0.1: a client that sends its request slowly, or holds too many connections, is closed.
const LIMITS = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 1_500,
  idleTimeoutMs: 1_000,
  checkIntervalMs: 200,
  maxConnectionsPerAddress: 4,
};
// Far above the limits, far below "held forever" (a loaded CI machine can stall this process for seconds).
const CLOSED_WITHIN_MS = 10_000;

let test: TestDatabase;
let app: FastifyInstance;
let port: number;
const sockets: Socket[] = [];

before(async () => {
  test = await openTestDatabase();
  app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, rateLimit: false, connectionLimits: LIMITS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

after(async () => {
  for (const socket of sockets) socket.destroy();
  await app?.close();
  await test?.dispose();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.on('error', () => undefined);
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Resolves with the milliseconds until the server closed `socket`, or null if it still holds it after `limitMs`. */
function closedWithin(socket: Socket, limitMs: number): Promise<number | null> {
  const started = performance.now();
  // Read what the server sends first: a connection whose headers time out is answered 408 before it is closed, and a
  // socket that never reads its data never hears the close after it.
  socket.resume();
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(0);
    // A stalled process can run this deadline in the same turn as the server's own timeout, before the close
    // reaches this socket: the verdict waits one more second, which lets the event loop read the close first.
    let timer = setTimeout(() => {
      timer = setTimeout(() => resolve(null), 1_000);
    }, limitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
}

/** Writes `text` one byte at a time, `everyMs` apart, while the socket stays open. */
async function dribble(socket: Socket, text: string, everyMs: number): Promise<void> {
  for (const byte of text) {
    if (socket.destroyed) return;
    socket.write(byte);
    await sleep(everyMs);
  }
}

describe('slow clients and connections per address', () => {
  it('closes a connection whose body comes one byte at a time, within the request time limit', {
    timeout: 30_000,
  }, async () => {
    const socket = await open();
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write(
      'POST /api/display/acme HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
    );
    const closed = closedWithin(socket, CLOSED_WITHIN_MS);
    void dribble(socket, '{"visitor_id":"'.padEnd(200, 'x'), 300);
    const afterMs = await closed;
    assert.notEqual(afterMs, null, `the slow body was still held after ${CLOSED_WITHIN_MS} ms`);
    assert.match(Buffer.concat(received).toString(), /^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers come one byte at a time, and one that sends nothing', {
    timeout: 30_000,
  }, async () => {
    const slowHeaders = await open();
    const silent = await open();
    const closed = Promise.all([closedWithin(slowHeaders, CLOSED_WITHIN_MS), closedWithin(silent, CLOSED_WITHIN_MS)]);
    void dribble(
      slowHeaders,
      'GET /api/display/click/aaaaaaaaaaaa1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: yes\r\n\r\n',
      300,
    );
    const [slowAfterMs, silentAfterMs] = await closed;
    assert.notEqual(slowAfterMs, null, 'the slow headers were still held');
    assert.notEqual(silentAfterMs, null, 'the silent connection was still held');
  });

  it('refuses connections beyond the cap of one address, and serves it again once they are gone', {
    timeout: 30_000,
  }, async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnectionsPerAddress }, open));
    const extra = await open();
    const received: Buffer[] = [];
    extra.on('data', (chunk: Buffer) => received.push(chunk));
    extra.write('GET /api/display/click/aaaaaaaaaaaa1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    assert.notEqual(await closedWithin(extra, 1_000), null, 'the connection beyond the cap was closed at once');
    assert.equal(Buffer.concat(received).length, 0, 'and answered nothing');
    for (const socket of held) socket.destroy();
    await sleep(50);
    const response = await fetch(`http://127.0.0.1:${port}/api/display/click/aaaaaaaaaaaa1`);
    assert.equal(response.status, 404, 'a normal request from the same address is answered');
  });
});
