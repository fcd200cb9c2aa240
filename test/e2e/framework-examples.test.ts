// The framework examples (examples/frameworks/*), built for production with Vite (the React one type-checked
// against the built typings first) and opened in Chromium: every element draws itself, and a submitted pop-up reaches the
// app through poptin-submit.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  /** What the app installs besides poptin-elements, linked from this repository. */
  dependencies: string[];
  /** Its type check; Vue's and Svelte's template checkers (vue-tsc, svelte-check) do not run on TypeScript 7 yet. */
  typeCheck?: string[];
}

const EXAMPLES: Example[] = [
  {
    folder: 'react',
    dependencies: ['react', 'react-dom', 'scheduler', '@types/react', '@types/react-dom'],
    typeCheck: [path.join(ROOT, 'node_modules/.bin/tsc'), '-p', '.'],
  },
  { folder: 'vue', dependencies: ['vue', 'vite', '@vitejs/plugin-vue'] },
  { folder: 'svelte', dependencies: ['svelte', 'vite', '@sveltejs/vite-plugin-svelte'] },
];

let browser: Browser;
before(async () => {
  assertBuilt();
  browser = await launchChromium();
});
after(() => browser?.close());

for (const example of EXAMPLES) {
  describe(`the ${example.folder} example`, () => {
    let dir: string;
    let site: { server: Server; url: string };

    before(async () => {
      dir = await appWithPackageInstalled(path.join(ROOT, 'examples/frameworks', example.folder), example.dependencies);
    });

    after(async () => {
      site?.server.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    const typeCheck = example.typeCheck;
    if (typeCheck) {
      it('type-checks against the package typings', () => {
        const [command, ...args] = typeCheck;
        const result = spawnSync(command!, args, { cwd: dir, encoding: 'utf8' });
        assert.equal(result.status, 0, `${typeCheck.join(' ')}:\n${result.stdout}${result.stderr}`);
      });
    }

    it('builds for production, draws a pop-up, a wheel with its prizes, a countdown and the chat button, and hears poptin-submit', async () => {
      const config = path.join(dir, 'vite.config.ts');
      await build({
        root: dir,
        configFile: existsSync(config) ? config : false,
        logLevel: 'warn',
        mode: 'production',
        build: { outDir: path.join(dir, 'out') },
      });
      site = await serveFolder(path.join(dir, 'out'));
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(site.url);
      for (const tag of DRAWN)
        await page.locator(`${tag} [part~="base"]`).first().waitFor({ state: 'attached', timeout: 10_000 });
      assert.equal(
        await page.locator('poptin-spin-wheel [part~="slice"]').count(),
        3,
        'one slice per prize given as an object',
      );
      await page.getByRole('textbox', { name: 'Email' }).click();
      await page.keyboard.type('reader@example.com');
      await page.getByRole('button', { name: 'Get the offer' }).click();
      await page.getByText('Thanks, reader@example.com').waitFor({ timeout: 10_000 });
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
}
