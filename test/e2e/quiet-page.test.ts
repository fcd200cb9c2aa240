import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  answerLate,
  eventually,
  explainPopup,
  FIXTURES_ENV,
  ownerLeads,
  type ServerProcess,
  startBrowserAndServer,
} from './harness.ts';
import { visitorRecordOf } from './visitor-cookie.ts';

// The pop-ups of a site none of which is for this page view, by rules the display server decides as the page
// would: another page's address, another device, another country (the test server knows no visitor's country).
const ELSEWHERE_POPUPS: Record<string, Record<string, unknown>> = {
  elsewhere0001: { page_targeting: [{ operator: 'contain', value: '/pricing', show: 'show' }] },
  elsewhere0002: { show_on_device: 'mobile' },
  elsewhere0003: { country_targeting: { show: 'show', countries: ['IL'] } },
};

// A site whose display answer has no pop-up for the page: the loader asks the server itself, and the session
// chunk (decisions, triggers, the outbox) is downloaded only once something needs it.
describe('a page with nothing to show', () => {
  let browser: Browser;
  let server: ServerProcess;
  let dirs: string[] = [];

  before(async () => {
    const clientsDir = await mkdtemp(path.join(tmpdir(), 'poptin-quiet-clients-'));
    const popupsDir = await mkdtemp(path.join(tmpdir(), 'poptin-quiet-popups-'));
    const pagesDir = await mkdtemp(path.join(tmpdir(), 'poptin-quiet-pages-'));
    dirs = [clientsDir, popupsDir, pagesDir];
    await cp(FIXTURES_ENV.CLIENTS_DIR!, clientsDir, { recursive: true });
    await cp(FIXTURES_ENV.POPUPS_DIR!, popupsDir, { recursive: true });
    for (const client of ['quiet', 'elsewhere', 'decided']) {
      await writeFile(
        path.join(clientsDir, `${client}.json`),
        JSON.stringify({ client_id: client, name: client, allowed_origins: [] }),
      );
      await writeFile(
        path.join(pagesDir, `${client}.html`),
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${client}</title><script type="module" src="/dist/poptin.js?id=${client}"></script></head><body><main><h1>Nothing to show</h1></main></body></html>`,
      );
    }
    for (const [id, rules] of Object.entries(ELSEWHERE_POPUPS)) {
      const template = `<div data-poptin-screen="form"><h2>${id}</h2><form><label for="e-${id}">Email</label><input id="e-${id}" type="email" name="Email" required><button type="submit">Send</button></form></div>`;
      await writeFile(
        path.join(popupsDir, `${id}.json`),
        JSON.stringify({
          client_id: 'elsewhere',
          poptin_id: id,
          poptin_name: id,
          poptin_type: 'lightbox',
          poptin: template,
          ...rules,
        }),
      );
    }
    // A pop-up for this page whose filter only the page can judge: a script variable the page does not set.
    await writeFile(
      path.join(popupsDir, 'decidedpage01.json'),
      JSON.stringify({
        client_id: 'decided',
        poptin_id: 'decidedpage01',
        poptin_name: 'decidedpage01',
        poptin_type: 'lightbox',
        poptin: '<div data-poptin-screen="form"><h2>For gold customers</h2></div>',
        js_filter: 'show|exact|shop.customer.tier=gold',
      }),
    );
    ({ browser, server } = await startBrowserAndServer({
      env: { ...FIXTURES_ENV, CLIENTS_DIR: clientsDir, POPUPS_DIR: popupsDir, EXAMPLES_DIR: pagesDir },
    }));
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** Opens the quiet page and resolves once its display answer has been handled, with the scripts it loaded. */
  /**
   * What an earlier page leaves when its lead could not be sent: the lead in the outbox (for a real view of the
   * `widget` client), and the record's mark that tells the next page views to look (src/core/visitor/record.ts, `x`).
   */
  async function leaveLeadInOutbox(page: Page, key: string, email: string): Promise<void> {
    const answer = (await (
      await fetch(`${server.url}/api/display/widget`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { poptins: { viewer_id: string }[] };
    const url = `${server.url}/api/display/conversion/${answer.poptins[0]!.viewer_id}`;
    await page.evaluate(
      ({ key, email, url }) => {
        const entry = {
          key,
          kind: 'lead',
          url,
          fields: { email, idempotency_key: key },
          attempts: 1,
          nextAttemptAt: 0,
          createdAt: Date.now(),
        };
        localStorage.setItem('poptin_outbox', JSON.stringify({ [key]: entry }));
        const record = /(?:^|; )poptin_visitor=([^;]*)/.exec(document.cookie)?.[1] ?? '';
        document.cookie = `poptin_visitor=${record}<x>${(Date.now() + 86_400_000).toString(36)}; path=/; max-age=86400; SameSite=Lax`;
      },
      { key, email, url },
    );
  }

  async function openQuietPage(page: Page, client = 'quiet'): Promise<{ scripts: string[]; display: unknown }> {
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    await page.addInitScript(() => {
      document.addEventListener(
        'poptin-display',
        (event) => ((window as unknown as { displayed: unknown }).displayed = (event as CustomEvent).detail),
      );
      // Every touch of Web Storage, counted where any script reaches it.
      const touched: string[] = [];
      (window as unknown as { storageTouched: string[] }).storageTouched = touched;
      for (const name of ['localStorage', 'sessionStorage'] as const) {
        const { get } = Object.getOwnPropertyDescriptor(window, name)!;
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            touched.push(name);
            return get!.call(this);
          },
        });
      }
    });
    await page.goto(`${server.url}/examples/${client}.html`);
    const display = await (
      await page.waitForFunction(() => (window as unknown as { displayed?: unknown }).displayed)
    ).jsonValue();
    return { scripts, display };
  }

  it('downloads nothing but the loader, and still says the answer arrived', async () => {
    const page = await browser.newPage();
    const { scripts, display } = await openQuietPage(page);
    assert.deepEqual(display, { display: 'allowed', count: 0 });
    await page.waitForTimeout(1_000);
    assert.deepEqual(scripts, ['/dist/poptin.js'], 'no chunk is loaded');
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { storageTouched: string[] }).storageTouched),
      [],
      'the outbox is known empty from the cookie: Web Storage is never opened',
    );
    const cookies = await page.context().cookies();
    const record = visitorRecordOf(cookies);
    assert.equal(record.get('c')?.values[0], 'quiet', 'the visitor is remembered as on a quiet page before');
    await page.close();
  });

  it("leaves the page's styles alone, and hides a pop-up placed in it later from the first frame until its code arrives", async () => {
    const page = await browser.newPage();
    await openQuietPage(page);
    assert.equal(
      await page.evaluate(() => document.adoptedStyleSheets.length),
      0,
      'a page with no pop-up of its own gets no stylesheet',
    );
    // Its code arrives well after the next frame, as on a real connection.
    await answerLate(page, /\/dist\/chunks\//, 500);
    const firstFrame = await page.evaluate(async () => {
      const popup = document.createElement('poptin-popup');
      popup.setAttribute('kind', 'lightbox');
      popup.setAttribute('trigger', 'click:#nothing-opens-it');
      const offer = document.createElement('h2');
      offer.textContent = "Today's offer";
      popup.append(offer);
      document.querySelector('main')!.append(popup);
      await new Promise(requestAnimationFrame);
      return { defined: customElements.get('poptin-popup') !== undefined, display: getComputedStyle(popup).display };
    });
    assert.deepEqual(firstFrame, { defined: false, display: 'none' }, "its offer never paints as the page's text");
    await page.waitForFunction(() => customElements.get('poptin-popup') !== undefined);
    assert.equal(await page.evaluate(() => document.adoptedStyleSheets.length), 1);
    await page.close();
  });

  it('window.poptin.show still opens a pop-up, loading what it needs then', async () => {
    const page = await browser.newPage();
    await openQuietPage(page);
    assert.equal(
      await page.evaluate(() =>
        (window as unknown as { poptin: { show(id: string): Promise<boolean> } }).poptin.show('fixtureexpl01'),
      ),
      true,
    );
    await page.locator('poptin-popup[poptin-id="fixtureexpl01"] dialog[open]').waitFor();
    await page.close();
  });

  it('sends a lead an earlier page left in the outbox, as the record it left says', async () => {
    const page = await browser.newPage();
    await openQuietPage(page);
    await leaveLeadInOutbox(page, 'quiet-page-left-lead', 'left.behind@example.com');
    await page.reload();
    await eventually('the lead left behind', async () =>
      (await ownerLeads(server, 'widget')).some((lead) => lead.email === 'left.behind@example.com'),
    );
    await page.waitForFunction(() => localStorage.getItem('poptin_outbox') === '{}');
    await page.close();
  });

  it('still sends a lead an earlier page left when the page after it was gone before its code could send it', async () => {
    const page = await browser.newPage();
    await openQuietPage(page);
    await leaveLeadInOutbox(page, 'quiet-page-passed-lead', 'passed.through@example.com');
    // The next page: its page view is recorded, but the visitor leaves before the code that sends leads arrives.
    await page.route('**/dist/chunks/**', (route) => route.abort());
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/display/quiet');
    await page.reload();
    await asked;
    await page.unroute('**/dist/chunks/**');
    // The page after it.
    await page.reload();
    await eventually('the lead the page in between could not send', async () =>
      (await ownerLeads(server, 'widget')).some((lead) => lead.email === 'passed.through@example.com'),
    );
    await page.waitForFunction(() => localStorage.getItem('poptin_outbox') === '{}');
    await page.close();
  });

  it('a pop-up the page decides not to show: the session decides it, and nothing that shows or reports is loaded', async () => {
    const page = await browser.newPage();
    const { scripts, display } = await openQuietPage(page, 'decided');
    assert.deepEqual(display, { display: 'allowed', count: 1 });
    await page.waitForTimeout(1_000);
    const chunks = scripts.map((script) => /^\/dist\/chunks\/([a-z-]+)-[\w-]+\.js$/.exec(script)?.[1] ?? script);
    assert.ok(chunks.includes('page-filters'), `decided on the page: ${chunks.join(' ')}`);
    for (const unneeded of ['reporter', 'surfaces', 'surface-view', 'language'])
      assert.ok(!chunks.includes(unneeded), `${unneeded} loaded: ${chunks.join(' ')}`);
    // Asked why, the session reads the refused leads of the outbox: that loads the reporter, and no sooner.
    const { state, blockedBy } = await explainPopup(page, 'decidedpage01');
    assert.equal(state, 'blocked');
    assert.deepEqual(
      blockedBy.map(({ rule }) => rule),
      ['js_filter'],
    );
    await page.close();
  });

  it('downloads nothing but the loader when the pop-ups are all for other pages, devices or countries, and explains why', async () => {
    const page = await browser.newPage();
    const { scripts, display } = await openQuietPage(page, 'elsewhere');
    assert.deepEqual(display, { display: 'allowed', count: 0 });
    await page.waitForTimeout(1_000);
    assert.deepEqual(scripts, ['/dist/poptin.js'], 'the display server left every pop-up out, so no chunk is loaded');
    const explained = await Promise.all(Object.keys(ELSEWHERE_POPUPS).map((id) => explainPopup(page, id)));
    assert.deepEqual(
      explained.map(({ state }) => state),
      ['blocked', 'blocked', 'blocked'],
    );
    assert.deepEqual(
      explained.map(({ blockedBy }) => blockedBy.map(({ rule, reason }) => `${rule}: ${reason}`)),
      [
        [`page_targeting: "${server.url}/examples/elsewhere.html" matches none of the show rules: contain "/pricing"`],
        ['device: for mobile only; visitor is on desktop'],
        ["country: shown only in IL; the visitor's country is unknown"],
      ],
    );
    await page.close();
  });

  it('shows a pop-up left out of one page on the next page of a single-page app that it is for', async () => {
    const page = await browser.newPage();
    await openQuietPage(page, 'elsewhere');
    await page.evaluate(() => history.pushState({}, '', '/examples/elsewhere.html?from=/pricing'));
    await page.locator('poptin-popup[poptin-id="elsewhere0001"] dialog[open]').waitFor();
    assert.equal(
      await page.locator('poptin-popup').count(),
      1,
      'the pop-ups for another device and country stay left out',
    );
    await page.close();
  });

  it('asks again on the next page of a single-page app', async () => {
    const page = await browser.newPage();
    const displayCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/display/quiet') && displayCalls.push(request.url()));
    await openQuietPage(page);
    assert.equal(displayCalls.length, 1);
    await page.evaluate(() => history.pushState({}, '', '/examples/quiet.html?next'));
    await eventually('a second display call', async () => displayCalls.length === 2);
    await page.close();
  });
});
