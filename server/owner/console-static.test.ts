import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { OWNER_TOKEN } from '../test-support/fixtures.ts';

let test: TestDatabase;
let app: FastifyInstance;
let distDir: string;

before(async () => {
  test = await openTestDatabase();
  distDir = await mkdtemp(path.join(os.tmpdir(), 'poptin-console-dist-'));
  await mkdir(path.join(distDir, 'console', 'assets'), { recursive: true });
  await writeFile(
    path.join(distDir, 'console', 'index.html'),
    '<!doctype html><title>Console</title><div id="root"></div>',
  );
  await writeFile(path.join(distDir, 'console', 'assets', 'console.js'), 'export {};');
  await writeFile(path.join(distDir, 'secret.txt'), 'not the console');
  app = await buildApp({ db: test.db, ownerToken: OWNER_TOKEN, rateLimit: false, distDir });
});
after(async () => {
  await app.close();
  await test.dispose();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('the console at /console/', () => {
  it('serves index.html for the console and every client-side route under it, never cached and never framed', async () => {
    assert.equal((await get('/console')).headers.location, '/console/');
    for (const url of ['/console/', '/console/sites/acme/popups', '/console/sign-in?next=%2Fconsole%2F']) {
      const response = await get(url);
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<title>Console<\/title>/, url);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
    }
  });

  it('says how to build it when dist/console is missing', async () => {
    const unbuilt = await buildApp({
      db: test.db,
      ownerToken: OWNER_TOKEN,
      rateLimit: false,
      distDir: path.join(distDir, 'nothing-here'),
    });
    try {
      const response = await unbuilt.inject({ method: 'GET', url: '/console/sites' });
      assert.equal(response.statusCode, 404);
      assert.match(response.json().message, /not built yet: run `npm run build`/);
    } finally {
      await unbuilt.close();
    }
  });

  it('serves its built files, 404 for a file it does not have, and nothing outside dist/console', async () => {
    const script = await get('/console/assets/console.js');
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /javascript/);
    assert.equal((await get('/console/assets/missing.js')).statusCode, 404);
    for (const url of ['/console/../secret.txt', '/console/%2e%2e/secret.txt', '/console/..%2fsecret.txt']) {
      const response = await get(url);
      assert.ok(!response.body.includes('not the console'), url);
    }
  });
});
