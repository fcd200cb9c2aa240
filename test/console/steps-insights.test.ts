// What a pop-up in steps shows in a site's leads and stats (design §2, "Steps"), in Chromium against the fake owner
// API: a partial lead is marked in the list, and a pop-up's report counts the answers of its question steps.
// Needs `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { axeViolations, signInWithKeyboard, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

describe('console: leads and stats of a pop-up in steps', () => {
  it('marks a partial lead in the list, and counts the answers in the pop-up’s stats, in English and Hebrew', async () => {
    fake.popups.set('popupA000001', {
      id: 'popupA000001',
      status: 'live',
      draft: { poptin_name: 'Yes or no', poptin_type: 'lightbox' },
      published: null,
      revision: 1,
      updatedAt: '',
      publishedAt: null,
      history: [],
    });
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const page = await context.newPage();
    await signInWithKeyboard(page, fake);
    await page.goto(`${fake.url}/console/sites/demo/leads`);
    const rows = page.getByRole('table', { name: 'Leads' }).locator('tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.first().locator('.badge', { hasText: 'Partial' }).count(), 1, 'the newest is partial');
    assert.equal(await rows.nth(1).locator('.badge', { hasText: 'Partial' }).count(), 0);

    await page.goto(`${fake.url}/console/sites/demo/stats`);
    await page.getByRole('heading', { level: 1, name: 'Stats' }).waitFor();
    assert.equal(await page.getByRole('table', { name: 'Answers to the question steps' }).count(), 0, 'not for a site');
    await page.getByRole('combobox', { name: 'Pop-up (with its A/B variants)' }).selectOption({ label: 'Yes or no' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const answers = page.getByRole('table', { name: 'Answers to the question steps' });
    await answers.waitFor();
    assert.deepEqual(await answers.locator('tbody tr').allInnerTexts(), [
      'Wants discount\tNo\t1\t5',
      'Wants discount\tYes\t3\t0',
    ]);
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.getByRole('table', { name: 'תשובות לשלבי השאלות' }).waitFor();
    await context.close();
  });
});
