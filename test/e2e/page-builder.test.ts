import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, startServerProcess, type ServerProcess } from './harness.ts';

// examples/page-builder.html: only declarative <poptin-popup kind trigger> tags, no client id and no controller.
describe('a page-builder page of declarative pop-ups, end to end', () => {
  let browser: Browser;
  let server: ServerProcess;

  before(async () => {
    [browser, server] = await Promise.all([launchChromium(), startServerProcess()]);
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('shows each pop-up on its own trigger without asking the display server anything', async () => {
    const page = await browser.newPage();
    const displayCalls: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => request.url().includes('/api/display/') && displayCalls.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/examples/page-builder.html`);

    const offer = page.locator('poptin-popup[kind="lightbox"]');
    assert.equal(await offer.locator('dialog[open]').count(), 0, 'the click pop-up waits for its click');
    await page.click('#open-offer');
    await offer.locator('dialog[open]').waitFor();
    assert.match((await offer.locator('[part~="panel"]').textContent()) ?? '', /Ten percent off every order placed today/);
    await page.keyboard.press('Escape');
    await offer.locator('dialog[open]').waitFor({ state: 'detached' });

    const slideIn = page.locator('poptin-popup[kind="sside"]');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await slideIn.locator('[part~="panel"]').getByText('Still reading?').waitFor();

    await page.locator('poptin-popup[kind="bar"] [part~="panel"]').getByText('Free shipping on orders over 50 €.').waitFor({ timeout: 6000 });
    assert.deepEqual(displayCalls, []);
    assert.deepEqual(errors, []);
    assert.equal(await page.locator('poptin-controller').count(), 0);
    await page.close();
  });
});
