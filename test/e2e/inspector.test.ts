import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually, useBrowserAndServer } from './harness.ts';

const WELCOME = 'spawelcome001';
const PRICING = 'spapricing001';
const LIGHTBOX = 'demolightbox1';

// Playwright's CSS locators pierce open shadow roots, so these reach into the inspector's.
const panel = (page: Page) => page.locator('[data-poptin-inspector] [role="region"]');
const popupSection = (page: Page, id: string) => page.locator(`[data-poptin-inspector] [data-popup-id="${id}"]`);
const stateOf = (page: Page, id: string) => popupSection(page, id).getAttribute('data-state', { timeout: 15_000 });
const rowOf = async (page: Page, id: string, row: string) =>
  ((await popupSection(page, id).locator(`[data-row="${row}"] dd`).textContent({ timeout: 15_000 })) ?? '')
    .replace(/\s+/g, ' ')
    .trim();

async function untilState(page: Page, id: string, state: string): Promise<void> {
  await eventually(`${id} to be ${state} in the inspector`, async () => (await stateOf(page, id)) === state);
}

describe('the ?poptin-debug inspector, end to end', () => {
  const shared = useBrowserAndServer();

  it('?poptin-debug opens the panel, which lists the display answer and follows each pop-up live', async () => {
    const page = await shared.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${shared.server.url}/examples/spa.html?view=home&poptin-debug`);

    await panel(page).waitFor();
    assert.equal(await panel(page).getAttribute('aria-label'), 'Poptin inspector');
    assert.equal(await page.locator('[data-poptin-inspector] h2').textContent(), 'Poptin inspector');

    // The pricing slide-in is targeted to the pricing view: blocked here, with the rule that says so.
    await untilState(page, PRICING, 'blocked');
    assert.match(await rowOf(page, PRICING, 'blocked-by'), /page_targeting/);
    assert.match(await rowOf(page, PRICING, 'summary'), /^blocked by page_targeting/);

    // The welcome lightbox shows after its 1 s trigger; the panel turns it from armed to shown.
    assert.ok(
      ['armed', 'queued', 'shown'].includes((await stateOf(page, WELCOME)) ?? ''),
      'the welcome pop-up is allowed',
    );
    assert.equal(await rowOf(page, WELCOME, 'blocked-by'), 'none');
    await page.locator(`poptin-popup[poptin-id="${WELCOME}"] dialog[open]`).waitFor();
    await untilState(page, WELCOME, 'shown');
    assert.equal(await rowOf(page, WELCOME, 'state'), 'shown');
    assert.equal(await rowOf(page, WELCOME, 'trigger'), 'after_seconds');
    assert.match(await rowOf(page, WELCOME, 'fired'), /^after_seconds at \d{4}-\d\d-\d\dT[\d:.]+Z$/);

    await page.locator(`poptin-popup[poptin-id="${WELCOME}"] [part~="close-button"]`).click();
    await untilState(page, WELCOME, 'closed');
    assert.equal(await rowOf(page, WELCOME, 'close-cause'), 'x_click');

    // A single-page navigation decides again; the open panel shows the new answer. The panel may cover
    // the page's navigation, so the visitor uses the keyboard.
    await page.getByRole('button', { name: 'Pricing' }).focus();
    await page.keyboard.press('Enter');
    await untilState(page, PRICING, 'armed');
    await untilState(page, WELCOME, 'blocked');
    assert.equal(await page.locator('[data-poptin-inspector]').count(), 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('without ?poptin-debug the inspector is not loaded; window.poptin.inspect() opens it and Escape closes it', async () => {
    const page = await shared.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const inspectorRequests: string[] = [];
    page.on(
      'request',
      (request) => /\/dist\/chunks\/inspector-[^/]*\.js$/.test(request.url()) && inspectorRequests.push(request.url()),
    );
    await page.goto(`${shared.server.url}/examples/lightbox.html`);

    const lightbox = page.locator(`poptin-popup[poptin-id="${LIGHTBOX}"]`);
    await lightbox.locator('dialog[open]').waitFor();
    await lightbox.locator('[part~="close-button"]').click();
    await lightbox.locator('dialog[open]').waitFor({ state: 'detached' });
    assert.deepEqual(inspectorRequests, [], 'the inspector chunk is not fetched unless asked for');
    assert.equal(await page.locator('[data-poptin-inspector]').count(), 0);

    await page.evaluate(() => (window as unknown as { poptin: { inspect(): Promise<void> } }).poptin.inspect());
    await panel(page).waitFor();
    assert.equal(inspectorRequests.length, 1);
    assert.equal(await stateOf(page, LIGHTBOX), 'closed');
    assert.equal(await rowOf(page, LIGHTBOX, 'trigger'), 'after_seconds');
    assert.equal(await rowOf(page, LIGHTBOX, 'close-cause'), 'x_click');
    assert.equal(await rowOf(page, LIGHTBOX, 'frequency-cap'), 'none');
    assert.match(
      (await popupSection(page, LIGHTBOX).locator('h3').textContent()) ?? '',
      /Demo newsletter lightbox[\s\S]*demolightbox1[\s\S]*lightbox/,
    );

    await page.evaluate(() => (window as unknown as { poptin: { inspect(): Promise<void> } }).poptin.inspect());
    assert.equal(await page.locator('[data-poptin-inspector]').count(), 1, 'a second inspect() keeps one panel');

    await page.getByRole('button', { name: 'Close the Poptin inspector' }).focus();
    await page.keyboard.press('Escape');
    await page.locator('[data-poptin-inspector]').waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
