import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually, explainPopup, ownerGet, type ServerProcess, shownPopups, useBrowserAndServer } from './harness.ts';

const WELCOME = 'spawelcome001';
const PRICING = 'spapricing001';

const popupsOnPage = shownPopups;

describe('single-page app, end to end', () => {
  const shared = useBrowserAndServer();

  it('shows a pop-up once, navigates, and shows the next only when its own trigger fires', async () => {
    const page = await shared.browser.newPage();
    let displayCalls = 0;
    page.on('request', (request) => request.url().endsWith('/api/display/spa-demo') && displayCalls++);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.goto(`${shared.server.url}/examples/spa.html?view=home`);

    // Home view: the welcome lightbox after its 1 s trigger.
    await page.locator(`poptin-popup[poptin-id="${WELCOME}"] dialog[open]`).waitFor();
    assert.equal((await explainPopup(page, WELCOME)).triggers.fired[0]?.trigger, 'after_seconds');
    await page.locator(`poptin-popup[poptin-id="${WELCOME}"] [part~="close-button"]`).click();
    await eventually('the welcome pop-up to leave', async () => (await popupsOnPage(page)).length === 0);

    // Pricing view (pushState): the controller starts again; the slide-in waits for 50% scrolling.
    await page.getByRole('button', { name: 'Pricing' }).click();
    await eventually(
      'the pricing pop-up to be armed',
      async () => (await explainPopup(page, PRICING)).state === 'armed',
    );
    await page.waitForTimeout(1_500);
    assert.deepEqual(await popupsOnPage(page), [], 'nothing shows on the pricing view before scrolling');
    const welcomeOnPricing = await explainPopup(page, WELCOME);
    assert.equal(welcomeOnPricing.allowed, false, 'the welcome pop-up is targeted to the home view');
    await page.mouse.wheel(0, 5_000);
    await page.locator(`poptin-popup[poptin-id="${PRICING}"] [part~="base"]`).waitFor();
    assert.equal((await explainPopup(page, PRICING)).triggers.fired[0]?.trigger, 'scroll');

    // Back to home: the welcome pop-up was seen this session, so its frequency cap blocks it.
    await page.getByRole('button', { name: 'Home' }).click();
    const again = await eventually('a decision on the home view', async () => {
      const explanation = await explainPopup(page, WELCOME);
      return explanation.allowed === false ? explanation : undefined;
    });
    assert.ok(
      again.blockedBy.some((rule) => /frequency/i.test(rule.rule)),
      JSON.stringify(again.blockedBy),
    );
    await page.waitForTimeout(1_500);
    assert.deepEqual(await popupsOnPage(page), []);

    // Every navigation and every reset() decides again exactly once: no listener was added twice. Each waits for
    // its display call before the next: a navigation the next one overtakes before its call is left unasked.
    assert.equal(displayCalls, 3, 'page load, Pricing, Home');
    const displayCall = () => page.waitForRequest((request) => request.url().endsWith('/api/display/spa-demo'));
    for (const view of ['Pricing', 'Home', 'Pricing', 'Home'])
      await Promise.all([displayCall(), page.getByRole('button', { name: view }).click()]);
    await Promise.all([
      displayCall(),
      page.evaluate(() => (window as unknown as { poptin: { reset(): Promise<void> } }).poptin.reset()),
    ]);
    await page.waitForTimeout(500);
    assert.equal(displayCalls, 8, 'one display call per navigation and reset');
    assert.deepEqual(await popupsOnPage(page), []);

    const stats = await ownerGet<{ popups: { poptin_id: string; views: number; closes: number }[] }>(
      shared.server,
      '/api/owner/spa-demo/stats',
    );
    const welcome = stats.popups.find((row) => row.poptin_id === WELCOME);
    assert.equal(welcome?.views, 1);
    assert.equal(welcome?.closes, 1);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});
