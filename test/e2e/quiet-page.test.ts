import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES_ENV, eventually, launchChromium, ownerLeads, startServerProcess, type ServerProcess } from './harness.ts';

// A site whose display answer has no pop-up for the page: the loader asks the server itself, and the session
// chunk (decisions, triggers, the outbox) is downloaded only once something needs it.
describe('a page with nothing to show', () => {
  let browser: Browser;
  let server: ServerProcess;
  let dirs: string[] = [];

  before(async () => {
    const clientsDir = await mkdtemp(path.join(tmpdir(), 'poptin-quiet-clients-'));
    const pagesDir = await mkdtemp(path.join(tmpdir(), 'poptin-quiet-pages-'));
    dirs = [clientsDir, pagesDir];
    await cp(FIXTURES_ENV.CLIENTS_DIR!, clientsDir, { recursive: true });
    await writeFile(path.join(clientsDir, 'quiet.json'), JSON.stringify({ client_id: 'quiet', name: 'quiet', allowed_origins: [] }));
    await writeFile(
      path.join(pagesDir, 'quiet.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>quiet</title><script type="module" src="/dist/poptin.js?id=quiet"></script></head><body><main><h1>Nothing to show</h1></main></body></html>',
    );
    [browser, server] = await Promise.all([launchChromium(), startServerProcess({ env: { ...FIXTURES_ENV, CLIENTS_DIR: clientsDir, EXAMPLES_DIR: pagesDir } })]);
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** Opens the quiet page and resolves once its display answer has been handled, with the scripts it loaded. */
  async function openQuietPage(page: Page): Promise<{ scripts: string[]; display: unknown }> {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.addInitScript(() => {
      document.addEventListener('poptin-display', (event) => ((window as unknown as { displayed: unknown }).displayed = (event as CustomEvent).detail));
    });
    await page.goto(`${server.url}/examples/quiet.html`);
    const display = await (await page.waitForFunction(() => (window as unknown as { displayed?: unknown }).displayed)).jsonValue();
    return { scripts, display };
  }

  it('downloads nothing but the loader, and still says the answer arrived', async () => {
    const page = await browser.newPage();
    const { scripts, display } = await openQuietPage(page);
    assert.deepEqual(display, { display: 'allowed', count: 0 });
    await page.waitForTimeout(1_000);
    assert.deepEqual(scripts, ['/dist/poptin.js'], 'no chunk is loaded');
    const cookies = await page.context().cookies();
    assert.equal(cookies.find((cookie) => cookie.name === 'poptin_client_id')?.value, 'quiet', 'the visitor is remembered as on a quiet page before');
    await page.close();
  });

  it('window.poptin.show still opens a pop-up, loading what it needs then', async () => {
    const page = await browser.newPage();
    await openQuietPage(page);
    assert.equal(await page.evaluate(() => (window as unknown as { poptin: { show(id: string): Promise<boolean> } }).poptin.show('fixtureexpl01')), true);
    await page.locator('poptin-popup[poptin-id="fixtureexpl01"] dialog[open]').waitFor();
    await page.close();
  });

  it('sends a lead an earlier page left in the outbox', async () => {
    const answer = (await (await fetch(`${server.url}/api/display/widget`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { poptins: { viewer_id: string }[] };
    const viewerId = answer.poptins[0]!.viewer_id;
    const page = await browser.newPage();
    await openQuietPage(page);
    await page.evaluate(
      ({ url }) => {
        const key = 'quiet-page-left-lead';
        const entry = { key, kind: 'lead', url, fields: { email: 'left.behind@example.com', idempotency_key: key }, attempts: 1, nextAttemptAt: 0, createdAt: Date.now() };
        localStorage.setItem('poptin_outbox', JSON.stringify({ [key]: entry }));
      },
      { url: `${server.url}/api/display/conversion/${viewerId}` },
    );
    await page.reload();
    await eventually('the lead left behind', async () => (await ownerLeads(server, 'widget')).some((lead) => lead.email === 'left.behind@example.com'));
    await page.waitForFunction(() => localStorage.getItem('poptin_outbox') === '{}');
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
