import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  eventually,
  explainPopup,
  FIXTURES_ENV,
  ownerLeads,
  pressEscapeOnceShown,
  type ServerProcess,
  startBrowserAndServer,
} from './harness.ts';
import { visitorRecordOf } from './visitor-cookie.ts';

const FREE = 'consentfree01';
const HISTORY = 'consenthist01';

/** What the page keeps in the browser, listed through the DevTools protocol: cookies, Web Storage, IndexedDB. */
async function storedInBrowser(
  page: Page,
): Promise<{ cookies: string[]; local: string[]; session: string[]; databases: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const origin = new URL(page.url()).origin;
    const { cookies } = (await cdp.send('Network.getAllCookies')) as { cookies: { name: string }[] };
    const frameId = ((await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } }).frameTree.frame
      .id;
    const { storageKey } = (await cdp.send('Storage.getStorageKeyForFrame', { frameId })) as { storageKey: string };
    await cdp.send('DOMStorage.enable');
    const items = async (isLocalStorage: boolean) =>
      (
        (await cdp.send('DOMStorage.getDOMStorageItems', { storageId: { storageKey, isLocalStorage } })) as {
          entries: [string, string][];
        }
      ).entries.map(([key]) => key);
    const { databaseNames } = (await cdp.send('IndexedDB.requestDatabaseNames', { securityOrigin: origin })) as {
      databaseNames: string[];
    };
    return {
      cookies: cookies.map((cookie) => cookie.name),
      local: await items(true),
      session: await items(false),
      databases: databaseNames,
    };
  } finally {
    await cdp.detach();
  }
}

const NOTHING = { cookies: [], local: [], session: [], databases: [] };

// A site in consent mode: until the visitor consents, nothing of the widget is kept in the browser and the display
// call names no one; pop-ups that read no history still show, and a lead the visitor sends still arrives.
describe('consent mode: nothing stored before consent', () => {
  let browser: Browser;
  let server: ServerProcess;
  let dirs: string[] = [];

  before(async () => {
    const clientsDir = await mkdtemp(path.join(tmpdir(), 'poptin-consent-clients-'));
    const popupsDir = await mkdtemp(path.join(tmpdir(), 'poptin-consent-popups-'));
    const pagesDir = await mkdtemp(path.join(tmpdir(), 'poptin-consent-pages-'));
    dirs = [clientsDir, popupsDir, pagesDir];
    await cp(FIXTURES_ENV.CLIENTS_DIR!, clientsDir, { recursive: true });
    await writeFile(
      path.join(clientsDir, 'consenting.json'),
      JSON.stringify({ client_id: 'consenting', name: 'consenting', allowed_origins: [] }),
    );
    const template = (id: string) =>
      `<div data-poptin-screen="form"><h2>${id}</h2><form><label for="e-${id}">Email</label><input id="e-${id}" type="email" name="Email" required><button type="submit">Send</button></form></div><div data-poptin-screen="thank-you" hidden><p>Thanks from ${id}</p></div>`;
    const popup = (id: string, rules: Record<string, unknown>) =>
      writeFile(
        path.join(popupsDir, `${id}.json`),
        JSON.stringify({
          client_id: 'consenting',
          poptin_id: id,
          poptin_name: id,
          poptin_type: 'lightbox',
          poptin_target: 'lead',
          x_close_button: 'yes',
          design_properties: { poptin_design_thank_screen: 'yes' },
          poptin: template(id),
          ...rules,
        }),
      );
    // Shown on every page view: its rules read no history. The other is once per session: it waits for consent.
    await popup(FREE, { d_f_r: 'all@display_everytime_everypage' });
    await popup(HISTORY, { d_f_r: 'all@display_once_per_session', on_click: 'yes' });
    const page = (name: string, head: string) =>
      writeFile(
        path.join(pagesDir, `${name}.html`),
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>${head}<script type="module" src="/dist/poptin.js?id=consenting" data-consent="required"></script></head><body><main><h1>${name}</h1></main></body></html>`,
      );
    await page('consent', '');
    // An owner who sends no lead before consent: the explicit controller, no loader tag attributes.
    await writeFile(
      path.join(pagesDir, 'consent-hold.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hold</title><script type="module" src="/dist/poptin.js"></script></head><body><main><h1>hold</h1></main><poptin-controller client-id="consenting" consent="required" lead-before-consent="hold"></poptin-controller></body></html>`,
    );
    // A CMP (TCF v2.2) whose visitor answers later, driven by the test through window.answerCmp.
    // A CMP (TCF v2.2) whose visitor answers later, driven by the test through window.answerCmp.
    await writeFile(
      path.join(pagesDir, 'cmp.js'),
      `const listeners = [];
window.__tcfapi = (command, version, callback) => {
  if (command !== 'addEventListener') return;
  listeners.push(callback);
  callback({ gdprApplies: true, eventStatus: 'cmpuishown', purpose: { consents: {} } }, true);
};
window.answerCmp = (storage) => listeners.forEach((callback) => callback({ gdprApplies: true, eventStatus: 'useractioncomplete', purpose: { consents: { 1: storage } } }, true));`,
    );
    await page('consent-tcf', '<script src="cmp.js"></script>');
    // Google consent mode, denied by default.
    await writeFile(
      path.join(pagesDir, 'gtag.js'),
      `window.dataLayer = window.dataLayer || [];
window.gtag = function gtag() { window.dataLayer.push(arguments); };
gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' });`,
    );
    await page('consent-gtag', '<script src="gtag.js"></script>');
    ({ browser, server } = await startBrowserAndServer({
      env: { ...FIXTURES_ENV, CLIENTS_DIR: clientsDir, POPUPS_DIR: popupsDir, EXAMPLES_DIR: pagesDir },
    }));
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** Opens a page of the site in a fresh context, recording the bodies of its calls to the display server; `leaveOut`
   * drops pop-ups from the display answer. */
  async function open(
    name: string,
    leaveOut: string[] = [],
  ): Promise<{ page: Page; calls: { path: string; body: string }[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (leaveOut.length > 0)
      await page.route('**/api/display/consenting', async (route) => {
        const response = await route.fetch();
        const answer = await response.json();
        answer.poptins = answer.poptins.filter((poptin: { poptin_id: string }) => !leaveOut.includes(poptin.poptin_id));
        await route.fulfill({ response, json: answer });
      });
    const calls: { path: string; body: string }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/display/')) calls.push({ path: url.pathname, body: request.postData() ?? '' });
    });
    await page.goto(`${server.url}/examples/${name}.html`);
    await page.locator(`poptin-popup[poptin-id="${FREE}"] input[name=Email]`).waitFor({ state: 'visible' });
    return { page, calls };
  }

  /** The visitor types their address into the pop-up shown before consent and presses Enter; they are thanked. */
  async function submitLead(page: Page, email: string): Promise<void> {
    const popup = page.locator(`poptin-popup[poptin-id="${FREE}"]`);
    await popup.locator('input[name=Email]').click();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await popup.locator('[data-poptin-screen="thank-you"]').waitFor({ state: 'visible' });
  }

  it('shows a pop-up that needs no history, sends its lead, and stores nothing: no cookie, Web Storage or IndexedDB', async () => {
    const { page, calls } = await open('consent');
    const email = 'before.consent@example.com';
    await submitLead(page, email);
    const leads = await eventually('the lead sent before consent', async () =>
      (await ownerLeads(server, 'consenting')).filter((lead) => lead.email === email).at(0),
    );
    assert.equal(leads.email, email);

    const explanation = await explainPopup(page, HISTORY);
    assert.equal(explanation.allowed, false);
    assert.deepEqual(
      explanation.blockedBy?.map((rule) => rule.rule),
      ['consent'],
      'a pop-up that reads history waits for consent',
    );

    const display = calls.filter((call) => call.path === '/api/display/consenting');
    assert.equal(display.length, 1);
    const request = JSON.parse(display[0]!.body) as Record<string, unknown>;
    assert.equal('visitor_id' in request, false, 'no visitor id');
    assert.deepEqual(request.cookies, {});
    assert.equal(request.previous_visited_pages, '');
    assert.equal(request.all_visited_pages, '');
    assert.equal(request.converted_email, '');
    assert.deepEqual(
      calls
        .filter((call) => call.path !== '/api/display/consenting')
        .map((call) => call.path.split('/').slice(0, 4).join('/')),
      ['/api/display/conversion'],
      'nothing but the display call and the lead: no view, no close',
    );
    await page.waitForTimeout(1_500);
    assert.deepEqual(await storedInBrowser(page), NOTHING);
    await page.context().close();
  });

  it('a click-to-open link before consent asks anonymously too: the click-display call names no visitor and sends no history', async () => {
    // As when the owner switched the pop-up on after this page's answer was made: it is asked for on the click.
    const { page, calls } = await open('consent', [HISTORY]);
    await page.evaluate((id) => {
      const link = Object.assign(document.createElement('a'), { href: `/click/${id}`, textContent: 'Our offer' });
      document.querySelector('main')!.append(link);
    }, HISTORY);
    await pressEscapeOnceShown(page);
    await page.locator(`poptin-popup[poptin-id="${FREE}"] dialog[open]`).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Our offer' }).click();
    const click = await eventually('the click-display call', async () =>
      calls.find((call) => call.path === `/api/display/click/${HISTORY}`),
    );
    const request = JSON.parse(click.body) as Record<string, unknown>;
    assert.equal(request.poptin_display, HISTORY);
    assert.equal('visitor_id' in request, false, 'no visitor id');
    assert.deepEqual(request.cookies, {});
    assert.equal(request.all_visited_pages, '');
    await page.waitForTimeout(500);
    assert.deepEqual(await storedInBrowser(page), NOTHING);
    await page.context().close();
  });

  it('stores nothing after a refusal; window.poptin.consent(true) then starts the stored state from this page view', async () => {
    const { page, calls } = await open('consent');
    await page.evaluate(() =>
      (window as unknown as { poptin: { consent(given: boolean): void } }).poptin.consent(false),
    );
    await page.waitForTimeout(1_500);
    assert.deepEqual(await storedInBrowser(page), NOTHING, 'a refusal stores nothing');

    await page.evaluate(() =>
      (window as unknown as { poptin: { consent(given: boolean): void } }).poptin.consent(true),
    );
    const stored = await eventually('the visitor stored after consent', async () => {
      const now = await storedInBrowser(page);
      return now.cookies.includes('poptin_visitor') ? now : undefined;
    });
    const record = await eventually('this page view on record', async () => {
      const current = visitorRecordOf(await page.context().cookies());
      return current.get('g')?.values.some((visited) => visited.includes('consent.html')) ? current : undefined;
    });
    assert.deepEqual(stored.session, [], 'nothing in session storage');
    const visitorId = record.get('v')!.values[0];
    // Each page view starts without consent until the page says it again (a CMP answers at once from its own record).
    // With no pop-up open, consent decides the page again, naming the visitor and the history since the first consent.
    await page.reload();
    await page.locator(`poptin-popup[poptin-id="${FREE}"] input[name=Email]`).waitFor({ state: 'visible' });
    await pressEscapeOnceShown(page);
    await page.locator(`poptin-popup[poptin-id="${FREE}"] input[name=Email]`).waitFor({ state: 'hidden' });
    await page.evaluate(() =>
      (window as unknown as { poptin: { consent(given: boolean): void } }).poptin.consent(true),
    );
    const named = await eventually('a display call naming the visitor', async () =>
      calls
        .map((call) =>
          call.path === '/api/display/consenting'
            ? (JSON.parse(call.body) as { visitor_id?: string; previous_visited_pages?: string })
            : null,
        )
        .find((body) => body?.visitor_id),
    );
    assert.equal(named.visitor_id, visitorId);
    assert.match(
      String(named.previous_visited_pages),
      /consent\.html/,
      'the history starts from the page view of consent',
    );
    await page.context().close();
  });

  it('starts storing when a TCF v2.2 CMP reports purpose 1 consented, not while its banner is up or on a refusal', async () => {
    const { page } = await open('consent-tcf');
    await page.waitForTimeout(1_200);
    assert.deepEqual(await storedInBrowser(page), NOTHING, 'the banner is up');
    await page.evaluate(() => (window as unknown as { answerCmp(storage: boolean): void }).answerCmp(false));
    await page.waitForTimeout(1_200);
    assert.deepEqual(await storedInBrowser(page), NOTHING, 'purpose 1 refused');
    await page.evaluate(() => (window as unknown as { answerCmp(storage: boolean): void }).answerCmp(true));
    await eventually('the visitor stored after the CMP consent', async () =>
      (await storedInBrowser(page)).cookies.includes('poptin_visitor'),
    );
    await page.context().close();
  });

  it('starts storing on a Google consent mode update granting analytics_storage', async () => {
    const { page } = await open('consent-gtag');
    await page.waitForTimeout(1_200);
    assert.deepEqual(await storedInBrowser(page), NOTHING, 'denied by default');
    await page.evaluate(() =>
      (window as unknown as { gtag(...args: unknown[]): void }).gtag('consent', 'update', {
        analytics_storage: 'granted',
      }),
    );
    await eventually('the visitor stored after gtag consent', async () =>
      (await storedInBrowser(page)).cookies.includes('poptin_visitor'),
    );
    await page.context().close();
  });

  it('with lead-before-consent="hold", keeps a lead in memory until the visitor consents, then sends it', async () => {
    const { page, calls } = await open('consent-hold');
    const email = 'held.until.consent@example.com';
    await submitLead(page, email);
    await page.waitForTimeout(1_500);
    assert.deepEqual(
      calls.map((call) => call.path),
      ['/api/display/consenting'],
      'the lead waits',
    );
    assert.deepEqual(await storedInBrowser(page), NOTHING);
    await page.evaluate(() =>
      (window as unknown as { poptin: { consent(given: boolean): void } }).poptin.consent(true),
    );
    const lead = await eventually('the lead sent on consent', async () =>
      (await ownerLeads(server, 'consenting')).find((stored) => stored.email === email),
    );
    assert.equal(lead.email, email);
    await page.context().close();
  });
});
