// A React app that imports the package by name, built with Vite in production mode as its users build theirs:
// every element placed in it must arrive defined and draw itself in Chromium.
import assert from 'node:assert/strict';
import { cp, mkdtemp, mkdir, readFile, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { assertBuilt, launchChromium, ROOT } from './harness.ts';

const APP = path.join(ROOT, 'test/bundled-app');
const TAGS = [
  'poptin-controller',
  'poptin-popup',
  'poptin-spin-wheel',
  'poptin-scratch-card',
  'poptin-gift-box',
  'poptin-countdown',
  'poptin-chat-button',
  'poptin-embed',
  'poptin-teaser',
  'poptin-product-recommendations',
];
// Those that draw without a display server; an embed and a teaser wait for their pop-up's answer.
const DRAWN_ALONE = ['poptin-popup', 'poptin-spin-wheel', 'poptin-scratch-card', 'poptin-gift-box', 'poptin-countdown', 'poptin-chat-button', 'poptin-product-recommendations'];

/** The app's folder with the package installed as npm installs it: what package.json's `files` lists, copied. */
async function appWithPackageInstalled(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'poptin-bundled-app-'));
  const installed = path.join(dir, 'node_modules/poptin-elements');
  await mkdir(installed, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
  for (const file of ['package.json', ...manifest.files]) await cp(path.join(ROOT, file), path.join(installed, file), { recursive: true });
  for (const dependency of ['react', 'react-dom', 'scheduler']) await symlink(path.join(ROOT, 'node_modules', dependency), path.join(dir, 'node_modules', dependency), 'dir');
  await cp(APP, dir, { recursive: true });
  return dir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(folder: string): Promise<{ server: Server; url: string }> {
  const server = createServer(async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(folder, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(folder)) return void response.writeHead(404).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}

describe('a React app bundled with Vite', () => {
  let dir: string;
  let browser: Browser;
  let site: { server: Server; url: string };

  before(async () => {
    assertBuilt();
    dir = await appWithPackageInstalled();
    await build({ root: dir, configFile: false, logLevel: 'warn', mode: 'production', build: { outDir: path.join(dir, 'out') } });
    [browser, site] = await Promise.all([launchChromium(), serve(path.join(dir, 'out'))]);
  });

  after(async () => {
    await browser?.close();
    site?.server.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('defines every element it places, and each that needs no display server draws itself', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(site.url);
    const defined = await page.evaluate(async (tags) => {
      const waited = tags.map((tag) => Promise.race([customElements.whenDefined(tag).then(() => tag), new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]));
      return (await Promise.all(waited)).filter((tag) => tag !== null);
    }, TAGS);
    assert.deepEqual(defined, TAGS, 'every tag is defined');
    for (const tag of DRAWN_ALONE) {
      await page.locator(`${tag} [part~="base"]`).first().waitFor({ state: 'attached', timeout: 10_000 });
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
