// Revenue per pop-up on a store site in Chromium against the fake owner API: the stats of one pop-up show its store
// revenue, orders and revenue per view, and the site's settings set the attribution window, in English and Hebrew
// (screenshots at 1280 and 390 px in SCREENSHOT_DIR when it is set). Needs `npm run build`.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { type FakeOwnerApi, livePopup } from './fake-owner-api.ts';
import { axeViolations, signInWithKeyboard, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/** The page from its top, or only `part` of it, at 1280 and 390 px. */
async function shoot(page: Page, name: string, part?: Locator) {
  if (!SCREENSHOT_DIR) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
    if (part) await part.screenshot({ path: file });
    else {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: file, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const addPopup = (id: string, name: string) => fake.popups.set(id, livePopup(id, name));

async function signedIn(): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await signInWithKeyboard(page, fake);
  return page;
}

describe('console: store revenue', () => {
  it("shows a pop-up's revenue, orders and revenue per view in the site's currency, in English and Hebrew", async () => {
    addPopup('popupA000001', 'Spring sale');
    addPopup('popupB000002', 'Exit offer');
    const now = new Date().toISOString();
    for (let index = 0; index < 4; index++)
      fake.insights.views.push({
        created_at: now,
        poptin_id: 'popupA000001',
        device: 'desktop',
        page: '/',
        email: null,
      });
    fake.insights.orders.push(
      { poptin_id: 'popupA000001', total: 59.99, currency: 'USD', created_at: now },
      { poptin_id: 'popupA000001', total: 40.01, currency: 'USD', created_at: now },
      { poptin_id: 'popupA000001', total: 15, currency: 'EUR', created_at: now },
      { poptin_id: 'popupB000002', total: 10, currency: 'USD', created_at: now },
    );
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/stats`);
    await page.getByRole('heading', { level: 1, name: 'Stats' }).waitFor();
    await page.getByRole('combobox', { name: 'Pop-up (with its A/B variants)' }).selectOption('popupA000001');
    await page.getByRole('button', { name: 'Show', exact: true }).click();

    const revenue = page.getByRole('table', { name: 'Store revenue (USD)' });
    const thisRange = (figure: string) =>
      revenue
        .getByRole('row', { name: new RegExp(`^${figure}`) })
        .getByRole('cell')
        .first();
    await thisRange('Revenue').filter({ hasText: '$100.00' }).waitFor();
    assert.equal(await thisRange('Orders').textContent(), '2');
    assert.equal(await thisRange('Revenue per view').textContent(), '$25.00');
    await page.getByText('Attributed orders paid in another currency, not added here: 1').waitFor();
    await page.getByText('the latest lead wins').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await shoot(page, 'stats-revenue-en');

    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    const revenueHe = page.getByRole('table', { name: 'הכנסות מהחנות (USD)' });
    await revenueHe.waitFor();
    const cells = await revenueHe
      .getByRole('row', { name: /^הכנסה לצפייה/ })
      .getByRole('cell')
      .allInnerTexts();
    assert.match(cells[0]!, /25\.00/);
    assert.deepEqual(await axeViolations(page), []);
    await shoot(page, 'stats-revenue-he');
    await page.locator('header').getByRole('combobox', { name: 'שפה' }).selectOption('en');

    // The whole site: each pop-up's revenue.
    await page.getByRole('combobox', { name: 'Pop-up (with its A/B variants)' }).selectOption('');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const byPopup = page.getByRole('table', { name: 'Revenue by pop-up' });
    await byPopup.getByRole('row', { name: /^Spring sale \$100\.00 2 / }).waitFor();
    await byPopup.getByRole('row', { name: /^Exit offer \$10\.00 1 / }).waitFor();
    await shoot(page, 'stats-revenue-site-en');
    await page.context().close();
  });

  it('shows no revenue on a site without a store', async () => {
    fake.insights.storeCurrency = null;
    try {
      const page = await signedIn();
      await page.goto(`${fake.url}/console/sites/demo/stats`);
      await page.getByRole('table', { name: 'Totals, compared with the range before' }).waitFor();
      assert.equal(await page.getByRole('table', { name: /^Store revenue/ }).count(), 0);
      await page.context().close();
    } finally {
      fake.insights.storeCurrency = 'USD';
    }
  });

  it("sets the site's attribution window in days, with its bounds, in English and Hebrew", async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/settings`);
    const card = page.getByRole('form', { name: 'Revenue from pop-ups' });
    const field = card.getByRole('spinbutton', { name: 'Attribution window (days)' });
    await field.waitFor();
    assert.equal(await field.inputValue(), '7');
    assert.equal(await field.getAttribute('min'), '1');
    assert.equal(await field.getAttribute('max'), '90');
    await card.getByText('Connected store: Shopify, amounts in USD.').waitFor();
    await field.fill('14');
    await card.getByRole('button', { name: 'Save the attribution window' }).click();
    await card.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const puts = fake.requests.filter(
      (request) => request.method === 'PUT' && request.path === '/api/owner/demo/store-revenue',
    );
    assert.deepEqual(
      puts.map((request) => request.body),
      [{ attributionDays: 14 }],
    );
    // Out of bounds: the browser keeps it from being sent.
    await field.fill('120');
    await card.getByRole('button', { name: 'Save the attribution window' }).click();
    assert.equal(await field.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow), true);
    assert.equal(
      fake.requests.filter((request) => request.method === 'PUT' && request.path === '/api/owner/demo/store-revenue')
        .length,
      1,
    );
    await field.fill('14');
    assert.deepEqual(await axeViolations(page), []);
    await shoot(page, 'settings-attribution-en', card);

    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    const fieldHe = page
      .getByRole('form', { name: 'הכנסות מחלונות' })
      .getByRole('spinbutton', { name: 'חלון שיוך (ימים)' });
    await fieldHe.waitFor();
    assert.equal(await fieldHe.inputValue(), '14');
    assert.deepEqual(await axeViolations(page), []);
    await shoot(page, 'settings-attribution-he');
    await page.locator('header').getByRole('combobox', { name: 'שפה' }).selectOption('en');
    await page.context().close();
  });
});
