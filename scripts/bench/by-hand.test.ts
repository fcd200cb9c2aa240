import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../page-driver.ts';
import { LIBRARY_DIST, type ServerProcess, startServerProcess } from '../server-process.ts';
import { benchServerEnv, removeBenchPages } from './pages.ts';

/**
 * What a visitor sees of the shown template's texts: each one's tag, size, weight, colour, padding and background.
 * A string: a named inner function in a function handed over would carry the TypeScript loader's helpers.
 */
const TEMPLATE_LOOKS = `(() => {
  const shown = (root) => {
    const open = root.querySelector('dialog[open]');
    if (open) return open;
    for (const element of root.querySelectorAll('*')) {
      const inside = element.shadowRoot && shown(element.shadowRoot);
      if (inside) return inside;
    }
    return null;
  };
  const screen = shown(document)?.querySelector('[data-poptin-screen]:not([hidden])');
  if (!screen) return [];
  // The template's own texts: not the widget's spam trap, nor the floors' error line and spin button.
  const texts = 'h1, h2, h3, p:not(.error), label:not(.poptin-trap *), button:not(.spin)';
  return [screen, ...screen.querySelectorAll(texts)].map((element) => {
    const style = getComputedStyle(element);
    return [element.localName, style.fontSize, style.fontWeight, style.color, style.padding, style.backgroundColor, style.backgroundImage].join(' ');
  });
})()`;

describe('bench: the pop-ups by hand, the floors the widget is measured against', () => {
  let server: ServerProcess;
  let browser: Browser;
  let env: NodeJS.ProcessEnv = {};
  before(async () => {
    env = await benchServerEnv(LIBRARY_DIST);
    server = await startServerProcess({ env });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
    await removeBenchPages(env);
  });

  for (const [widget, byHand] of [
    ['lightbox', 'lightboxByHand'],
    ['wheel', 'wheelByHand'],
  ]) {
    it(`${byHand} shows the display answer's template styled as the widget shows it (its style attributes came sanitised, renamed)`, async () => {
      const looks: Record<string, string[]> = {};
      for (const name of [widget, byHand]) {
        const page = await browser.newPage();
        await page.goto(`${server.url}/examples/${name}.html`);
        await page.locator('dialog[open] [data-poptin-screen]:not([hidden])').first().waitFor({ timeout: 10_000 });
        looks[name] = (await page.evaluate(TEMPLATE_LOOKS)) as string[];
        await page.close();
      }
      assert.ok((looks[widget]?.length ?? 0) > 2, `${widget} showed its template: ${looks[widget]}`);
      assert.deepEqual(looks[byHand], looks[widget]);
    });
  }
});
