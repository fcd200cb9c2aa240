// poptin-elements/react-runtime in a React 19 app: the React example (examples/frameworks/react) with its two imports
// of the package replaced by the one entry, type-checked against the built typings, built with Vite in production
// mode as its users build it, and opened in Chromium. The bundle holds one React, the app's, and no preact; the
// elements draw on it and the app hears their events.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { appWithPackageInstalled, serveFolder } from '../../scripts/bundled-app.ts';
import { assertBuilt, LIBRARY_DIST, launchChromium, ROOT } from './harness.ts';

// Strings each package's production build holds once: react-dom's root marker, react's compiler runtime export, and
// preact's test for capturing event names (preact/compat's core).
const REACT_DOM = '__reactContainer$';
const REACT = '__COMPILER_RUNTIME';
const PREACT = '(PointerCapture)$|Capture$';

const MAIN = `import { defineElements } from 'poptin-elements/react-runtime';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(<App />);
void defineElements(['poptin-popup', 'poptin-spin-wheel']);
`;

const occurrences = (text: string, marker: string) => text.split(marker).length - 1;

async function scriptsOf(folder: string): Promise<string> {
  const files = await readdir(folder, { recursive: true });
  const scripts = files.filter((file) => file.endsWith('.js'));
  return (await Promise.all(scripts.map((file) => readFile(path.join(folder, file), 'utf8')))).join('\n');
}

describe('a React app on poptin-elements/react-runtime', () => {
  let dir: string;
  let browser: Browser;
  let site: { server: Server; url: string };

  before(async () => {
    assertBuilt();
    dir = await appWithPackageInstalled(path.join(ROOT, 'examples/frameworks/react'), [
      'react',
      'react-dom',
      'scheduler',
      '@types/react',
      '@types/react-dom',
    ]);
    await writeFile(path.join(dir, 'src/main.tsx'), MAIN);
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

  it('type-checks against the package typings', () => {
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: dir, encoding: 'utf8' });
    assert.equal(result.status, 0, `tsc -p .:\n${result.stdout}${result.stderr}`);
  });

  it("bundles one copy of React, the app's, and no preact", async () => {
    assert.ok((await scriptsOf(path.join(LIBRARY_DIST, 'chunks'))).includes(PREACT), "preact's marker is in its build");
    const bundle = await scriptsOf(path.join(dir, 'out'));
    assert.equal(occurrences(bundle, REACT), 1, 'one react');
    assert.equal(occurrences(bundle, REACT_DOM), 1, 'one react-dom');
    assert.equal(occurrences(bundle, PREACT), 0, 'no preact');
  });

  it('defines the controller and the elements, which draw on React and fire their events to the app', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(site.url);
    for (const tag of ['poptin-popup', 'poptin-spin-wheel', 'poptin-countdown', 'poptin-chat-button'])
      await page.locator(`${tag} [part~="base"]`).first().waitFor({ state: 'attached', timeout: 10_000 });
    assert.deepEqual(
      await page.evaluate(() => ({
        controller: customElements.get('poptin-controller') !== undefined,
        // React's root marker on the shadow root the pop-up's view was rendered into.
        drawnByReact: Object.keys(document.querySelector('poptin-popup')!.shadowRoot!).some((key) =>
          key.startsWith('__reactContainer$'),
        ),
      })),
      { controller: true, drawnByReact: true },
    );
    assert.equal(await page.locator('poptin-spin-wheel [part~="slice"]').count(), 3, 'one slice per prize object');

    await page.getByRole('textbox', { name: 'Email' }).fill('reader@example.com');
    await page.getByRole('button', { name: 'Get the offer' }).click();
    await page.getByText('Thanks, reader@example.com').waitFor({ timeout: 10_000 });

    await page.locator('poptin-spin-wheel [part~="spin-button"]').click();
    await page.getByTestId('prize').filter({ hasText: /\S/ }).waitFor({ timeout: 15_000 });
    assert.match((await page.getByTestId('prize').textContent()) ?? '', /^(10% off|Free shipping|No luck)$/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
