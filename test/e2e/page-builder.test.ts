import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { eventually, ownerLeads, pressEscapeOnceShown, type ServerProcess, startBrowserAndServer } from './harness.ts';

// examples/page-builder.html: declarative <poptin-popup kind trigger> tags, on a page with the site's client id so that
// the slide-in's form is stored.
describe('a page-builder page of declarative pop-ups, end to end', () => {
  let browser: Browser;
  let server: ServerProcess;

  before(async () => {
    ({ browser, server } = await startBrowserAndServer());
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('shows each pop-up on its own trigger: the display server decides nothing about them', async () => {
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
    await offer.getByText('Ten percent off every order placed today.').waitFor({ state: 'visible' });
    await pressEscapeOnceShown(page);
    await offer.locator('dialog[open]').waitFor({ state: 'detached' });

    const slideIn = page.locator('poptin-popup[kind="sside"]');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await slideIn.getByText('Still reading?').waitFor({ state: 'visible' });

    await page
      .locator('poptin-popup[kind="bar"]')
      .getByText('Free shipping on orders over 50 €.')
      .waitFor({ state: 'visible', timeout: 6000 });
    // One display call, for the site's client id; it adds no pop-up of its own.
    assert.deepEqual(
      displayCalls.map((url) => new URL(url).pathname),
      ['/api/display/builder-demo'],
    );
    assert.equal(await page.locator('poptin-popup').count(), 3);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("stores what the example page collects: the slide-in's lead is in the owner API under its poptin-id", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/examples/page-builder.html`);
    const slideIn = page.locator('poptin-popup[kind="sside"]');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const email = slideIn.locator('input[name=Email]');
    await email.click();
    await page.keyboard.type('page.builder.reader@example.com');
    await page.keyboard.press('Enter');
    await slideIn.getByText('Thank you!').waitFor();
    const lead = await eventually('the lead', async () =>
      (await ownerLeads(server, 'builder-demo')).find((found) => found.email === 'page.builder.reader@example.com'),
    );
    assert.equal(lead.poptin_id, 'buildernews01');
    assert.equal(lead.fields.trigger, 'scroll:60');
    // The time since the page began to load goes with it, for the spam rules (server/leads/spam.ts).
    assert.ok(Number(lead.fields.since_page_load_ms) > 0, String(lead.fields.since_page_load_ms));
    assert.deepEqual(errors, []);
    await page.close();
  });
  it('typing in a pop-up placed by hand looks the pop-up up before its form is sent', async () => {
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}/examples/page-builder.html`);
    const slideIn = page.locator('poptin-popup[kind="sside"]');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await slideIn.locator('input[name=Email]').click();
    await page.keyboard.type('early.reader@example.com');
    // The click call gives the address its lead goes to: asked while the visitor types, the lead need not wait for it.
    await eventually('the look-up, asked for while the visitor types', async () =>
      asked.includes('/api/display/click/buildernews01'),
    );
    assert.equal(asked.filter((url) => url.startsWith('/api/display/conversion/')).length, 0, 'nothing sent yet');
    await page.keyboard.press('Enter');
    await slideIn.getByText('Thank you!').waitFor();
    await eventually('the lead', async () =>
      (await ownerLeads(server, 'builder-demo')).find((found) => found.email === 'early.reader@example.com'),
    );
    assert.equal(asked.filter((url) => url === '/api/display/click/buildernews01').length, 1, 'looked up once');
    await page.close();
  });

  it('the bar tag placed in the middle of the page’s content runs across the top of the window, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${server.url}/examples/page-builder.html`);
      const bar = page.locator('poptin-popup[kind="bar"] [part~="base"]');
      await page
        .locator('poptin-popup[kind="bar"]')
        .getByText('Free shipping on orders over 50 €.')
        .waitFor({ state: 'visible', timeout: 6000 });
      assert.equal(
        await page.evaluate(() => document.querySelector('poptin-popup[kind="bar"]')!.parentElement!.localName),
        'main',
        'the tag sits inside the content',
      );
      const box = await bar.evaluate((element) => ({
        top: Math.round(element.getBoundingClientRect().top),
        width: Math.round(element.getBoundingClientRect().width),
        position: getComputedStyle(element).position,
      }));
      assert.deepEqual(box, {
        top: 0,
        width: await page.evaluate(() => document.documentElement.clientWidth),
        position: 'fixed',
      });
      await page.close();
    }
  });

  it('the built element slots the page’s own children: the page’s listener runs, its CSS applies, and nothing is copied', async () => {
    const page = await browser.newPage();
    const url = `${server.url}/examples/page-builder.html?slotted`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>Builder</title><script type="module" src="/dist/poptin.js"></script>
          <style>.builder-cta { color: rgb(1, 2, 3); }</style></head>
          <body><main><h1>Builder page</h1><p>Text before.</p>
          <poptin-popup kind="lightbox" trigger="immediate" aria-label="Offer"><h2 id="offer-title">Offer</h2><button type="button" class="builder-cta" id="offer-cta">Tell me more</button></poptin-popup>
          <script type="module">document.getElementById('offer-cta').addEventListener('click', () => { document.title = 'clicked'; });</script>
          </main></body></html>`,
      }),
    );
    await page.goto(url);
    const popup = page.locator('poptin-popup[kind="lightbox"]');
    await popup.locator('dialog[open]').waitFor();
    const cta = popup.getByRole('button', { name: 'Tell me more' });
    assert.equal(await cta.evaluate((button) => getComputedStyle(button).color), 'rgb(1, 2, 3)');
    await cta.click();
    assert.equal(await page.title(), 'clicked');
    assert.equal(
      await page.evaluate(
        () => document.querySelector('poptin-popup')!.shadowRoot!.querySelectorAll('#offer-title, #offer-cta').length,
      ),
      0,
      'no copy in the shadow root',
    );
    await page.close();
  });

  /** A page builder's page on the demo site: a hand-placed lightbox bearing the poptin-id of a server pop-up. */
  const WITH_CLIENT = `<!doctype html><html lang="en"><head><title>Builder with a client</title><script type="module" src="/dist/poptin.js?id=demo"></script></head>
    <body><main><h1>Builder page</h1>
    <poptin-popup kind="lightbox" trigger="immediate" poptin-id="demolightbox1" aria-label="Newsletter">
      <div data-poptin-screen="form"><h2>Newsletter</h2><form><input name="Email" type="email" aria-label="Email"><button type="submit">Join</button></form></div>
      <div data-poptin-screen="thank-you" hidden><p>Thanks!</p></div>
    </poptin-popup></main></body></html>`;

  it('a declarative pop-up with the poptin-id of a server pop-up posts its form once the page has a client id', async () => {
    const page = await browser.newPage();
    const url = `${server.url}/examples/page-builder.html?with-client`;
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: WITH_CLIENT }));
    await page.goto(url);
    const popup = page.locator('poptin-popup[kind="lightbox"]');
    await popup.locator('dialog[open]').waitFor();
    // The tag's own children stay in the page, slotted into its dialog.
    await popup.getByLabel('Email').fill('builder.visitor@example.com');
    await popup.getByRole('button', { name: 'Join' }).click();
    await popup.locator('[data-poptin-screen="thank-you"]').waitFor({ state: 'visible' });
    const lead = await eventually('the lead', async () =>
      (await ownerLeads(server, 'demo')).find((found) => found.email === 'builder.visitor@example.com'),
    );
    assert.equal(lead.poptin_id, 'demolightbox1');
    assert.equal(lead.fields.trigger, 'immediate');
    await page.close();
  });

  it('left before its pop-up is looked up: the lead waits in the outbox, and the next page sends it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const url = `${server.url}/examples/page-builder.html?with-client`;
    await context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: WITH_CLIENT }));
    // This page's look-up of the pop-up (the click call, which gives the address its leads go to) never answers.
    let holdLookUps = true;
    const lookUps: string[] = [];
    await context.route('**/api/display/click/**', (route) => {
      lookUps.push(route.request().url());
      if (!holdLookUps) return route.continue();
    });
    await page.goto(url);
    const popup = page.locator('poptin-popup[kind="lightbox"]');
    await popup.locator('dialog[open]').waitFor();
    await popup.getByLabel('Email').fill('unlocated.visitor@example.com');
    await popup.getByLabel('Email').press('Enter');
    // The form hears that its lead is kept, and thanks the visitor.
    await popup.locator('[data-poptin-screen="thank-you"]').waitFor({ state: 'visible' });
    assert.ok(lookUps.length >= 1, 'the pop-up was looked up');
    holdLookUps = false;
    await page.goto(`${server.url}/examples/page-builder.html`);
    const lead = await eventually('the lead in the owner API', async () =>
      (await ownerLeads(server, 'demo')).find((found) => found.email === 'unlocated.visitor@example.com'),
    );
    assert.equal(lead.poptin_id, 'demolightbox1');
    assert.equal(lead.fields.trigger, 'immediate');
    await context.close();
  });
});
