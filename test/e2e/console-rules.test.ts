// Display rules set in the console's rule builder, on the real display server, obeyed on the owner's own page on
// another origin: a schedule (left out by the server before its start, shown once the owner moves the start back,
// the pop-up list saying when it starts) and a UTM rule (shown to the campaign it names, not to another).

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { answerLate, explainPopup, freePort, useBrowserAndServer } from './harness.ts';

const PASSWORD = 'e2e console rules password 0123';
const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD } });

let snippet = '';
let shop: Server;
let shopOrigin = '';
before(async () => {
  const port = await freePort();
  shop = createServer((request, response) => {
    if (request.url === '/favicon.ico') return void response.writeHead(204).end();
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><title>Shop</title><h1>Shop</h1>${snippet}</html>`);
  });
  await new Promise<void>((resolve) => shop.listen(port, '127.0.0.1', resolve));
  shopOrigin = `http://127.0.0.1:${port}`;
});
after(() => shop?.close());

const html = (headline: string) =>
  `<div data-poptin-screen="form"><h2 data-poptin-part="headline">${headline}</h2><form><input type="email" name="Email" aria-label="Email"><button type="submit" data-poptin-part="button">Join</button></form></div>`;

/** The console signed in, with a site for the shop's origin made from its address; the site's client id. */
async function consoleWithShop(): Promise<{ page: Page; clientId: string }> {
  const { browser, server } = shared;
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(`${server.url}/console/`);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
  await page.getByRole('textbox', { name: "The site's address" }).fill(`${shopOrigin}/`);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { level: 1, name: new URL(shopOrigin).host }).waitFor();
  const clientId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  snippet = `<script type="module" src="${server.url}/dist/poptin.js?id=${encodeURIComponent(clientId)}"></script>`;
  return { page, clientId };
}

/** A pop-up made through the owner API, its editor then open in the console. */
async function editorOf(page: Page, clientId: string, name: string): Promise<string> {
  const { server } = shared;
  const response = await page.request.post(`${server.url}/api/owner/${encodeURIComponent(clientId)}/popups`, {
    headers: { origin: server.url },
    data: {
      config: {
        poptin_name: name,
        poptin_type: 'lightbox',
        poptin_format: 'format_1',
        display_after_sec_active: 'no',
        d_f_r: 'all@display_everytime_everypage_100',
        poptin: html(name),
      },
    },
  });
  assert.equal(response.status(), 201, await response.text());
  const { popup } = (await response.json()) as { popup: { id: string } };
  await page.goto(`${server.url}/console/sites/${encodeURIComponent(clientId)}/popups/${popup.id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return popup.id;
}

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
}

/** A new visitor opens the shop's page at `path`: the ids of the display answer's pop-ups, and the page. */
async function visit(path: string): Promise<{ page: Page; answered: string[] }> {
  const page = await (await shared.browser.newContext()).newPage();
  const answer = page.waitForResponse((response) => response.url().includes('/api/display/'));
  await page.goto(`${shopOrigin}${path}`);
  const body = (await (await answer).json()) as { poptins: { poptin_id: string }[] };
  return { page, answered: body.poptins.map((popup) => popup.poptin_id) };
}

/** A local date-time "YYYY-MM-DDTHH:MM" in UTC (the site's time zone until one is set), days from now. */
const utcDaysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 14).concat('00');

describe('owner console: rules set in the builder, obeyed on the site', () => {
  it('a schedule: left out before its start, the list says when it starts; moved back, it shows', async () => {
    const { page, clientId } = await consoleWithShop();
    const id = await editorOf(page, clientId, 'Scheduled offer');
    const schedule = page.getByRole('group', { name: 'Schedule' });
    const start = utcDaysFromNow(2);
    await schedule.getByLabel('Starts').fill(start);
    await page
      .locator('[data-rule="schedule"] > .rule-words')
      .filter({ hasText: /^Shows from .*, UTC\.$/ })
      .waitFor();
    await publish(page);

    const before = await visit('/');
    assert.deepEqual(before.answered, [], 'the server leaves out a pop-up whose schedule has not started');
    await before.page.context().close();

    await page.getByRole('link', { name: 'Back' }).click();
    const card = page.locator('.popup-card').filter({ hasText: 'Scheduled offer' });
    await card
      .locator('[data-schedule="starts"]')
      .filter({ hasText: /^Scheduled: starts / })
      .waitFor();

    // On a slow connection the pop-up is read again while the owner starts typing: the editor waits for it rather
    // than showing the copy it read before the publish, and then starting over from the new one.
    await answerLate(page, `**/api/owner/*/popups/${id}`, 1500);
    await card.getByRole('link', { name: 'Scheduled offer' }).click();
    await schedule.getByLabel('Starts').fill(utcDaysFromNow(-1));
    await schedule.getByLabel('Ends').fill(utcDaysFromNow(1));
    await publish(page);
    const after = await visit('/');
    assert.deepEqual(after.answered, [id]);
    await after.page.getByRole('dialog', { name: 'Scheduled offer' }).waitFor();
    await after.page.context().close();
    await page.context().close();
  });

  it('a UTM rule: shown to the campaign it names, not to another', async () => {
    const { page, clientId } = await consoleWithShop();
    const id = await editorOf(page, clientId, 'Spring offer');
    await page.getByRole('button', { name: 'Add a UTM rule' }).click();
    const rule = page.getByRole('group', { name: 'UTM rule 1' });
    await rule.getByRole('combobox', { name: 'Parameter' }).selectOption('utm_campaign');
    await rule.getByRole('textbox', { name: 'Value' }).fill('spring');
    await page
      .locator('[data-rule="utm"] > .rule-words')
      .filter({ hasText: 'Shows only when the UTM campaign contains "spring".' })
      .waitFor();
    await publish(page);

    const spring = await visit('/?utm_campaign=spring-2026&utm_source=newsletter');
    await spring.page.getByRole('dialog', { name: 'Spring offer' }).waitFor();
    await spring.page.context().close();

    const winter = await visit('/?utm_campaign=winter');
    const explanation = await explainPopup(winter.page, id);
    assert.deepEqual(
      explanation.blockedBy.map((blocked) => `${blocked.rule}: ${blocked.reason}`),
      ['utm_targeting: utm_campaign "winter" matches none of contain "spring"'],
    );
    await winter.page.context().close();
    await page.context().close();
  });
});
