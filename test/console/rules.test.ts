// The editor's rule builder in Chromium against the fake owner API (which refuses a draft with the display server's
// own validation): every rule set with the keyboard alone, its meaning in words beside it, the server's refusals in
// words, Hebrew right to left, axe; the pop-up list's schedule badges; dynamic text from the menu into the focused
// text, with sample values in the preview. Needs `npm run build`.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { FakeOwnerApi } from './fake-owner-api.ts';
import { axeViolations, signInWithKeyboard, startFakeConsole, stopFakeConsole } from './helpers.ts';

let fake: FakeOwnerApi;
let browser: Browser;
before(async () => ({ fake, browser } = await startFakeConsole()));
after(() => stopFakeConsole(fake, browser));

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  return page;
}

/** A pop-up made through the API, as the gallery would; its id. */
async function createPopup(page: Page, config: Record<string, unknown>): Promise<string> {
  return page.evaluate(async (body) => {
    const response = await fetch('/api/owner/demo/popups', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ config: body }),
    });
    return (await response.json()).popup.id as string;
  }, config);
}

async function setSiteTimeZone(page: Page, timeZone: string): Promise<void> {
  await page.evaluate(async (zone) => {
    await fetch('/api/owner/demo/site', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: zone }),
    });
  }, timeZone);
}

const TEMPLATE = {
  poptin_type: 'lightbox',
  poptin_format: 'format_1',
  display_after_sec_active: '3',
  d_f_r: 'all@display_once_per_session',
  poptin:
    '<div data-poptin-screen="form"><h2 data-poptin-part="headline">Hello</h2><form><input type="email" name="Email" aria-label="Email"><button type="submit" data-poptin-part="button">Go</button></form></div>',
};

/** Signed in, the site in New York time, the editor of a new pop-up open beside one named "Welcome discount". */
async function openEditor(page: Page): Promise<{ id: string; welcome: string }> {
  await signInWithKeyboard(page, fake);
  await setSiteTimeZone(page, 'America/New_York');
  const welcome = await createPopup(page, { ...TEMPLATE, poptin_name: 'Welcome discount' });
  const id = await createPopup(page, { ...TEMPLATE, poptin_name: 'Spring campaign' });
  await page.goto(`${fake.url}/console/sites/demo/popups/${id}`);
  await page.getByRole('heading', { level: 1, name: 'Spring campaign' }).waitFor();
  return { id, welcome };
}

const press = async (page: Page, ...keys: string[]) => {
  for (const key of keys) await page.keyboard.press(key);
};

/** The sentence beside a rule group. */
const words = (page: Page, rule: string) => page.locator(`[data-rule="${rule}"] > .rule-words`);

describe('console: the rule builder', () => {
  it('sets a schedule, traffic source, UTM, visitor, page and pop-up rules with the keyboard alone, each said in words', async () => {
    const page = await newPage();
    const { id, welcome } = await openEditor(page);

    // The schedule: a row of days and hours, weekdays 09:00–17:00 to begin with; Friday off, the end at 16:30.
    await page.getByRole('button', { name: 'Add days and hours' }).focus();
    await press(page, 'Enter');
    const schedule = page.getByRole('group', { name: 'Schedule' });
    await schedule.getByRole('checkbox', { name: 'Friday' }).focus();
    await press(page, 'Space');
    await schedule.getByRole('textbox', { name: 'To' }).or(schedule.getByLabel('To')).first().focus();
    await page.keyboard.type('1630');
    await words(page, 'schedule')
      .filter({ hasText: 'Shows Monday, Tuesday, Wednesday, Thursday 09:00–16:30, New York time.' })
      .waitFor();
    await schedule.getByRole('combobox', { name: 'Read in' }).focus();
    await page.keyboard.press('ArrowDown');
    await words(page, 'schedule').filter({ hasText: "on the visitor's own clock" }).waitFor();
    await page.keyboard.press('ArrowUp');
    await words(page, 'schedule').filter({ hasText: 'New York time' }).waitFor();

    // Traffic source: search only.
    await page.getByRole('checkbox', { name: 'Search' }).focus();
    await press(page, 'Space');
    await words(page, 'traffic-source').filter({ hasText: 'Shows only to visits from Search.' }).waitFor();

    // UTM: the campaign contains "spring".
    await page.getByRole('button', { name: 'Add a UTM rule' }).focus();
    await press(page, 'Enter');
    const utm = page.getByRole('group', { name: 'UTM rule 1' });
    await utm.getByRole('textbox', { name: 'Value' }).focus();
    await page.keyboard.type('spring');
    await words(page, 'utm').filter({ hasText: 'Shows only when the UTM campaign contains "spring".' }).waitFor();

    // New visitors, on the first page of their visit.
    await page.getByRole('combobox', { name: 'New or returning visitors' }).focus();
    await press(page, 'ArrowDown');
    await page.getByText('Shows only to new visitors', { exact: false }).first().waitFor();
    await page.getByRole('combobox', { name: 'Landing page or later pages' }).focus();
    await press(page, 'ArrowDown');
    await page.getByText('Shows only on the first page of a visit (the landing page).').first().waitFor();

    // Other pop-ups: closed "Welcome discount", and not signed up in it.
    await page.getByRole('button', { name: 'Add a pop-up rule' }).focus();
    await press(page, 'Enter');
    await page.getByRole('button', { name: 'Add a pop-up rule' }).focus();
    await press(page, 'Enter');
    const second = page.getByRole('group', { name: 'Pop-up rule 2' });
    await second.getByRole('combobox', { name: 'Show or hide' }).focus();
    await press(page, 'ArrowDown');
    await second.getByRole('combobox', { name: 'Condition' }).focus();
    await press(page, 'End');
    await words(page, 'engagement')
      .filter({
        hasText: "Shows to visitors who closed 'Welcome discount' and have not signed up in 'Welcome discount'.",
      })
      .waitFor();

    // A cookie rule: plan is "pro".
    await page.getByRole('button', { name: 'Add a cookie rule' }).focus();
    await press(page, 'Enter');
    const cookie = page.getByRole('group', { name: 'Cookie rule 1' });
    await cookie.getByRole('textbox', { name: 'Cookie name' }).focus();
    await page.keyboard.type('plan');
    await cookie.getByRole('textbox', { name: 'Value' }).focus();
    await page.keyboard.type('pro');
    await words(page, 'cookies').filter({ hasText: 'Shows only when the cookie plan is "pro".' }).waitFor();

    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Save draft' }).focus();
    await press(page, 'Enter');
    await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
    const draft = fake.popups.get(id)!.draft;
    assert.deepEqual(draft.schedule, {
      weekly: [{ days: [1, 2, 3, 4], from: '09:00', to: '16:30' }],
      time_zone: 'site',
    });
    assert.deepEqual(draft.traffic_source_targeting, { show: 'show', sources: ['search'] });
    assert.deepEqual(draft.utm_targeting, [
      { parameter: 'utm_campaign', operator: 'contain', value: 'spring', show: 'show' },
    ]);
    assert.equal(draft.visitor_type_targeting, 'new');
    assert.equal(draft.visit_page_targeting, 'landing');
    assert.equal(
      draft.engagement_with_other_poptin_filter,
      `show|closed|any|${welcome} ; dont_show|converted|any|${welcome}`,
    );
    assert.equal(draft.cookie_filter, 'show|exact|plan=pro');
    // The explanation says them too.
    await page.locator('.explain li[data-topic="rules"]').filter({ hasText: 'New York time' }).waitFor();
    await page.context().close();
  });

  it("shows the server's refusal of a rule written as JSON in words, beside the rule and above the editor", async () => {
    const page = await newPage();
    await openEditor(page);
    await page.locator('summary', { hasText: 'Rules as JSON (for experts)' }).click();
    const json = page.getByRole('textbox', { name: 'Rules as JSON (for experts)' });
    const rules = JSON.parse(await json.inputValue());
    await json.fill(
      JSON.stringify({
        ...rules,
        schedule: { start: '2031-01-01T09:00', time_zone: 'mars' },
        traffic_source_targeting: 'show|tv',
      }),
    );
    await page.getByRole('button', { name: 'Apply JSON' }).click();
    await page.getByRole('status').filter({ hasText: 'Rules replaced from the JSON.' }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    const top = page.locator('.workspace > [role="alert"]').last();
    await top.filter({ hasText: "Schedule · Read in: must be the site's or the visitor's time zone" }).waitFor();
    await top.filter({ hasText: 'Traffic source: names a traffic source the server does not know: "tv"' }).waitFor();
    await page
      .locator('[data-rule="schedule"] .rule-refused')
      .filter({ hasText: 'The server refused this rule:' })
      .filter({ hasText: 'Schedule · Read in' })
      .waitFor();
    await page.locator('[data-rule="visit"] .rule-refused').filter({ hasText: 'Traffic source' }).waitFor();
    // Bad JSON is said at once, and nothing is applied.
    await json.fill('{ "schedule": ');
    await page.getByRole('button', { name: 'Apply JSON' }).click();
    await page.getByRole('alert').filter({ hasText: 'The JSON cannot be read' }).waitFor();
    await json.fill('{ "poptin": "<p>x</p>" }');
    await page.getByRole('button', { name: 'Apply JSON' }).click();
    await page.getByRole('alert').filter({ hasText: 'These keys are not display rules: poptin.' }).waitFor();
    // An end before the start is caught before the server: saving waits.
    await json.fill(JSON.stringify({ schedule: { start: '2031-01-02T09:00', end: '2031-01-01T09:00' } }));
    await page.getByRole('button', { name: 'Apply JSON' }).click();
    await page
      .locator('[data-rule="schedule"] .field-error')
      .filter({ hasText: 'The schedule ends before it starts.' })
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save draft' }).isDisabled(), true);
    assert.deepEqual(await axeViolations(page), []);
    // In Hebrew, the server's refusal is said in Hebrew too.
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page
      .locator('[data-rule="schedule"] .rule-refused')
      .filter({ hasText: 'השרת דחה את הכלל:' })
      .filter({ hasText: 'תזמון · לפי: חייב להיות אזור הזמן של האתר או של המבקר' })
      .waitFor();
    await page
      .locator('[data-rule="visit"] .rule-refused')
      .filter({ hasText: 'מקור תנועה: מקור תנועה שהשרת אינו מכיר: "tv"' })
      .waitFor();
    await page.context().close();
  });

  it('is in Hebrew, right to left, with its words in Hebrew, and axe-clean', async () => {
    const page = await newPage();
    await openEditor(page);
    await page.getByRole('button', { name: 'Add days and hours' }).click();
    await page.getByRole('checkbox', { name: 'Social' }).check();
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.getByRole('group', { name: 'תזמון' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await words(page, 'schedule')
      .filter({ hasText: 'מוצג בימי חול 09:00–17:00, לפי שעון \u2068New York\u2069.' })
      .waitFor();
    await words(page, 'traffic-source').filter({ hasText: 'מוצג רק לביקורים מ: רשתות חברתיות.' }).waitFor();
    await page.getByRole('checkbox', { name: 'יום שישי' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });
});

describe('console: schedules on the pop-up list', () => {
  it('says when a published pop-up starts, and when one ended, on the site clock', async () => {
    const page = await newPage();
    await signInWithKeyboard(page, fake);
    await setSiteTimeZone(page, 'America/New_York');
    const later = await createPopup(page, {
      ...TEMPLATE,
      poptin_name: 'Next year',
      schedule: { start: `${new Date().getUTCFullYear() + 1}-03-02T09:00` },
    });
    const ended = await createPopup(page, {
      ...TEMPLATE,
      poptin_name: 'Old sale',
      schedule: { end: '2025-05-03T18:00' },
    });
    for (const id of [later, ended])
      await page.evaluate((popup) => fetch(`/api/owner/demo/popups/${popup}/publish`, { method: 'POST' }), id);
    await page.goto(`${fake.url}/console/sites/demo`);
    const card = (name: string) => page.locator('.popup-card').filter({ hasText: name });
    await card('Next year')
      .locator('[data-schedule="starts"]')
      .filter({ hasText: `Scheduled: starts 2 March ${new Date().getUTCFullYear() + 1} 09:00` })
      .waitFor();
    await card('Old sale').locator('[data-schedule="ended"]').filter({ hasText: 'Ended 3 May 2025' }).waitFor();
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await card('Old sale').locator('[data-schedule="ended"]').filter({ hasText: 'הסתיים 3 במאי 2025' }).waitFor();
    await page.context().close();
  });
});

describe('console: dynamic text', () => {
  it('inserts a tag with its fallback where the caret is in the focused text, and previews it with a sample value', async () => {
    const page = await newPage();
    const { id } = await openEditor(page);
    const headline = page.getByRole('textbox', { name: 'Headline' });
    // Typed key by key, a space between words stays (it was once trimmed away as each key was read back).
    await headline.focus();
    await press(page, 'ControlOrMeta+A', 'Backspace');
    await page.keyboard.type('Hello, !');
    assert.equal(await headline.inputValue(), 'Hello, !');
    await press(page, 'End', 'ArrowLeft');
    await press(page, 'Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Insert dynamic text into Headline',
    );
    await press(page, 'Enter');
    await page.getByRole('combobox', { name: 'Text from' }).focus();
    await page.getByRole('combobox', { name: 'Text from' }).selectOption('utm_campaign');
    await page.getByRole('textbox', { name: 'When there is none, show' }).focus();
    await page.keyboard.type('our sale');
    await press(page, 'Enter');
    await page.waitForFunction(() => document.activeElement?.id.includes('headline'));
    assert.equal(await headline.inputValue(), 'Hello, {{utm_campaign|our sale}}!');
    // The preview fills it with a sample campaign.
    await page.locator('[data-preview-width="560"]').getByRole('heading', { name: 'Hello, spring-sale!' }).waitFor();
    // Escape closes the menu, back on its button.
    await press(page, 'Tab', 'Enter');
    await page.getByRole('combobox', { name: 'Text from' }).focus();
    await press(page, 'Escape');
    assert.equal(await page.getByRole('combobox', { name: 'Text from' }).count(), 0);
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Insert dynamic text into Headline',
    );
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
    assert.match(String(fake.popups.get(id)!.draft.poptin), /Hello, \{\{utm_campaign\|our sale\}\}!<\/h2>/);
    await page.context().close();
  });
});
