// Teaser tabs added by the controller for pop-ups with teasers on (widget §2).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useBrowserAndServer } from './harness.ts';

describe('teaser tabs, end to end', () => {
  const shared = useBrowserAndServer();

  it('a before_show tab opens its pop-up and goes; an after_close tab appears once its pop-up is closed and brings it back', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${shared.server.url}/examples/teaser.html`);
    const offerTab = page.locator('poptin-teaser[poptin-id="demoteaserbox"] [part~="tab"]');
    await offerTab.waitFor();
    assert.equal(await offerTab.textContent(), 'Get 10% off');
    await offerTab.click();
    const box = page.locator('poptin-popup[poptin-id="demoteaserbox"]');
    await box.locator('dialog[open]').waitFor();
    assert.equal(await offerTab.count(), 0, 'no tab over its open pop-up');
    await box.locator('[part~="close-button"]').click();
    await box.locator('dialog[open]').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    assert.equal(await offerTab.count(), 0, 'before_show: gone once the pop-up was shown');

    const slideIn = page.locator('poptin-popup[poptin-id="demoteaserssd"]');
    await slideIn.locator('[part~="base"]:popover-open').waitFor();
    const newsletterTab = page.locator('poptin-teaser[poptin-id="demoteaserssd"] [part~="tab"]');
    assert.equal(await newsletterTab.count(), 0, 'after_close: not before the close');
    await slideIn.locator('[part~="close-button"]').click();
    await newsletterTab.waitFor();
    await newsletterTab.click();
    await slideIn.locator('[part~="base"]:popover-open').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
