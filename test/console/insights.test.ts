// A site's leads, people, stats and A/B tests in the console, in Chromium against the in-memory owner API
// (test/console/fake-owner-api.ts, its read-out part in fake-insights-api.ts): what an owner does with the keyboard and
// the mouse, screen-reader tables behind the charts, Hebrew right to left, and axe. Needs `npm run build`.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { axeViolations, signInWithKeyboard, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

async function signedIn(options: { reducedMotion?: 'reduce' } = {}): Promise<Page> {
  // The owner's days are the browser's: UTC here, as the fake's leads are dated.
  const context = await browser.newContext({
    acceptDownloads: true,
    reducedMotion: options.reducedMotion,
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await signInWithKeyboard(page, fake);
  return page;
}

const leadRows = (page: Page) => page.getByRole('table', { name: 'Leads' }).locator('tbody tr');
const emailsShown = (page: Page) => leadRows(page).locator('th').allInnerTexts();

describe('console: leads', () => {
  it("lists leads newest first from the site's page, and pages on with the server's cursor", async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'Demo site' }).click();
    await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Leads' }).click();
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 100);
    const first = await emailsShown(page);
    assert.equal(first[0], 'person130@example.com');
    assert.equal(first[99], 'person31@example.com');
    await page.getByRole('button', { name: 'Load more' }).click();
    // 130 leads, the honeypot one left out: 129, and no more to load.
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 129);
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    const asked = fake.insights.queries.filter((query) => query.startsWith('GET leads?'));
    assert.deepEqual(asked.slice(-2), ['GET leads?spam=exclude', 'GET leads?spam=exclude&after=31']);
    assert.equal(await page.getByRole('link', { name: 'Leads', exact: true }).getAttribute('aria-current'), 'page');
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it('finds a lead by any field with the keyboard, shows its every detail, and downloads exactly the filtered CSV', async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/leads`);
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search (email, name, phone or any field)' }).focus();
    await page.keyboard.type('xxl-UNIQUE');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    assert.deepEqual(await emailsShown(page), ['person42@example.com']);

    const details = page.getByRole('button', { name: 'Details: person42@example.com' });
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Lead #42' });
    await dialog.getByText('exit_intent').waitFor();
    const text = await dialog.innerText();
    for (const expected of [
      'person42@example.com',
      'Person 42',
      'https://demo.example/page-0?from=ad',
      'mobile',
      'Pop-up popupB000002 (variant of popupA000001)',
      'ten-off · SAVE10',
      'XXL-unique',
    ]) {
      assert.ok(text.includes(expected), `the detail shows ${expected}`);
    }
    // The form's answer beyond the e-mail and name under its own name; the rest of what was sent folded away.
    const answers = dialog.getByRole('heading', { name: 'Other answers' }).locator('xpath=following-sibling::dl[1]');
    assert.deepEqual(await answers.locator('dt, dd').allInnerTexts(), ['size', 'XXL-unique']);
    const sent = dialog.locator('details');
    assert.equal(await sent.locator('summary').textContent(), 'Everything the widget sent (2 fields with a value)');
    assert.equal(await sent.locator('dd').first().isVisible(), false);
    await sent.locator('summary').click();
    assert.deepEqual(await sent.locator('dt').allInnerTexts(), ['email', 'size']);
    await dialog.getByRole('region', { name: 'Delivery status' }).waitFor({ state: 'attached' });
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Details: person42@example.com',
    );

    const link = page.getByRole('link', { name: 'Download CSV of these leads' });
    assert.match((await link.getAttribute('href')) ?? '', /\/leads\.csv\?q=xxl-UNIQUE&spam=exclude$/);
    const download = page.waitForEvent('download');
    await link.click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    assert.equal(lines.length, 2);
    assert.match(lines[1], /^42,.*,person42@example\.com,Person 42,$/);
    await page.context().close();
  });

  it('leaves the prize out of the detail of a lead that won none', async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/leads`);
    await page.getByRole('searchbox', { name: 'Search (email, name, phone or any field)' }).fill('person41@');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await page.getByRole('button', { name: 'Details: person41@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lead #41' });
    await dialog.getByText(/^Everything the widget sent/).waitFor();
    assert.equal(await dialog.getByText('Prize', { exact: true }).count(), 0);
    await page.context().close();
  });

  it('filters by date range and variant, and moves a lead into spam and back', async () => {
    fake.popups.set('popupB000002', {
      id: 'popupB000002',
      status: 'live',
      draft: { poptin_name: 'Spring B', poptin_type: 'lightbox' },
      published: null,
      revision: 1,
      updatedAt: '',
      publishedAt: null,
      history: [],
    });
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/leads`);
    const newest = fake.insights.leads.reduce((latest, lead) =>
      lead.conversion_id > latest.conversion_id ? lead : latest,
    );
    const today = newest.created_at.slice(0, 10);
    await page.getByLabel(/^From \(day in UTC\)/).fill(today);
    await page.getByLabel(/^To \(day in UTC\)/).fill(today);
    await page.getByRole('combobox', { name: 'Variant', exact: true }).selectOption({ label: 'Spring B' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction(() => !document.querySelector('[role="status"]'));
    const expected = fake.insights.leads
      .filter((lead) => lead.created_at.startsWith(today) && lead.poptin_id === 'popupB000002' && !lead.spam_reason)
      .map((lead) => lead.email)
      .reverse();
    assert.ok(expected.length > 0);
    await page.waitForFunction((count) => document.querySelectorAll('tbody tr').length === count, expected.length);
    assert.deepEqual(await emailsShown(page), expected);
    assert.deepEqual(
      new Set(await leadRows(page).locator('td:nth-of-type(4)').allInnerTexts()),
      new Set(['Spring B']),
      'the pop-up by its name',
    );
    const asked = new URLSearchParams(fake.insights.queries.at(-1)?.split('?')[1]);
    assert.deepEqual(
      [asked.get('variant'), asked.get('from'), asked.get('to')],
      ['popupB000002', `${today}T00:00:00.000Z`, new Date(Date.parse(today) + 86_400_000).toISOString()],
      "the owner's day as the instants it starts and ends at",
    );

    const who = expected[0]!;
    await page.getByRole('button', { name: `Mark as spam: ${who}` }).click();
    await page.getByRole('button', { name: `Mark as spam: ${who}` }).waitFor({ state: 'detached' });
    assert.equal(fake.insights.leads.find((lead) => lead.email === who)?.spam_reason, 'owner');
    await page.getByRole('combobox', { name: 'Spam' }).selectOption('only');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: `Not spam: ${who}` }).click();
    await page.getByRole('button', { name: `Not spam: ${who}` }).waitFor({ state: 'detached' });
    assert.equal(fake.insights.leads.find((lead) => lead.email === who)?.spam_reason, null);
    await page.context().close();
  });
});

describe("console: leads in the site's time zone", () => {
  it("shows lead times and reads the day filters on the site's clock, not the browser's", async () => {
    const site = fake.sites.find((each) => each.clientId === 'demo')!;
    site.timeZone = 'America/New_York';
    const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
    try {
      const page = await context.newPage();
      await signInWithKeyboard(page, fake);
      await page.goto(`${fake.url}/console/sites/demo/leads`);
      const table = page.getByRole('table', { name: 'Leads' });
      await table.getByRole('columnheader', { name: 'Received (America/New_York)' }).waitFor();
      const newest = fake.insights.leads.reduce((latest, lead) =>
        lead.conversion_id > latest.conversion_id ? lead : latest,
      );
      const firstTime = table.locator('tbody tr').first().locator('time');
      assert.equal(await firstTime.getAttribute('datetime'), newest.created_at);
      assert.equal(
        await firstTime.textContent(),
        new Date(newest.created_at).toLocaleString('en-US', { timeZone: 'America/New_York' }),
        "the time on the site's clock",
      );
      // 8 March 2026 is the day New York's clocks go forward: 23 hours from its midnight to the next.
      await page.getByLabel('From (day in America/New_York)').fill('2026-03-08');
      await page.getByLabel('To (day in America/New_York)').fill('2026-03-08');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('status').filter({ hasText: 'No leads match.' }).waitFor();
      const asked = new URLSearchParams(fake.insights.queries.at(-1)?.split('?')[1]);
      assert.deepEqual(
        [asked.get('from'), asked.get('to')],
        ['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
        "the site's midnights, whatever the browser's zone",
      );
    } finally {
      site.timeZone = null;
      await context.close();
    }
  });
});

describe('console: people', () => {
  it("downloads one person's data, and erases it after a confirmation that says what goes, then says how many rows went", async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/people`);
    await page.getByRole('heading', { level: 1, name: 'People' }).waitFor();
    fake.insights.views.push({
      created_at: new Date().toISOString(),
      poptin_id: 'popupA000001',
      device: 'desktop',
      page: '/',
      email: 'Person5@Example.com',
    });
    await page.getByRole('textbox', { name: 'Email address' }).fill('person5@example.com');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download their data (JSON)' }).click();
    const saved = await download;
    assert.equal(saved.suggestedFilename(), 'demo-person5@example.com.json');
    const data = JSON.parse(await readFile((await saved.path())!, 'utf8')) as {
      leads: { email: string }[];
      views: unknown[];
    };
    assert.deepEqual(
      data.leads.map((lead) => lead.email),
      ['person5@example.com'],
    );
    assert.equal(data.views.length, 1);
    await page
      .getByRole('status')
      .filter({ hasText: 'Saved a file with 1 lead, 1 view, 0 closes and 0 store activity records.' })
      .waitFor();

    const erase = page.getByRole('button', { name: 'Erase their data' });
    await erase.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm' });
    await dialog
      .getByText('Delete every lead, pop-up view, close and store activity record of person5@example.com on this site?')
      .waitFor();
    assert.deepEqual(await axeViolations(page), []);
    // The button says what it does.
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Erased person5@example.com: 1 lead, 1 view, 0 closes, 0 store activity records.' })
      .waitFor();
    assert.equal(
      fake.insights.leads.some((lead) => lead.email === 'person5@example.com'),
      false,
    );
    assert.equal(
      await page.getByText('Saved a file with').count(),
      0,
      'the counts of the earlier download are gone with the data',
    );
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it('saves no file for an address the site holds nothing about, and says so', async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/people`);
    await page.getByRole('textbox', { name: 'Email address' }).fill('nobody-here@example.com');
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'Download their data (JSON)' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText:
          'This site holds nothing about nobody-here@example.com: no lead, pop-up view, close or store activity record. No file was saved.',
      })
      .waitFor();
    assert.equal(downloads, 0);
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it('asks for an address before erasing anything', async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/people`);
    await page.getByRole('button', { name: 'Erase their data' }).click();
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.equal(
      await page
        .getByRole('textbox', { name: 'Email address' })
        .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
      true,
    );
    await page.context().close();
  });
});

describe('console: stats', () => {
  const todayCell = (page: Page, today: string) =>
    page
      .getByRole('table', { name: /^Views per day/ })
      .getByRole('row', { name: new RegExp(`^${today} `) })
      .getByRole('cell')
      .first();

  it('shows totals against the previous range, a chart per day with its table, and the chart moves after a view', async () => {
    const page = await signedIn({ reducedMotion: 'reduce' });
    await page.goto(`${fake.url}/console/sites/demo/stats`);
    await page.getByRole('heading', { level: 1, name: 'Stats' }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole('table', { name: 'Totals, compared with the range before' }).waitFor();
    const viewsBefore = Number(await todayCell(page, today).innerText());
    const pointsBefore = await page.locator('.chart-plot polyline').first().getAttribute('points');

    fake.insights.views.push({
      created_at: new Date().toISOString(),
      poptin_id: 'popupA000001',
      device: 'mobile',
      page: '/pricing',
      email: null,
    });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForFunction(
      (before) => document.querySelector('.chart-plot polyline')?.getAttribute('points') !== before,
      pointsBefore,
    );
    assert.equal(await todayCell(page, today).innerText(), String(viewsBefore + 1));
    await page
      .getByRole('table', { name: 'By device' })
      .getByRole('row', { name: /^Mobile 1/ })
      .waitFor();
    await page
      .getByRole('table', { name: 'By page' })
      .getByRole('row', { name: /^\/pricing 1/ })
      .waitFor();

    // The table is read by screen readers all along; a button shows it on screen too, reached with the keyboard.
    const show = page.getByRole('button', { name: 'Show as table' }).first();
    assert.equal(await show.getAttribute('aria-expanded'), 'false');
    await show.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Hide table' }).first().waitFor();
    assert.ok(((await page.getByRole('table', { name: /^Views per day/ }).boundingBox())?.width ?? 0) > 100);
    assert.equal(await page.evaluate(() => document.getAnimations().length), 0, 'nothing moves with reduced motion');
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it('says so in each breakdown of a range without views, rather than leaving a table of headings', async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/stats`);
    await page.getByRole('table', { name: 'Totals, compared with the range before' }).waitFor();
    await page.getByLabel('From (day in UTC)').fill('2020-01-01');
    await page.getByLabel('To (day in UTC)').fill('2020-01-31');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('table', { name: /^Views per day, 2020-01-01 – 2020-01-31/ }).waitFor();
    for (const name of ['By device', 'By page', 'By pop-up and variant'])
      assert.deepEqual(await page.getByRole('table', { name }).getByRole('row').allInnerTexts(), [
        name === 'By device'
          ? 'Device\tViews\tCloses\tConversions\tConversion rate'
          : name === 'By page'
            ? 'Page\tViews\tCloses\tConversions\tConversion rate'
            : 'Pop-up (with its A/B variants)\tViews\tCloses\tConversions\tConversion rate',
        'No views in this range.',
      ]);
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it('draws each chart at the width of its card, whatever the window', async () => {
    const page = await signedIn();
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto(`${fake.url}/console/sites/demo/stats`);
    await page.locator('.chart-plot polyline').first().waitFor({ state: 'attached' });
    const widths = () =>
      page
        .locator('.chart')
        .first()
        .evaluate((figure) => {
          const svg = figure.querySelector('svg')!;
          return [Math.round(svg.getBoundingClientRect().width), svg.viewBox.baseVal.width];
        });
    await page.waitForFunction(() => {
      const svg = document.querySelector('.chart svg') as SVGSVGElement;
      return Math.abs(svg.getBoundingClientRect().width - svg.viewBox.baseVal.width) <= 1;
    });
    const [wide] = await widths();
    assert.ok(wide > 900, `the chart fills its card (${wide} px)`);
    await page.setViewportSize({ width: 700, height: 900 });
    await page.waitForFunction(() => {
      const svg = document.querySelector('.chart svg') as SVGSVGElement;
      return Math.abs(svg.getBoundingClientRect().width - svg.viewBox.baseVal.width) <= 1;
    });
    const [narrow, drawn] = await widths();
    assert.ok(narrow < wide && Math.abs(narrow - drawn) <= 1, 'drawn again at the new width, its text unscaled');
    await page.context().close();
  });

  it('draws time from the right in Hebrew, and stays axe-clean', async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/stats`);
    await page.getByRole('heading', { level: 1, name: 'Stats' }).waitFor();
    await page.locator('.chart-plot polyline').first().waitFor({ state: 'attached' });
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.getByRole('heading', { level: 1, name: 'סטטיסטיקה' }).waitFor();
    const xs = await page
      .locator('.chart-plot polyline')
      .first()
      .evaluate((line) => (line.getAttribute('points') ?? '').split(' ').map((point) => Number(point.split(',')[0])));
    assert.ok(xs[0] > xs.at(-1)!, 'the first day is on the right');
    await page.getByRole('table', { name: /^צפיות לפי יום/ }).waitFor({ state: 'attached' });
    // A page's address keeps its slash first, on the left, in a right-to-left table.
    const address = page
      .getByRole('table', { name: 'לפי דף' })
      .getByRole('rowheader')
      .filter({ hasText: /^\/./ })
      .first();
    const [slash, next] = await address.evaluate((cell) => {
      const text = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode()!;
      return [0, 1].map((offset) => {
        const range = document.createRange();
        range.setStart(text, offset);
        range.setEnd(text, offset + 1);
        return range.getBoundingClientRect().left;
      });
    });
    assert.ok(slash < next, `the slash at ${slash}, the next letter at ${next}`);
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('header').getByRole('combobox', { name: 'שפה' }).selectOption('en');
    await page.context().close();
  });
});

describe('console: A/B tests', () => {
  it("gives each test's verdict in words, and declares a winner after a confirmation, pausing the others", async () => {
    const page = await signedIn();
    await page.goto(`${fake.url}/console/sites/demo/ab-tests`);
    const spring = page.getByRole('region', { name: 'Spring test' });
    await spring.getByText('Verdict: Spring B wins: best with 100.0% probability.').waitFor();
    await page
      .getByRole('region', { name: 'Young test' })
      .getByText('Keep running: needs 900 more views (at least 1,000 a variant).')
      .waitFor();
    const row = spring.getByRole('row', { name: /^Spring B / });
    assert.match(await row.innerText(), /2,000\s+160\s+8\.00%\s+100\.0%\s+0\.00%/);
    assert.deepEqual(await axeViolations(page), []);

    const declare = spring.getByRole('button', { name: 'Declare winner: Spring B' });
    await declare.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm' });
    await dialog
      .getByText('Declare Spring B the winner? Every other variant is paused, so all traffic goes to it.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await spring.getByRole('row', { name: /^Spring A Paused/ }).waitFor();
    await spring.getByRole('status').filter({ hasText: 'Spring B now gets all the traffic.' }).waitFor();
    assert.deepEqual(
      fake.insights.tests[0].variants.map((variant) => variant.active),
      [false, true],
    );

    await page
      .getByRole('region', { name: 'Young test' })
      .getByRole('button', { name: 'Declare winner: Young A' })
      .click();
    await page
      .getByRole('dialog', { name: 'Confirm' })
      .getByText('The test has not named Young A the winner yet.', { exact: false })
      .waitFor();
    await page.keyboard.press('Escape');
    assert.deepEqual(
      fake.insights.tests[1].variants.map((variant) => variant.active),
      [true, true],
    );
    await page.context().close();
  });
});
