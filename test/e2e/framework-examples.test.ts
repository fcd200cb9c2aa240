// The framework examples (examples/frameworks/*), each type-checked against the built typings, built for
// production with Vite and opened in Chromium: every element draws itself, and a submitted pop-up reaches the
// app through poptin-submit.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { appWithPackageInstalled, serveFolder } from './bundling.ts';
import { assertBuilt, launchChromium, ROOT } from './harness.ts';

const DRAWN = ['poptin-popup', 'poptin-spin-wheel', 'poptin-countdown', 'poptin-chat-button'];

interface Example {
  folder: string;
  dependencies: string[];
  typeCheck: string[];
}

const EXAMPLES: Example[] = [
  { folder: 'react', dependencies: ['react', 'react-dom', 'scheduler', '@types/react', '@types/react-dom'], typeCheck: [path.join(ROOT, 'node_modules/.bin/tsc'), '-p', '.'] },
];

for (const example of EXAMPLES) {
  describe(`the ${example.folder} example`, () => {
    let dir: string;
    let browser: Browser;
    let site: { server: Server; url: string };

    before(async () => {
      assertBuilt();
      dir = await appWithPackageInstalled(path.join(ROOT, 'examples/frameworks', example.folder), example.dependencies);
      browser = await launchChromium();
    });

    after(async () => {
      await browser?.close();
      site?.server.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('type-checks against the package typings', () => {
      const [command, ...args] = example.typeCheck;
      const result = spawnSync(command!, args, { cwd: dir, encoding: 'utf8' });
      assert.equal(result.status, 0, `${example.typeCheck.join(' ')}:\n${result.stdout}${result.stderr}`);
    });

    it('builds for production, draws a pop-up, a wheel with its prizes, a countdown and the chat button, and hears poptin-submit', async () => {
      await build({ root: dir, configFile: false, logLevel: 'warn', mode: 'production', build: { outDir: path.join(dir, 'out') } });
      site = await serveFolder(path.join(dir, 'out'));
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(site.url);
      for (const tag of DRAWN) await page.locator(`${tag} [part~="base"]`).first().waitFor({ state: 'attached', timeout: 10_000 });
      assert.equal(await page.locator('poptin-spin-wheel [part~="slice"]').count(), 3, 'one slice per prize given as an object');
      await page.getByRole('textbox', { name: 'Email' }).click();
      await page.keyboard.type('reader@example.com');
      await page.getByRole('button', { name: 'Get the offer' }).click();
      await page.getByText('Thanks, reader@example.com').waitFor({ timeout: 10_000 });
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
}
