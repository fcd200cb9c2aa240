// A display server that is down, slow (10 s) or answers garbage: the host page's own script keeps running,
// and nothing the widget does reaches the page as an uncaught error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Route } from 'playwright-core';
import { FIXTURES_ENV, useBrowserAndServer } from './harness.ts';

const TROUBLES: [string, (route: Route) => Promise<void>][] = [
  ['down (connection refused)', (route) => route.abort('connectionrefused')],
  [
    'slow (10 s, then an answer)',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await route.continue().catch(() => undefined);
    },
  ],
  [
    'answering garbage',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '<html>{"display": not json' }),
  ],
  [
    'answering JSON of the wrong shape',
    (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"poptins": "nope", "display": 42}' }),
  ],
];

describe('the host page when the display server is in trouble', () => {
  const shared = useBrowserAndServer({ env: FIXTURES_ENV });

  for (const [trouble, answer] of TROUBLES) {
    it(`server ${trouble}: the page's own script runs on and no error is uncaught`, async () => {
      const page = await shared.browser.newPage();
      const uncaught: string[] = [];
      page.on('pageerror', (error) => uncaught.push(String(error)));
      await page.route('**/api/display/**', answer);
      await page.goto(`${shared.server.url}/examples/own-script.html`);
      await page.locator('poptin-controller').waitFor({ state: 'attached' });
      const ticksBefore = await page.evaluate(() => (window as unknown as { __ticks: number }).__ticks);
      await page.locator('#count').click();
      await page.locator('#count').click();
      await page.waitForTimeout(trouble.startsWith('slow') ? 11_000 : 1_500);
      assert.equal(await page.locator('#clicks').textContent(), '2');
      assert.ok(
        (await page.evaluate(() => (window as unknown as { __ticks: number }).__ticks)) > ticksBefore + 10,
        'the page kept ticking',
      );
      assert.equal(await page.locator('poptin-popup').count(), 0);
      assert.deepEqual(uncaught, []);
      await page.close();
    });
  }
});
