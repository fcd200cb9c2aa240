// A site's leads in the console on a desktop screen, in Chromium against the in-memory owner API. Needs `npm run build`.
// (Filtering, a lead's detail, spam and the CSV are insights.test.ts's.)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

/** The demo site's leads, signed in, at 1280 px. */
async function openLeads(language: 'en' | 'he') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
  await context.addInitScript((chosen) => sessionStorage.setItem('poptin-console-language', chosen), language);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(`${fake.url}/console/`);
  await page.locator('input[type=email]').fill(fake.owner.email);
  await page.locator('input[type=password]').fill(fake.password);
  await page.locator('button[type=submit]').click();
  await page.locator('nav').first().waitFor();
  await page.goto(`${fake.url}/console/sites/demo/leads`);
  return { context, page };
}

describe('console: leads on a desktop screen', () => {
  for (const language of ['en', 'he'] as const) {
    it(`keeps the table and each lead's actions inside the page at 1280 px (${language})`, async () => {
      const { context, page } = await openLeads(language);
      await page.locator('table.leads-table tbody tr').first().waitFor();
      // The page's column, the table, and each action's button: measured in the browser, compared here.
      const edges = await page.evaluate(() => {
        const table = document.querySelector('table.leads-table') as HTMLElement;
        const column = (table.closest('section') as HTMLElement).getBoundingClientRect();
        const box = table.getBoundingClientRect();
        return {
          column: [column.left, column.right],
          table: [box.left, box.right],
          buttons: [...table.querySelectorAll('td.row-actions button')].map((button) => [
            button.getAttribute('aria-label'),
            button.getBoundingClientRect().left,
            button.getBoundingClientRect().right,
          ]),
        };
      });
      const inside = ([left, right]: number[], [outerLeft, outerRight]: number[]) =>
        left >= outerLeft - 0.5 && right <= outerRight + 0.5;
      const outside = [
        ...(inside(edges.table, edges.column) ? [] : ['the table']),
        ...edges.buttons
          .filter(([, left, right]) => !inside([Number(left), Number(right)], edges.table))
          .map(([label]) => label),
      ];
      assert.deepEqual(outside, [], 'nothing past the edge of the page or cut off by the table');
      await context.close();
    });
  }

  it('gives the search, the filter most used, the room its row leaves', async () => {
    const { context, page } = await openLeads('en');
    const search = page.getByRole('search').getByRole('searchbox');
    await search.waitFor();
    // The filters on the search's line (they stand on one line's foot), and where the bar's content ends.
    const row = await page.getByRole('search').evaluate((bar) => {
      const field = bar.querySelector('input[type=search]') as HTMLElement;
      const line = field.closest('label')?.getBoundingClientRect().bottom;
      const onLine = [...bar.children].filter((child) => child.getBoundingClientRect().bottom === line);
      return {
        contentEnd: bar.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(bar).paddingRight),
        lineEnd: Math.max(...onLine.map((child) => child.getBoundingClientRect().right)),
      };
    });
    assert.ok(
      Math.abs(row.contentEnd - row.lineEnd) <= 2,
      `the search's line ends at the bar's edge (${row.contentEnd} px), not at ${row.lineEnd} px`,
    );
    // It is still one field a person can type a search into.
    await search.fill('ada@example.com');
    assert.equal(await search.inputValue(), 'ada@example.com');
    await context.close();
  });
});
