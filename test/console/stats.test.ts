// A site's stats in the console, in Chromium against the in-memory owner API: the owner picks a range of days and
// reads a pop-up's row, counted over that range alone. Needs `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { signInWithKeyboard, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

const view = (created_at: string, poptin_id: string) => ({
  created_at,
  poptin_id,
  device: 'desktop',
  page: '/',
  email: null,
});

describe('console: stats', () => {
  it("picks a range of days and reads a pop-up's row for that range alone", async () => {
    // Three views of one pop-up and two of another in March 2025, one of the first today (in the default range).
    fake.insights.views.push(
      view('2025-03-10T09:00:00.000Z', 'popupA000001'),
      view('2025-03-10T15:00:00.000Z', 'popupA000001'),
      view('2025-03-11T08:00:00.000Z', 'popupA000001'),
      view('2025-03-11T09:00:00.000Z', 'popupB000002'),
      view('2025-03-12T10:00:00.000Z', 'popupB000002'),
      view(new Date().toISOString(), 'popupA000001'),
    );
    const page = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await signInWithKeyboard(page, fake);
    await page.goto(`${fake.url}/console/sites/demo/stats`);
    const byPopup = page.getByRole('table', { name: 'By pop-up and variant' });
    const rowOf = (id: string) => byPopup.getByRole('row').filter({ has: page.getByRole('rowheader', { name: id }) });
    // The last 30 days first: today's one view.
    await rowOf('popupA000001').getByRole('cell').first().filter({ hasText: /^1$/ }).waitFor();

    const range = page.getByRole('form', { name: 'Range and pop-up' });
    await range.getByLabel(/^From \(day in UTC\)/).fill('2025-03-10');
    await range.getByLabel(/^To \(day in UTC\)/).fill('2025-03-11');
    await range.getByRole('button', { name: 'Show', exact: true }).click();
    await rowOf('popupA000001').getByRole('cell').first().filter({ hasText: /^3$/ }).waitFor();
    const cells = await rowOf('popupA000001').getByRole('cell').allInnerTexts();
    assert.equal(cells[0]?.trim(), '3', 'views of the range');
    assert.equal((await rowOf('popupB000002').getByRole('cell').first().textContent())?.trim(), '1', 'the 12th is out');

    const asked = fake.insights.queries.filter((query) => query.startsWith('GET stats/report')).at(-1) ?? '';
    const search = new URLSearchParams(asked.split('?')[1]);
    assert.deepEqual([search.get('from'), search.get('to')], ['2025-03-10', '2025-03-11']);
    await page
      .getByRole('table', { name: 'Totals, compared with the range before' })
      .getByRole('row', { name: /^Views 4 0/ })
      .waitFor();
    await page.context().close();
  });
});
