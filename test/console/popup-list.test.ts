// A site's pop-up list in Chromium against the fake owner API: each card's picture is the pop-up's own content drawn
// small, only for the cards near the screen, with nothing of the owner's HTML run. Needs `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { axeViolations, signInWithKeyboard, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

const COUNT = 50;

/** A pop-up whose content names it, with an owner's script and handler that must never run in the console. */
const popupHtml = (n: number) =>
  `<div data-poptin-screen="form" style="padding:24px;background:#fff7ed;color:#7c2d12">` +
  `<h2>Offer number ${n}</h2><script>window.ownerRan = true</script>` +
  `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" onload="window.ownerRan = true">` +
  `<form><input type="email" name="email" aria-label="Email"><button type="submit">Send</button></form></div>`;

/** Pop-ups named "Offer 1" upward, created over the API as the signed-in console would. */
async function createPopups(page: Page, count: number): Promise<void> {
  await page.evaluate(
    async (bodies) => {
      for (const [index, poptin] of bodies.entries()) {
        const config = {
          poptin_name: `Offer ${index + 1}`,
          poptin_type: index % 2 ? 'sside' : 'lightbox',
          poptin_format: 'format_1',
          poptin_target: 'lead',
          design_properties: {},
          poptin,
        };
        const response = await fetch('/api/owner/demo/popups', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ config }),
        });
        if (!response.ok) throw new Error(`pop-up ${index + 1}: ${response.status}`);
      }
    },
    Array.from({ length: count }, (_, i) => popupHtml(i + 1)),
  );
}

describe('console: the pop-up list', () => {
  it("draws each card from the pop-up's own content, near the screen only, running none of it", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await signInWithKeyboard(page, fake);
    await createPopups(page, COUNT);
    const asked = () =>
      fake.requests.filter(
        (request) => request.method === 'GET' && /\/api\/owner\/demo\/popups\/\w+$/.test(request.path),
      ).length;
    const before = asked();

    await page.goto(`${fake.url}/console/sites/demo`);
    const cards = page.locator('.popup-card');
    const first = cards.filter({ hasText: 'Offer 1' }).first();
    // The first card's picture is its pop-up, drawn by our element (inside its shadow root).
    await first.locator('.popup-picture h2', { hasText: 'Offer number 1' }).waitFor();
    assert.equal(await first.locator('.popup-picture').getAttribute('aria-hidden'), 'true');
    const drawnAtFirst = await page.locator('.popup-picture poptin-popup').count();
    assert.ok(drawnAtFirst > 0 && drawnAtFirst < COUNT, `${drawnAtFirst} of ${COUNT} drawn before any scroll`);
    assert.ok(asked() - before < COUNT, 'the pop-ups far below are not asked for');

    const last = cards.filter({ hasText: `Offer ${COUNT}` }).first();
    await last.scrollIntoViewIfNeeded();
    await last.locator('.popup-picture h2', { hasText: `Offer number ${COUNT}` }).waitFor();
    const picture = await last.locator('.popup-picture').boundingBox();
    const card = await last.boundingBox();
    assert.ok(picture && card && picture.x >= card.x && picture.x + picture.width <= card.x + card.width);
    assert.equal(await page.evaluate(() => (window as unknown as { ownerRan?: boolean }).ownerRan), undefined);
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it('finds pop-ups by a word of their name and by status, keeps the search when the owner comes back, and says when none matches', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await signInWithKeyboard(page, fake);
    await createPopups(page, 12);
    // One of the pop-ups named Offer 3 is live; the others are drafts.
    const offer3 = [...fake.popups.values()].find((popup) => popup.draft.poptin_name === 'Offer 3');
    assert.ok(offer3);
    offer3.status = 'live';
    const total = fake.popups.size;
    await page.goto(`${fake.url}/console/sites/demo`);
    const names = () => page.locator('.popup-card .popup-name').allTextContents();
    const search = page.getByRole('search', { name: 'Find pop-ups' });
    await search.getByRole('searchbox', { name: 'Search by name or ID' }).fill('offer 1');
    await page.getByRole('status').filter({ hasText: ' shown' }).waitFor();
    // "Offer 1", "Offer 10"…: every pop-up whose name holds both words, each created by the tests of this file.
    const found = await names();
    assert.ok(found.length > 0 && found.every((name) => /^Offer 1\d*$/.test(name)), found.join(', '));
    assert.equal(
      await page.getByRole('status').filter({ hasText: ' shown' }).textContent(),
      `${found.length} of ${total} shown`,
    );

    await search.getByRole('combobox', { name: 'Status' }).selectOption('live');
    await page
      .getByRole('status')
      .filter({ hasText: `0 of ${total} shown` })
      .waitFor();
    await page.getByText('No pop-up matches this search.').waitFor();
    await search.getByRole('searchbox').fill('offer 3');
    await page
      .getByRole('status')
      .filter({ hasText: `1 of ${total} shown` })
      .waitFor();
    assert.deepEqual(await names(), ['Offer 3']);
    const liveCount = [...fake.popups.values()].filter((popup) => popup.status === 'live').length;
    assert.equal(
      await search.getByRole('option', { name: `Live (${liveCount})` }).count(),
      1,
      'each status says how many pop-ups it holds',
    );
    assert.deepEqual(await axeViolations(page), []);

    // Into the pop-up's editor and back: the list is still the one searched for.
    await page.locator('.popup-card').getByRole('link', { name: 'Offer 3' }).click();
    await page.getByRole('heading', { level: 2, name: 'Settings' }).waitFor();
    await page.goBack();
    await page
      .getByRole('status')
      .filter({ hasText: `1 of ${total} shown` })
      .waitFor();
    assert.equal(await search.getByRole('searchbox').inputValue(), 'offer 3');

    await search.getByRole('searchbox').fill('no such pop-up');
    await page.getByRole('button', { name: 'Show all pop-ups' }).click();
    await page.getByRole('status').filter({ hasText: ' shown' }).waitFor({ state: 'detached' });
    assert.equal(await search.getByRole('searchbox').inputValue(), '');
    assert.equal((await names()).length, total);
    await page.context().close();
  });

  it('reads right in Hebrew: an English name from its own start, the tag to paste before left to right', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signInWithKeyboard(page, fake);
    await createPopups(page, 1);
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.goto(`${fake.url}/console/sites/demo`);
    const name = page.locator('.popup-name', { hasText: 'Offer 1' }).first();
    await name.waitFor();
    assert.equal(await name.evaluate((element) => getComputedStyle(element).direction), 'ltr');
    const tag = page.locator('.not-installed code');
    assert.equal(await tag.textContent(), '</body>');
    assert.equal(await tag.evaluate((element) => getComputedStyle(element).direction), 'ltr');
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
    await page.context().close();
  });
});
