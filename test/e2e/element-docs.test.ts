// The elements' reference at /docs/ (npm start): a page per element, generated from custom-elements.json, with
// every attribute and event it documents and, for those that need no display server, the element live.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, useBrowserAndServer } from './harness.ts';

interface Declaration {
  tagName?: string;
  attributes?: { name: string }[];
  events?: { name: string }[];
}

const LIVE = [
  'poptin-popup',
  'poptin-spin-wheel',
  'poptin-scratch-card',
  'poptin-gift-box',
  'poptin-countdown',
  'poptin-chat-button',
  'poptin-product-recommendations',
];

describe('the elements reference at /docs/', () => {
  const shared = useBrowserAndServer();

  it('lists every element, and each page documents its attributes and events and shows the element live', async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'custom-elements.json'), 'utf8')) as {
      modules: { declarations?: Declaration[] }[];
    };
    const declarations = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .filter((declaration) => declaration.tagName);
    const page = await shared.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${shared.server.url}/docs`);
    assert.equal(await page.getByRole('listitem').count(), declarations.length);
    for (const declaration of declarations) {
      const tag = declaration.tagName!;
      await page.goto(`${shared.server.url}/docs/`);
      await page.getByRole('link', { name: `<${tag}>` }).click();
      await page.getByRole('heading', { level: 1, name: `<${tag}>` }).waitFor();
      const documented = await page.locator('td:first-child code').allTextContents();
      for (const item of [...(declaration.attributes ?? []), ...(declaration.events ?? [])])
        assert.ok(documented.includes(item.name), `${tag} page lists ${item.name}`);
      if (LIVE.includes(tag))
        await page.locator(`.live ${tag} [part~="base"]`).waitFor({ state: 'attached', timeout: 10_000 });
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
