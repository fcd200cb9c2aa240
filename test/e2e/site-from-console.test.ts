// A site set up from the console alone, on the real display server: an owner creates it from its address, pastes its
// snippet into a page on that origin, and the site page says where it was seen; a page on an origin the site does
// not allow is named, and allowed with one click, after which its display calls are answered.

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { freePort, useBrowserAndServer } from './harness.ts';

const PASSWORD = 'e2e site password 0123';
const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD } });

/** The owner's own page: plain HTML with the snippet the console gave, on a 127.0.0.1 port of its own. */
let snippet = '';
const pageServers: Server[] = [];
async function ownersPage(): Promise<string> {
  const port = await freePort();
  const server = createServer((request, response) => {
    if (request.url === '/favicon.ico') return void response.writeHead(204).end();
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><title>Shop</title><h1>Shop</h1>${snippet}</html>`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  pageServers.push(server);
  return `http://127.0.0.1:${port}`;
}

/** Opens the owner's page as a visitor does; answers whether its display call was answered (CORS let it through). */
async function visit(page: Page, origin: string, clientId: string): Promise<'answered' | 'blocked'> {
  const isDisplayCall = (url: string) => url.endsWith(`/api/display/${clientId}`);
  const outcome = Promise.race([
    page.waitForResponse((response) => isDisplayCall(response.url())).then(() => 'answered' as const),
    page.waitForEvent('requestfailed', (request) => isDisplayCall(request.url())).then(() => 'blocked' as const),
  ]);
  await page.goto(`${origin}/`);
  return outcome;
}

let shopOrigin = '';
let stagingOrigin = '';
before(async () => {
  shopOrigin = await ownersPage();
  stagingOrigin = await ownersPage();
});
after(() => {
  for (const server of pageServers) server.close();
});

describe('a site from the console alone', () => {
  it('is created from its address, says where its snippet was seen, and allows a refused origin with one click', async () => {
    const { browser, server } = shared;
    const console_ = await (await browser.newContext()).newPage();
    await console_.goto(`${server.url}/console/`);
    await console_.getByLabel('Email').fill('owner@example.com');
    await console_.getByLabel('Password').fill(PASSWORD);
    await console_.getByRole('button', { name: 'Sign in' }).click();
    await console_.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();

    await console_.getByRole('textbox', { name: "The site's address" }).fill(`${shopOrigin}/home`);
    await console_.getByRole('button', { name: 'Create' }).click();
    const host = new URL(shopOrigin).host;
    await console_.getByRole('heading', { level: 1, name: host }).waitFor();
    const clientId = decodeURIComponent(new URL(console_.url()).pathname.split('/').at(-1)!);
    const installation = console_.getByRole('region', { name: 'Installation' });
    await installation.getByText(/^Not seen yet/).waitFor();
    // The snippet is on the site's Settings.
    await console_.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Settings' }).click();
    await console_.getByRole('heading', { level: 1, name: /^Settings · / }).waitFor();
    snippet =
      (await console_.getByRole('region', { name: 'Embed on your site' }).locator('pre').first().textContent()) ?? '';
    assert.match(snippet, new RegExp(`poptin\\.js\\?id=${clientId}`));
    await console_.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Pop-ups' }).click();

    const visitor = await (await browser.newContext()).newPage();
    assert.equal(await visit(visitor, shopOrigin, clientId), 'answered', "the site's own origin is answered");
    assert.equal(await visit(visitor, stagingOrigin, clientId), 'blocked', 'another origin is refused');

    // What the server saw is written within 5 s; the site page looks again every 30 s, and a reload at once.
    const refused = installation.getByText(`Calls from ${stagingOrigin} are refused`);
    for (let tries = 0; !(await refused.isVisible()) && tries < 15; tries++) {
      await console_.waitForTimeout(1_000);
      await console_.reload();
    }
    await installation.getByText(`Installed: pop-ups were asked for from ${shopOrigin}`).waitFor();
    await refused.waitFor();
    await installation.getByRole('button', { name: `Allow ${stagingOrigin}` }).click();
    await installation
      .getByRole('status')
      .filter({ hasText: `${stagingOrigin} is allowed now.` })
      .waitFor();
    assert.equal(await visit(visitor, stagingOrigin, clientId), 'answered', 'allowed from the console, no restart');

    await console_.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Settings' }).click();
    await console_.getByRole('heading', { level: 1, name: /^Settings · / }).waitFor();
    const origins = await console_.getByRole('textbox', { name: 'Addresses allowed to show pop-ups' }).inputValue();
    assert.deepEqual(origins.split('\n'), [shopOrigin, stagingOrigin]);
    await console_.getByRole('combobox', { name: 'Time zone' }).selectOption('Asia/Jerusalem');
    await console_.getByRole('button', { name: 'Save settings' }).click();
    await console_.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    await console_.reload();
    assert.equal(await console_.getByRole('combobox', { name: 'Time zone' }).inputValue(), 'Asia/Jerusalem');
  });

  it("says in the owner's language what to fix in an address that is not one, and asks nothing of the name left empty", async () => {
    const { browser, server } = shared;
    const context = await browser.newContext();
    await context.addInitScript(() => sessionStorage.setItem('poptin-console-language', 'he'));
    const console_ = await context.newPage();
    await console_.goto(`${server.url}/console/`);
    await console_.locator('input[type=email]').fill('owner@example.com');
    await console_.locator('input[type=password]').fill(PASSWORD);
    await console_.locator('button[type=submit]').click();
    await console_.getByRole('heading', { level: 1, name: 'אתרים' }).waitFor();
    await console_.getByRole('textbox', { name: 'כתובת האתר' }).fill('shop dot example');
    await console_.getByRole('button', { name: 'יצירה' }).click();
    const problems = console_.getByRole('alert').getByRole('listitem');
    await problems.first().waitFor();
    assert.deepEqual(await problems.allTextContents(), [
      'כתובת האתר: אינה כתובת אינטרנט: הקלידו אותה כך: \u2066https://shop.example\u2069',
    ]);
    await context.close();
  });
});
