import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Browser, devices } from 'playwright-core';
import { describeWaves, widgetRoundTrips } from '../../scripts/bench/round-trips.ts';
import {
  eventually,
  FIXTURES_ENV,
  freePort,
  ownerLeads,
  type ServerProcess,
  startBrowserAndServer,
} from './harness.ts';

describe('loading the widget, end to end', () => {
  let browser: Browser;
  let server: ServerProcess;
  let clientsDir: string;

  before(async () => {
    const port = await freePort();
    // A client whose pages live on another origin (localhost) than its display server (127.0.0.1).
    clientsDir = await mkdtemp(path.join(tmpdir(), 'poptin-clients-'));
    await cp(FIXTURES_ENV.POPUPS_DIR!.replace(/popups$/, 'clients'), clientsDir, { recursive: true });
    await writeFile(
      path.join(clientsDir, 'crossorigin.json'),
      JSON.stringify({ client_id: 'crossorigin', name: 'cross origin', allowed_origins: [`http://localhost:${port}`] }),
    );
    ({ browser, server } = await startBrowserAndServer({ port, env: { ...FIXTURES_ENV, CLIENTS_DIR: clientsDir } }));
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
    await rm(clientsDir, { recursive: true, force: true });
  });

  it('an explicit <poptin-controller client-id> works without ?id on the script', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/examples/explicit.html`);
    await page.locator('poptin-popup[poptin-id="fixtureexpl01"] dialog[open]').waitFor();
    assert.equal(await page.locator('poptin-controller').count(), 1, 'no second controller is added');
    await page.close();
  });

  it('a hand-placed <poptin-countdown> downloads the countdown alone, not the pop-ups, and counts down', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    await page.goto(`${server.url}/examples/countdown-alone.html`);
    const timer = page.locator('poptin-countdown [role="timer"]');
    await timer.waitFor();
    assert.match((await timer.getAttribute('aria-label')) ?? '', /^Time left: (5 minutes|4 minutes)/);
    assert.ok(
      scripts.some((script) => script.startsWith('/dist/chunks/define-')),
      scripts.join('\n'),
    );
    assert.ok(
      !scripts.some(
        // The session itself, not session-shared: the small chunk of helpers the session shares with other chunks.
        (script) => script.startsWith('/dist/chunks/surfaces-') || /^\/dist\/chunks\/session-(?!shared-)/.test(script),
      ),
      scripts.join('\n'),
    );
    await page.close();
  });

  it("a hand-placed <poptin-countdown>'s code arrives with its imports, in the round trip after the loader", async () => {
    const { scriptWaves: waves } = await widgetRoundTrips(browser, `${server.url}/examples/countdown-alone.html`, 250);
    const described = describeWaves(waves);
    assert.equal(waves.length, 2, described);
    assert.ok(
      ['define', 'machine', 'surface-view', 'shared'].every((file) => waves[1]!.includes(file)),
      described,
    );
  });

  it('data-api-base sends the display calls to another origin, which allows this page by CORS', async () => {
    const page = await browser.newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/display/') && apiCalls.push(request.url()));
    await page.goto(`http://localhost:${server.port}/examples/cross-origin.html?api=${encodeURIComponent(server.url)}`);
    const popup = page.locator('poptin-popup[poptin-id="fixturecross1"]');
    await popup.locator('dialog[open]').waitFor();
    await popup.locator('input[name=Email]').fill('cross.origin@example.com');
    await popup.locator('[type=submit]').click();
    await eventually('the cross-origin lead', async () => {
      return (await ownerLeads(server, 'crossorigin')).some((lead) => lead.email === 'cross.origin@example.com');
    });
    assert.ok(apiCalls.length >= 3 && apiCalls.every((url) => url.startsWith(server.url)), apiCalls.join('\n'));
    await page.close();
  });

  it('mobile visitors get the mobile design, desktop visitors the desktop one', async () => {
    const mobile = await browser.newContext({ ...devices['iPhone 13'] });
    const phone = await mobile.newPage();
    await phone.goto(`${server.url}/examples/variant.html`);
    const phonePopup = phone.locator('poptin-popup[poptin-id="fixturemobil1"]');
    await phonePopup.locator('dialog[open]').waitFor();
    assert.equal(await phonePopup.locator('h2').textContent(), 'mobile design');
    const phoneBar = phone.locator('poptin-popup[poptin-id="fixturesplit1"]');
    await phoneBar.locator('[part~="base"]').waitFor();
    assert.equal(await phoneBar.getByText('Small offer').isVisible(), true);
    assert.equal(await phoneBar.getByText('Wide offer').isVisible(), false);
    await mobile.close();

    const desktop = await browser.newPage();
    await desktop.goto(`${server.url}/examples/variant.html`);
    const desktopPopup = desktop.locator('poptin-popup[poptin-id="fixturemobil1"]');
    await desktopPopup.locator('dialog[open]').waitFor();
    assert.equal(await desktopPopup.locator('h2').textContent(), 'desktop design');
    const desktopBar = desktop.locator('poptin-popup[poptin-id="fixturesplit1"]');
    await desktopBar.locator('[part~="base"]').waitFor();
    assert.equal(await desktopBar.getByText('Wide offer').isVisible(), true);
    assert.equal(await desktopBar.getByText('Small offer').isVisible(), false);
    await desktop.close();
  });

  it('a pop-up and the chunks its code needs arrive in two round trips after the loader, not one per level of imports', async () => {
    // Every file and call of the widget is answered 250 ms late, so each level of imports the browser has to wait
    // for stands apart. The click pop-up of the page has its code loaded ahead, at idle.
    const { scriptWaves: waves } = await widgetRoundTrips(browser, `${server.url}/examples/show.html`, 250);
    const described = describeWaves(waves);
    assert.equal(waves.length, 3, described);
    assert.deepEqual(waves[0], ['poptin.js'], described);
    assert.deepEqual(
      [...waves[1]!].sort(),
      ['session', 'session-shared', 'shared'],
      `the session and its two imports, together:\n${described}`,
    );
    // The words, a form's verdicts and the reporter come with what shows the pop-up: a page that only decides its
    // pop-ups needs none of them.
    assert.ok(
      ['surfaces', 'surface-view', 'language', 'reporter'].every((file) => waves[2]!.includes(file)),
      `the surfaces, their imports and the reporter, together:\n${described}`,
    );
  });

  it("a game pop-up's game arrives with its binding and their imports, in the round trip after the surfaces", async () => {
    const { scriptWaves: waves } = await widgetRoundTrips(browser, `${server.url}/examples/wheel.html`, 250);
    const described = describeWaves(waves);
    assert.equal(waves.length, 4, described);
    assert.ok(waves[2]!.includes('surfaces'), described);
    assert.ok(
      ['game-binding', 'define', 'use-game', 'prizes', 'coupon'].every((file) => waves[3]!.includes(file)),
      `the game, its binding and their imports, together:\n${described}`,
    );
  });

  it("a hand-placed pop-up's offer does not show as page text while its code is on the way, and opens on its trigger once it is there", async () => {
    const context = await browser.newContext();
    let releaseSurfaces = () => {};
    const surfacesHeld = new Promise<void>((resolve) => (releaseSurfaces = resolve));
    await context.route('**/dist/chunks/surfaces-*.js', async (route) => {
      await surfacesHeld;
      await route.continue();
    });
    const page = await context.newPage();
    const url = `${server.url}/examples/builder-without-own-rule.html`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>Builder page</title><script type="module" src="/dist/poptin.js"></script></head>
          <body><main><h1>Builder page</h1><button type="button" id="open-offer">See the offer</button>
          <poptin-popup kind="lightbox" trigger="click:#open-offer" aria-label="Offer"><h2>Today's offer</h2><p>Ten percent off</p></poptin-popup>
          <p id="after">The article goes on.</p></main></body></html>`,
      }),
    );
    const surfacesRequested = page.waitForRequest('**/dist/chunks/surfaces-*.js');
    await page.goto(url);
    await surfacesRequested;
    assert.equal(
      await page.locator('poptin-popup > h2').isVisible(),
      false,
      'the offer is hidden while the surfaces chunk is held back',
    );
    assert.equal(await page.evaluate(() => customElements.get('poptin-popup')), undefined);
    const articleTop = await page.locator('#after').evaluate((paragraph) => paragraph.getBoundingClientRect().top);

    releaseSurfaces();
    await page.waitForFunction(() => customElements.get('poptin-popup') !== undefined);
    assert.equal(
      await page.locator('#after').evaluate((paragraph) => paragraph.getBoundingClientRect().top),
      articleTop,
      'nothing moved when the code arrived',
    );
    await page.click('#open-offer');
    await page.locator('poptin-popup dialog[open]').waitFor();
    assert.equal(await page.locator('poptin-popup').getByText("Today's offer").isVisible(), true);
    await context.close();
  });
});
