// A site's spam settings in Chromium against the fake owner API: the switches for throwaway e-mail domains and for the
// forms' proof of work, and the leads each rule stopped this week, in English and in Hebrew. Needs `npm run build`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { axeViolations, signInWithKeyboard, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

const spamFilterPuts = () =>
  fake.requests.filter((request) => request.method === 'PUT' && request.path === '/api/owner/demo/spam-filter');

describe('console: spam in a site settings', () => {
  it('turns on setting aside throwaway addresses and shows what each rule stopped, in English and Hebrew', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithKeyboard(page, fake);
    await page.goto(`${fake.url}/console/sites/demo/settings`);
    const spam = page.getByRole('region', { name: 'Spam' });
    const toggle = spam.getByRole('checkbox', { name: 'Set aside leads from throwaway e-mail addresses' });
    await toggle.waitFor();
    assert.equal(await toggle.isChecked(), false);
    const counts = spam.getByRole('definition');
    assert.deepEqual(await counts.allInnerTexts(), ['1,204', '37', '0', '52']);
    assert.deepEqual(await spam.getByRole('term').allInnerTexts(), [
      'Hidden trap field filled',
      'Sent too soon after the page opened',
      'Throwaway e-mail address',
      'No proof of work (refused)',
    ]);
    assert.deepEqual(await axeViolations(page), []);

    await toggle.check();
    await spam.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    assert.deepEqual(
      spamFilterPuts().map((request) => request.body),
      [{ refuseDisposable: true }],
    );
    await page.reload();
    await toggle.waitFor();
    assert.equal(await toggle.isChecked(), true);

    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    const spamHe = page.getByRole('region', { name: 'ספאם' });
    const toggleHe = spamHe.getByRole('checkbox', { name: 'להפריד לידים מכתובות דוא״ל חד־פעמיות' });
    await toggleHe.waitFor();
    assert.equal(await toggleHe.isChecked(), true);
    assert.deepEqual(await spamHe.getByRole('term').allInnerTexts(), [
      'שדה המלכודת הנסתר מולא',
      'נשלח מהר מדי אחרי שהעמוד נפתח',
      'כתובת דוא״ל חד־פעמית',
      'בלי הוכחת עבודה (נדחו)',
    ]);
    assert.deepEqual(await axeViolations(page), []);
    await toggleHe.uncheck();
    await spamHe.getByRole('status').filter({ hasText: 'נשמר.' }).waitFor();
    assert.deepEqual(spamFilterPuts().at(-1)?.body, { refuseDisposable: false });
    await context.close();
  });

  it('turns on the proof of work the forms do unseen, saying what it refuses', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithKeyboard(page, fake);
    await page.goto(`${fake.url}/console/sites/demo/settings`);
    const spam = page.getByRole('region', { name: 'Spam' });
    const toggle = spam.getByRole('checkbox', { name: 'Ask lead forms for an invisible proof of work' });
    await toggle.waitFor();
    assert.equal(await toggle.isChecked(), false);
    assert.match((await toggle.getAttribute('aria-describedby')) ?? '', /spam-proof-hint/);
    await toggle.check();
    await spam.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    assert.deepEqual(spamFilterPuts().at(-1)?.body, { requireProofOfWork: true });
    await page.reload();
    await toggle.waitFor();
    assert.equal(await toggle.isChecked(), true);
    assert.deepEqual(await axeViolations(page), []);
    await toggle.uncheck();
    await spam.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    assert.deepEqual(spamFilterPuts().at(-1)?.body, { requireProofOfWork: false });
    await context.close();
  });
});
