// Stored XSS through an owner's template: sanitised once on the display server, with the widget's own policy, and
// shown to a visitor in Chromium without any of it running, and without the page downloading DOMPurify for it.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { eventually, OWNER_TOKEN, useBrowserAndServer } from './harness.ts';

const RUN = Date.now().toString(36);
const SITE = `xsstpl${RUN}`;

// Each runs script when a page inserts the markup as written; the mutation XSS samples (DOMPurify's test corpus)
// only once it is serialised and parsed again, last as each swallows what follows it.
const HOSTILE = [
  '<div data-poptin-screen="form"><h2>Join us</h2>',
  '<img src="x" onerror="__xss(1)">',
  '<script>__xss(2)</script>',
  '<a id="js-link" href="javascript:__xss(3)">a link</a>',
  '<svg onload="__xss(4)"><circle r="1"></circle></svg>',
  '<form><input type="email" name="Email"><button type="submit">Join</button></form></div>',
  '<svg></p><style><a id="</style><img src=1 onerror=__xss(5)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss(6)>',
].join('');

// Pop-ups loaded from files: one whose template is inline, which the server sanitises after its start, and one whose
// template the widget fetches from an address, which it sanitises itself (a fetched template is never marked).
const filesDir = await mkdtemp(path.join(tmpdir(), 'poptin-xss-template-'));
await mkdir(path.join(filesDir, 'clients'));
await mkdir(path.join(filesDir, 'popups'));
const TEMPLATE_ADDRESS = '/xss-template.html';
for (const [clientId, poptinId, template] of [
  ['xssfile', 'xssfile000001', { poptin: HOSTILE }],
  ['xssurl', 'xssurl0000001', { poptin: '', poptin_url: TEMPLATE_ADDRESS }],
] as const) {
  await writeFile(
    path.join(filesDir, `clients/${clientId}.json`),
    JSON.stringify({ client_id: clientId, name: clientId, allowed_origins: [] }),
  );
  await writeFile(
    path.join(filesDir, `popups/${poptinId}.json`),
    JSON.stringify({
      client_id: clientId,
      poptin_id: poptinId,
      poptin_name: 'Hostile file',
      poptin_type: 'lightbox',
      d_f_r: 'all@display_everytime_everypage',
      display_after_sec_active: '0',
      ...template,
    }),
  );
}
const shared = useBrowserAndServer({
  env: { POPUPS_DIR: path.join(filesDir, 'popups'), CLIENTS_DIR: path.join(filesDir, 'clients') },
});
after(() => rm(filesDir, { recursive: true, force: true }));

async function ownerPost<T>(pathname: string, body: object): Promise<T> {
  const response = await fetch(`${shared.server.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${OWNER_TOKEN}` },
    body: JSON.stringify(body),
  });
  assert.ok(response.ok, `POST ${pathname}: ${response.status} ${await response.clone().text()}`);
  return (await response.json()) as T;
}

/** A visitor's page of the site: what ran of the template's script, and the files it downloaded that hold DOMPurify. */
async function visit(clientId: string): Promise<{ page: Page; ran: string[]; scripts: string[] }> {
  const page = await shared.browser.newPage();
  const ran: string[] = [];
  const scripts: string[] = [];
  await page.exposeFunction('__xssHit', (id: number) => ran.push(String(id)));
  await page.addInitScript(() => {
    (window as unknown as { __xss(id: number): void }).__xss = (id) =>
      (window as unknown as { __xssHit(id: number): void }).__xssHit(id);
  });
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  // The widget's files that hold DOMPurify, wherever the build put it.
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('DOMPurify')) scripts.push(new URL(response.url()).pathname);
  });
  await page.route(
    (url) => url.pathname === TEMPLATE_ADDRESS,
    (route) => route.fulfill({ contentType: 'text/html', body: HOSTILE }),
  );
  const pathname = `/shop-${clientId}.html`;
  await page.route(
    (url) => url.pathname === pathname,
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Shop</title><script type="module" src="/dist/poptin.js?id=${clientId}"></script><main><h1>Shop</h1></main></html>`,
      }),
  );
  await page.goto(`${shared.server.url}${pathname}`);
  return { page, ran, scripts };
}

/** The pop-up is shown; its link is clicked; the template's script had every chance to run. */
async function shownWithoutScript(visitor: Awaited<ReturnType<typeof visit>>): Promise<void> {
  const { page, ran } = visitor;
  const dialog = page.locator('poptin-popup dialog[open]');
  await dialog.waitFor({ timeout: 30_000 });
  assert.match((await dialog.textContent()) ?? '', /Join us/);
  await dialog.locator('#js-link').click();
  await page.waitForTimeout(500);
  assert.deepEqual(ran, [], 'none of the template ran');
  assert.equal(await page.locator('poptin-popup script, poptin-popup [onerror], poptin-popup [onload]').count(), 0);
}

describe("an owner's hostile template, sanitised on the server", () => {
  it('published in the console, is shown to a visitor with none of it running, and without DOMPurify', async () => {
    await ownerPost('/api/owner/sites', { clientId: SITE, name: 'XSS shop', allowedOrigins: [] });
    const { popup } = await ownerPost<{ popup: { id: string } }>(`/api/owner/${SITE}/popups`, {
      config: {
        poptin_name: 'Hostile',
        poptin_type: 'lightbox',
        display_after_sec_active: '0',
        d_f_r: 'all@display_everytime_everypage',
        poptin: HOSTILE,
      },
    });
    await ownerPost(`/api/owner/${SITE}/popups/${popup.id}/publish`, {});
    const visitor = await visit(SITE);
    await shownWithoutScript(visitor);
    assert.deepEqual(visitor.scripts, [], 'the page downloaded no sanitiser');
    await visitor.page.close();
  });
});

describe('a hostile template of a configuration file', () => {
  it('inline, is sanitised by the server after its start: shown with none of it running, and without DOMPurify', async () => {
    await eventually('the display answer marks it sanitised', async () => {
      const response = await fetch(`${shared.server.url}/api/display/xssfile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const { poptins } = (await response.json()) as { poptins: { poptin_sanitized?: boolean }[] };
      return poptins[0]?.poptin_sanitized === true;
    });
    const visitor = await visit('xssfile');
    await shownWithoutScript(visitor);
    assert.deepEqual(visitor.scripts, [], 'the page downloaded no sanitiser');
    await visitor.page.close();
  });

  it('fetched from its address, is sanitised by the widget itself: shown with none of it running', async () => {
    const visitor = await visit('xssurl');
    await shownWithoutScript(visitor);
    assert.notDeepEqual(visitor.scripts, [], 'the widget loaded its sanitiser for the fetched template');
    await visitor.page.close();
  });
});
