// <poptin-embed> blocks in an article: in place, shown when scrolled into view, without moving the text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, ownerLeads, useBrowserAndServer } from './harness.ts';

describe('embedded forms, end to end', () => {
  const shared = useBrowserAndServer();

  it('renders in its reserved place once scrolled into view, moves nothing, and its lead is stored', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1000, height: 700 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${shared.server.url}/examples/embed.html`);
    const embed = page.locator('poptin-embed[poptin-id="demoembedded1"]');
    await page.waitForFunction(() => customElements.get('poptin-embed') !== undefined);
    assert.equal(
      await embed.evaluate((element: HTMLElement) => element.offsetHeight),
      260,
      'the height is reserved before it shows',
    );
    await page.waitForTimeout(1_000);
    assert.equal(
      await embed.locator('poptin-popup [data-poptin-screen="form"]').isVisible(),
      false,
      'below the fold: not shown yet',
    );
    assert.equal(
      await embed.evaluate((element: HTMLElement) => element.offsetHeight),
      260,
      'built ahead, hidden, it takes no room',
    );

    const textAfter = page.locator('#after-first-form');
    const before = await textAfter.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    await embed.scrollIntoViewIfNeeded();
    const form = embed.locator('poptin-popup [data-poptin-screen="form"]');
    await form.waitFor({ state: 'visible' });
    // Past its short entry animation, which moves the panel for a moment.
    await page.waitForTimeout(500);
    const after = await textAfter.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    assert.equal(after, before, 'the text after the form did not move');
    assert.equal(await embed.locator('poptin-popup').getAttribute('data-rendering'), 'in-place');
    const inside = await embed.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const form = element
        .querySelector('poptin-popup')!
        .shadowRoot!.querySelector('[part~="panel"]')!
        .getBoundingClientRect();
      return form.top >= box.top && form.bottom <= box.bottom + 0.5;
    });
    assert.equal(inside, true, 'drawn inside its block');

    await embed.locator('input[name=Email]').fill('embedded.reader@example.com');
    await embed.locator('[type=submit]').click();
    await embed.locator('[data-poptin-screen="thank-you"]').waitFor({ state: 'visible' });
    const lead = await eventually('the lead', async () =>
      (await ownerLeads(shared.server, 'demo')).find((found) => found.email === 'embedded.reader@example.com'),
    );
    assert.equal(lead.poptin_id, 'demoembedded1');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a block the page adds later is found by the 5 s empty-form check', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/embed.html`);
    await page.waitForFunction(() => Boolean((window as unknown as { poptin?: unknown }).poptin));
    await page.waitForTimeout(500);
    const addedAt = Date.now();
    await page.getByRole('button', { name: 'Add the checklist form' }).click();
    await page
      .locator('poptin-embed[poptin-id="demoembedded2"] poptin-popup [data-poptin-screen="form"]')
      .waitFor({ state: 'visible', timeout: 9_000 });
    const waited = Date.now() - addedAt;
    assert.ok(waited < 7_000, `shown ${waited} ms after it was added`);
    await context.close();
  });

  it('on a page whose loader has no client id, the block brings a controller for its own client-id', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const url = `${shared.server.url}/examples/embed.html?alone`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>Alone</title><script type="module" src="/dist/poptin.js"></script></head><body><main><h1>An embed alone</h1><poptin-embed poptin-id="demoembedded1" client-id="demo" height="200"></poptin-embed></main></body></html>',
      }),
    );
    await page.goto(url);
    await page.locator('poptin-embed poptin-popup [data-poptin-screen="form"]').waitFor({ state: 'visible' });
    assert.equal(await page.locator('poptin-controller[client-id="demo"]').count(), 1);
    await context.close();
  });

  it('landing-page mode draws the landing pop-up in its place at once, without waiting for a scroll', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/landing.html`);
    const form = page.locator('poptin-embed[poptin-id="demoembedded2"] poptin-popup [data-poptin-screen="form"]');
    await form.waitFor({ state: 'visible' });
    assert.equal(
      await page.evaluate(() =>
        (window as unknown as { poptin: { explain(id: string): Promise<{ trigger: string }> } }).poptin
          .explain('demoembedded2')
          .then((why) => why.trigger),
      ),
      'landing',
    );
    await context.close();
  });

  it('?ppt-landing=ID puts the landing pop-up at the top of a page that has no place for it', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/lightbox.html?ppt-landing=demoembedded1`);
    await page
      .locator('main > poptin-embed:first-child[poptin-id="demoembedded1"] poptin-popup [data-poptin-screen="form"]')
      .waitFor({ state: 'visible' });
    await context.close();
  });
});
