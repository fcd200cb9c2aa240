// A site's read-out in the owner console, end to end on the real display server: leads stored through the display
// API are found by search and filtered by day in the console, the filtered CSV is downloaded and read back, a person is
// erased and nothing of them is found after, and the stats chart's table moves after a view is recorded. A site far
// from UTC has its leads filtered by its own days and their times read on its clock, while the CSV keeps UTC; its
// stats count its own days too, whatever the owner's browser says.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { OWNER_TOKEN, ownerGet, useBrowserAndServer } from './harness.ts';

const PASSWORD = 'e2e console insights password';
const RUN = Date.now().toString(36);
const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD } });

async function postJson<T>(pathname: string, body: object): Promise<T> {
  const response = await fetch(`${shared.server.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, `${pathname}: ${await response.clone().text()}`);
  return (await response.json()) as T;
}

/** A pop-up of the demo site as a visitor meets it: its id and the viewer id its leads go to. */
async function demoPopup(): Promise<{ poptin_id: string; viewer_id: string }> {
  const answer = await postJson<{ poptins: { poptin_id: string; viewer_id: string }[] }>('/api/display/demo', {});
  assert.ok(answer.poptins.length > 0, 'the demo site serves a pop-up');
  return answer.poptins[0]!;
}

async function setSiteTimeZone(timeZone: string): Promise<void> {
  const changed = await fetch(`${shared.server.url}/api/owner/demo/site`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timeZone }),
  });
  assert.equal(changed.status, 200, await changed.text());
}

/** The console signed in, in a browser whose clock reads `timezoneId` (UTC unless told). */
async function signIn(timezoneId = 'UTC'): Promise<Page> {
  const page = await (
    await shared.browser.newContext({ acceptDownloads: true, timezoneId, locale: 'en-US' })
  ).newPage();
  await page.goto(`${shared.server.url}/console/`);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
  return page;
}

const shownEmails = (page: Page) => page.getByRole('table', { name: 'Leads' }).locator('tbody th').allInnerTexts();

describe('owner console: leads, people and stats', () => {
  it('finds a lead by search, filters by day, downloads the filtered CSV, erases a person and sees a chart move after a view', async () => {
    const popup = await demoPopup();
    const ana = `ana.${RUN}@example.org`;
    const bo = `bo.${RUN}@example.org`;
    await postJson(`/api/display/conversion/${popup.viewer_id}`, {
      email: ana,
      name: 'Ana Lima',
      company: `Quetzal ${RUN}`,
      idempotency_key: `insights-${RUN}-1`,
      since_page_load_ms: 5000,
    });
    await postJson(`/api/display/conversion/${popup.viewer_id}`, {
      email: bo,
      name: 'Bo Chen',
      idempotency_key: `insights-${RUN}-2`,
      since_page_load_ms: 5000,
    });

    const page = await signIn();
    await page.goto(`${shared.server.url}/console/sites/demo`);
    await page
      .getByRole('navigation', { name: 'Site sections' })
      .getByRole('link', { name: 'Leads', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();

    // Search by a field other than the e-mail, then by day: today has both, yesterday neither.
    const search = page.getByRole('searchbox', { name: /^Search/ });
    await search.fill(`quetzal ${RUN}`);
    await search.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    assert.deepEqual(await shownEmails(page), [ana]);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await search.fill(RUN);
    await page.getByLabel(/^From/).fill(today);
    await page.getByLabel(/^To/).fill(today);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    assert.deepEqual(await shownEmails(page), [bo, ana]);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV of these leads' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const rows = csv.trim().split(/\r?\n/);
    assert.equal(rows.length, 3, csv);
    assert.ok(rows[1].includes(bo) && rows[2].includes(ana), csv);

    await page.getByLabel(/^From/).fill(yesterday);
    await page.getByLabel(/^To/).fill(yesterday);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('status').filter({ hasText: 'No leads match.' }).waitFor();

    // Ana is erased; nothing of her is found after.
    await page.getByRole('link', { name: 'People' }).click();
    await page.getByRole('textbox', { name: 'Email address' }).fill(ana.toUpperCase());
    await page.getByRole('button', { name: 'Erase their data' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Erase', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Erased ${ana.toUpperCase()}: 1 lead,` })
      .waitFor();
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'Download their data (JSON)' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `This site holds nothing about ${ana.toUpperCase()}: no lead, pop-up view, close` })
      .waitFor();
    assert.equal(downloads, 0, 'no file of empty lists');
    await page.getByRole('link', { name: 'Leads', exact: true }).click();
    await page.getByRole('searchbox', { name: /^Search/ }).fill(RUN);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    assert.deepEqual(await shownEmails(page), [bo]);

    // The chart's table counts a view recorded now.
    await page.getByRole('link', { name: 'Stats' }).click();
    const todayViews = page
      .getByRole('table', { name: /^Views per day/ })
      .getByRole('row', { name: new RegExp(`^${today} `) })
      .getByRole('cell')
      .first();
    const before = Number((await todayViews.innerText()).replace(/\D/g, ''));
    await postJson(`/api/display/viewed/${popup.poptin_id}`, {});
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForFunction(
      ({ day, count }) =>
        [...document.querySelectorAll('table tr')].some(
          (row) =>
            row.querySelector('th')?.textContent === day &&
            row.querySelector('td')?.textContent?.replace(/\D/g, '') === String(count),
        ),
      { day: today, count: before + 1 },
    );
    await page.context().close();
  });

  it("filters leads by the site's own days and shows their times on the site's clock, whatever the browser's; the CSV keeps UTC", async () => {
    const popup = await demoPopup();
    const email = `night.${RUN}@example.org`;
    await postJson(`/api/display/conversion/${popup.viewer_id}`, {
      email,
      idempotency_key: `insights-${RUN}-night`,
      since_page_load_ms: 5000,
    });
    const [stored] = (
      await ownerGet<{ leads: { created_at: string }[] }>(
        shared.server,
        `/api/owner/demo/leads?q=${encodeURIComponent(email)}`,
      )
    ).leads;
    const created = new Date(stored!.created_at);
    // A site zone whose day is not UTC's at that moment: 14 hours ahead late in the UTC day, 11 behind early in it.
    const zone = created.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const local = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' })
        .formatToParts(created)
        .map((part) => [part.type, part.value]),
    );
    const localDay = `${local.year}-${local.month!.padStart(2, '0')}-${local.day!.padStart(2, '0')}`;
    const utcDay = stored!.created_at.slice(0, 10);
    assert.notEqual(localDay, utcDay);

    await setSiteTimeZone(zone);
    // The owner's browser reads UTC: the lead's UTC day is its day, and not the site's.
    const page = await signIn('UTC');
    await page.goto(`${shared.server.url}/console/sites/demo/leads`);
    const table = page.getByRole('table', { name: 'Leads' });
    // The owner reads the list on the site's clock before narrowing it.
    await table.getByRole('columnheader', { name: `Received (${zone})` }).waitFor();
    const search = page.getByRole('searchbox', { name: /^Search/ });
    await search.fill(email);
    await page.getByLabel(/^From/).fill(localDay);
    await page.getByLabel(/^To/).fill(localDay);
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = table.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await row.waitFor();
    assert.equal(await table.getByRole('columnheader').first().textContent(), `Received (${zone})`);
    // What the CSV will hold: the search and the days together, this one lead.
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    assert.deepEqual(await shownEmails(page), [email]);
    const shown = await row.locator('time').textContent();
    assert.ok(shown?.startsWith(`${local.month}/${local.day}/${local.year},`), `${shown}: the site's day, ${localDay}`);
    assert.equal(await row.locator('time').getAttribute('datetime'), stored!.created_at);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV of these leads' }).click();
    const [header, line, ...rest] = (await readFile((await (await download).path())!, 'utf8')).trim().split(/\r?\n/);
    assert.ok(header?.startsWith('conversion_id,created_at (UTC),'), header);
    assert.ok(line?.split(',')[1] === stored!.created_at && line.includes(email), line);
    assert.deepEqual(rest, []);

    // The same lead is not on the UTC day its time falls on: for this site, that is another day.
    await page.getByLabel(/^From/).fill(utcDay);
    await page.getByLabel(/^To/).fill(utcDay);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('status').filter({ hasText: 'No leads match.' }).waitFor();
    await page.context().close();
    await setSiteTimeZone('UTC');
  });

  it("counts the stats in the site's days: its today ends the range and takes a view made now", async () => {
    const popup = await demoPopup();
    // A site zone whose date is not UTC's now: 14 hours ahead late in the UTC day, 11 behind early in it.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await setSiteTimeZone(zone);
    const siteToday = new Date().toLocaleDateString('en-CA', { timeZone: zone });
    assert.notEqual(siteToday, new Date().toISOString().slice(0, 10));

    const page = await signIn('UTC');
    await page.goto(`${shared.server.url}/console/sites/demo/stats`);
    const to = page.getByLabel(`To (day in ${zone})`);
    await to.waitFor();
    assert.equal(await to.inputValue(), siteToday, "the range ends on the site's today");
    const todayViews = page
      .getByRole('table', { name: /^Views per day/ })
      .getByRole('row', { name: new RegExp(`^${siteToday} `) })
      .getByRole('cell')
      .first();
    const before = Number(((await todayViews.textContent()) ?? '').replace(/\D/g, ''));
    await postJson(`/api/display/viewed/${popup.poptin_id}`, {});
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForFunction(
      ({ day, count }) =>
        [...document.querySelectorAll('table tr')].some(
          (row) =>
            row.querySelector('th')?.textContent === day &&
            row.querySelector('td')?.textContent?.replace(/\D/g, '') === String(count),
        ),
      { day: siteToday, count: before + 1 },
    );
    // The last of the 48 hours is this hour on the site's clock.
    const hours = page.getByRole('table', { name: new RegExp(`per hour, last 48 hours \\(${zone}\\)`) });
    const lastHour = await hours.locator('tbody tr').last().locator('th').textContent();
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    );
    assert.ok(lastHour?.startsWith(`${siteToday.slice(5)} ${clock}:`), `${lastHour}, ${siteToday} ${clock}h`);
    await page.context().close();
  });
});
