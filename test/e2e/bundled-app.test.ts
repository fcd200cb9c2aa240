// A React app that imports the package by name, built with Vite in production mode as its users build theirs:
// every element placed in it must arrive defined and draw itself in Chromium.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { appWithPackageInstalled, serveFolder } from '../../scripts/bundled-app.ts';
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
const DRAWN_ALONE = [
  'poptin-popup',
  'poptin-spin-wheel',
  'poptin-scratch-card',
  'poptin-gift-box',
  'poptin-countdown',
  'poptin-chat-button',
  'poptin-product-recommendations',
];

describe('a React app bundled with Vite', () => {
  let dir: string;
  let browser: Browser;
  let site: { server: Server; url: string };

  before(async () => {
    assertBuilt();
    dir = await appWithPackageInstalled(APP, ['react', 'react-dom', 'scheduler']);
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      build: { outDir: path.join(dir, 'out') },
    });
    [browser, site] = await Promise.all([launchChromium(), serveFolder(path.join(dir, 'out'))]);
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
      const waited = tags.map((tag) =>
        Promise.race([
          customElements.whenDefined(tag).then(() => tag),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
        ]),
      );
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
