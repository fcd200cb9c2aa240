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
import type { Browser, Route } from 'playwright-core';
import { build } from 'vite';
import { appWithPackageInstalled, serveFolder } from '../../scripts/bundled-app.ts';
import { assertBuilt, launchChromium, ROOT } from './harness.ts';

const DRAWN = ['poptin-popup', 'poptin-spin-wheel', 'poptin-countdown', 'poptin-chat-button'];

interface Example {
  folder: string;
  /** What the app installs besides poptin-elements, linked from this repository. */
  dependencies: string[];
  /** Its type check; Vue's and Svelte's template checkers (vue-tsc, svelte-check) do not run on TypeScript 7 yet. */
  typeCheck?: string[];
  /** It renders at once, without awaiting defineElements(), and gives the wheel, the chat button and the product list objects. */
  objectsAtFirstRender?: boolean;
}

const EXAMPLES: Example[] = [
  {
    folder: 'react',
    dependencies: ['react', 'react-dom', 'scheduler', '@types/react', '@types/react-dom'],
    typeCheck: [path.join(ROOT, 'node_modules/.bin/tsc'), '-p', '.'],
    objectsAtFirstRender: true,
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

    if (example.objectsAtFirstRender) {
      it('sets prizes, settings and products as properties on the elements React renders before any of their code has loaded, and they are used', async () => {
        assert.ok(site, 'the production build of the test before');
        const page = await browser.newPage();
        // The app's own script runs; every script it imports lazily (the elements' views, the loader's chunks)
        // waits until React has rendered the elements with their objects.
        let entry: string | undefined;
        let holding = true;
        const held: Route[] = [];
        await page.route('**/*.js', (route) => {
          entry ??= route.request().url();
          if (!holding || route.request().url() === entry) return route.continue();
          held.push(route);
        });
        await page.goto(site.url);
        await page.locator('poptin-product-recommendations').waitFor({ state: 'attached' });
        const atFirstRender = await page.evaluate(
          (given) =>
            given.map(([tag, property]) => {
              const element = document.querySelector(tag!);
              return {
                attribute: element?.getAttribute(property!) ?? null,
                drawn: Boolean(element?.shadowRoot?.childElementCount),
              };
            }),
          [
            ['poptin-spin-wheel', 'prizes'],
            ['poptin-chat-button', 'settings'],
            ['poptin-product-recommendations', 'products'],
          ],
        );
        assert.deepEqual(
          atFirstRender,
          [
            { attribute: null, drawn: false },
            { attribute: null, drawn: false },
            { attribute: null, drawn: false },
          ],
          'objects set as properties (not written out as "[object Object]"), before any element could draw',
        );
        assert.ok(held.length > 0, "the elements' code was held back");
        holding = false;
        await Promise.all(held.map((route) => route.continue()));

        const wheel = page.locator('poptin-spin-wheel [part~="slice"]');
        await wheel.nth(2).waitFor({ timeout: 10_000 });
        // A label runs on as many lines as fit it in its slice: its words are read line by line.
        const labels = await wheel.evaluateAll((slices) =>
          slices.map((slice) => [...slice.querySelectorAll('tspan')].map((line) => line.textContent).join(' ')),
        );
        assert.deepEqual(labels, ['10% off', 'Free shipping', 'No luck']);
        await page.locator('poptin-chat-button [part~="button"]').waitFor({ timeout: 10_000 });
        assert.equal(
          await page.evaluate(
            () =>
              (document.querySelector('poptin-chat-button') as HTMLElement & { settings: { telephone: string } })
                .settings.telephone,
          ),
          '15550100',
        );
        const titles = page.locator('poptin-product-recommendations [part~="title"]');
        await titles.nth(1).waitFor({ timeout: 10_000 });
        assert.deepEqual(await titles.allTextContents(), ['Water bottle', 'Headlamp']);
        await page.close();
      });
    }
  });
}
