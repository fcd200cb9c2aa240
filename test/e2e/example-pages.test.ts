// Every example page as an owner would copy it: nothing on it moves under the visitor while the widget and the
// page load, at a phone's width and a desktop's. Images and the widget's chunks arrive late, as on a slow
// connection, so that whatever does not keep its room shows. The K3 site has tests of its own (k3-site.test.ts).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { answerLate, ROOT, recordLayoutShifts, scrollLikeAVisitor, useBrowserAndServer } from './harness.ts';

const EXAMPLES = path.join(ROOT, 'examples');
const PAGES = [
  ...readdirSync(EXAMPLES).filter((name) => name.endsWith('.html')),
  ...['shopify-store', 'wix-store'].flatMap((store) =>
    readdirSync(path.join(EXAMPLES, store))
      .filter((name) => name.endsWith('.html'))
      .map((name) => `${store}/${name}`),
  ),
].sort();

describe('the example pages: no layout shift', { concurrency: 4 }, () => {
  const shared = useBrowserAndServer();

  it('covers every page of examples/, the two stores included', () => {
    assert.ok(PAGES.length >= 17, PAGES.join(', '));
    assert.ok(PAGES.includes('page-builder.html') && PAGES.includes('shopify-store/product.html'));
  });

  for (const page of PAGES) {
    it(`nothing on ${page} moves as it loads and is scrolled, at 375 and 1280 px`, async () => {
      for (const width of [375, 1280]) {
        const context = await shared.browser.newContext({ viewport: { width, height: 800 } });
        await answerLate(context, '**/dist/chunks/*.js', 250);
        await answerLate(context, '**/*.{svg,png,jpg,webp}', 400);
        const tab = await context.newPage();
        const layoutShifts = await recordLayoutShifts(tab);
        await tab.goto(`${shared.server.url}/examples/${page}`);
        await tab.waitForTimeout(1500);
        await scrollLikeAVisitor(tab, 6);
        await tab.waitForTimeout(600);
        assert.deepEqual(await layoutShifts(), [], `${width} px`);
        await context.close();
      }
    });
  }
});
