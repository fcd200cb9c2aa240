// The console in Chromium against an in-memory owner API (test/console/fake-owner-api.ts): what an owner does with the
// keyboard and the mouse, the live preview in our own <poptin-popup>, Hebrew right to left, and axe.
// Needs `npm run build` (the console and the widget from dist/).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { fakeDeliveryOf } from './fake-delivery-api.ts';
import { type FakeOwnerApi, livePopup } from './fake-owner-api.ts';
import {
  axeViolations,
  openNewPopupFromTemplate,
  signInWithKeyboard as signInWithKeyboardAs,
  startFakeConsole,
  stopFakeConsole,
} from './helpers.ts';

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

const signInWithKeyboard = (page: Page) => signInWithKeyboardAs(page, fake);

/** Signed in: a new pop-up from the gallery's template, its editor open. */
const newPopupFromTemplate = (page: Page) => openNewPopupFromTemplate(page, fake);

describe('console: sign-in', () => {
  it('says a wrong password in an alert and signs in with the keyboard alone; the new page heading takes the focus', async () => {
    const page = await newPage();
    await page.goto(`${fake.url}/console/`);
    await page.getByLabel('Email').fill(fake.owner.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    assert.equal(await page.getByRole('alert').innerText(), 'Wrong email or password');
    assert.deepEqual(await axeViolations(page), []);
    await signInWithKeyboard(page);
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1');
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });
});

describe('console: sign-in link', () => {
  it('mails a sign-in link when the server offers one, and signs in from the link with one click', async () => {
    const page = await newPage();
    await page.goto(`${fake.url}/console/`);
    const ask = page.getByRole('button', { name: 'Email me a sign-in link' });
    await ask.click();
    assert.equal(await page.getByRole('status').textContent(), 'Enter your email first.');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email');
    await page.getByLabel('Email').fill(fake.owner.email);
    await ask.click();
    await page.getByText('a sign-in link is on its way').waitFor();
    assert.deepEqual(fake.requests.find((request) => request.path === '/api/auth/sign-in-link')?.body, {
      email: fake.owner.email,
    });
    assert.deepEqual(await axeViolations(page), []);

    await page.goto(`${fake.url}/console/sign-in?link=${fake.signInLinkToken}`);
    await page.getByRole('heading', { level: 1, name: 'Sign in with the link from your email' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Demo site' }).waitFor();
    await page.context().close();
  });
});

describe('console: sites, pop-ups and the editor', () => {
  it('creates a pop-up from the gallery, edits its trigger and text with the preview following, saves and publishes', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.getByRole('link', { name: 'Demo site' }).click();
    await page.getByRole('heading', { level: 1, name: 'Demo site' }).waitFor();
    const sections = page.getByRole('navigation', { name: 'Site sections' });
    await sections.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings · Demo site' }).waitFor();
    assert.match(
      await page.locator('pre').first().innerText(),
      /<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/dist\/poptin\.js\?id=demo"><\/script>/,
    );
    await sections.getByRole('link', { name: 'Pop-ups' }).click();
    await page.getByRole('button', { name: 'New pop-up from a template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Template gallery' });
    // The chosen template is previewed live before it is used.
    await dialog.getByRole('region', { name: 'Preview' }).locator('poptin-popup').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    // Filtered by goal: the chips say which is on.
    const goals = dialog.getByRole('group', { name: 'Goal' });
    await goals.getByRole('button', { name: 'Countdown sale' }).click();
    assert.equal(await goals.getByRole('button', { name: 'Countdown sale' }).getAttribute('aria-pressed'), 'true');
    assert.deepEqual(await dialog.locator('.template-card strong').allInnerTexts(), ['Sale bar']);
    await goals.getByRole('button', { name: 'Any goal' }).click();
    assert.deepEqual(await dialog.locator('.template-card strong').allInnerTexts(), [
      'Newsletter lightbox',
      'Sale bar',
    ]);
    await dialog.getByRole('button', { name: /^Newsletter lightbox/ }).click();
    await dialog.getByRole('button', { name: 'Use this template: Newsletter lightbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Newsletter lightbox' }).waitFor();

    // Roles only find what the element rendered (its shadow root), not its hidden light-DOM source.
    const desktop = page.locator('[data-preview-width="560"]');
    await desktop.getByRole('heading', { name: 'Join our newsletter' }).waitFor();
    await page
      .getByRole('group', { name: 'Form', exact: true })
      .getByRole('textbox', { name: 'Headline' })
      .fill('Hello from the console');
    await desktop.getByRole('heading', { name: 'Hello from the console' }).waitFor();
    await page.getByRole('radio', { name: 'Phone', exact: true }).check();
    await page.locator('[data-preview-width="360"]').getByRole('heading', { name: 'Hello from the console' }).waitFor();
    await page.getByRole('radio', { name: 'Desktop', exact: true }).check();

    await page.getByRole('radio', { name: 'Thank-you' }).check();
    await desktop.getByRole('heading', { name: 'Thank you!' }).waitFor();
    assert.equal(await desktop.getByRole('heading', { name: 'Hello from the console' }).count(), 0);

    // The trigger: 3 seconds off, 40 % scroll on; the explanation follows.
    await page.getByRole('checkbox', { name: 'After time on the page' }).uncheck();
    await page.getByRole('checkbox', { name: 'After scrolling' }).check();
    await page.getByRole('spinbutton', { name: 'After scrolling (%)' }).fill('40');
    await page
      .locator('.explain li[data-topic="trigger"]')
      .filter({ hasText: 'It shows when the visitor has scrolled 40 % of the page.' })
      .waitFor();
    await page.getByRole('combobox', { name: 'How often' }).selectOption('every_page');
    await page.getByText('every page', { exact: true }).waitFor();

    // The HTML mode: CodeMirror loads on demand; a handler typed into the template is named by the sanitiser's verdict.
    await page.getByRole('radio', { name: 'Form' }).check();
    const verdict = page.getByRole('region', { name: 'Sanitiser' });
    await verdict.getByText('The sanitiser keeps all of this HTML.').waitFor();
    await page.getByRole('tab', { name: 'HTML' }).click();
    const code = page.getByRole('textbox', { name: 'HTML' });
    await code.click();
    await page.keyboard.press('Control+End');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const imageAnswered = page.waitForResponse((response) => response.url().endsWith('/x.png'));
    await page.keyboard.type('<img src="x.png" alt="" onerror="alert(1)">');
    await verdict.getByText('<img> onerror').waitFor();
    await desktop.getByRole('heading', { name: 'Hello from the console' }).waitFor();
    // The preview draws the template sanitised: the image loads and fails, and its handler never runs in the console.
    await imageAnswered;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.deepEqual(dialogs, []);
    await page.keyboard.press('Control+z');
    await verdict.getByText('The sanitiser keeps all of this HTML.').waitFor();

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    const [stored] = [...fake.popups.values()];
    assert.equal(stored.status, 'live');
    assert.equal(stored.published?.display_after_scroll_active, '40');
    assert.equal(stored.published?.display_after_sec_active, 'no');
    assert.equal(stored.published?.d_f_r, 'all@display_everytime_everypage');
    assert.match(String(stored.published?.poptin), /data-poptin-part="headline"[^>]*>Hello from the console<\/h2>/);
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it('refuses to save game prizes whose chances do not sum to 100 %', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await newPopupFromTemplate(page);
    // The kind is a picture in a radio group: from the first, the arrow back wraps to the last (the game).
    await page.getByRole('tab', { name: 'Design' }).click();
    const kinds = page.getByRole('group', { name: 'Kind', exact: true });
    await kinds.getByRole('radio', { name: 'Centred window' }).focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await kinds.getByRole('radio', { name: 'Game: wheel, scratch card or gift box' }).isChecked(), true);
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Add a prize' }).click();
    await page.getByRole('textbox', { name: 'Label 1' }).fill('10% off');
    await page.getByRole('spinbutton', { name: 'Chance % 1' }).fill('60');
    await page.getByRole('alert').filter({ hasText: 'The chances add up to 60 %, not 100 %' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save draft' }).isDisabled(), true);
    await page.getByRole('spinbutton', { name: 'Chance % 1' }).fill('100');
    await page.getByText('Chances total 100 %').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save draft' }).isDisabled(), false);
    await page.context().close();
  });

  it('asks before deleting, with the focus in the dialog and back on the button after Escape', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.goto(`${fake.url}/console/sites/demo`);
    const actions = page.getByRole('button', { name: /^Actions for / }).first();
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Delete');
    await page.keyboard.press('Enter');
    // The question names what goes: the dialog hides the card it was asked from.
    const popupName = String(await actions.getAttribute('aria-label')).replace(/^Actions for /, '');
    await page
      .getByRole('dialog', { name: 'Confirm' })
      .getByText(`Delete the pop-up \u2068${popupName}\u2069? Its leads and statistics stay.`)
      .waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.match(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''), /^Actions for /);
    const before = fake.popups.size;
    await actions.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForFunction((count) => document.querySelectorAll('.popup-card').length === count - 1, before);
    assert.equal(fake.popups.size, before - 1);
    await page.context().close();
  });
});

describe('console: Hebrew', () => {
  it('switches to Hebrew, right to left, and stays axe-clean', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.getByRole('heading', { level: 1, name: 'אתרים' }).waitFor();
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [
      'he',
      'rtl',
    ]);
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('header').getByRole('combobox', { name: 'שפה' }).selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [
      'en',
      'ltr',
    ]);
    await page.context().close();
  });

  it("keeps the language a browser chose to that browser: the owner's other sessions keep theirs", async () => {
    const hebrew = await newPage();
    await signInWithKeyboard(hebrew);
    const english = await newPage();
    await signInWithKeyboard(english);
    await hebrew.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await hebrew.getByRole('heading', { level: 1, name: 'אתרים' }).waitFor();
    await english.reload();
    await english.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
    const third = await newPage();
    await signInWithKeyboard(third);
    assert.equal(await third.evaluate(() => document.documentElement.lang), 'en');
    await hebrew.reload();
    await hebrew.getByRole('heading', { level: 1, name: 'אתרים' }).waitFor();
    assert.equal(fake.owner.language, 'en', "the owner's record is not the session's language");
    for (const page of [hebrew, english, third]) await page.context().close();
  });

  it('keeps the language a tab chose to that tab: another open tab of the same browser keeps its own, reloads too', async () => {
    const first = await newPage();
    await signInWithKeyboard(first);
    const second = await first.context().newPage();
    await second.goto(`${fake.url}/console/`);
    await second.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
    await first.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await first.getByRole('heading', { level: 1, name: 'אתרים' }).waitFor();
    await second.reload();
    await second.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
    assert.equal(await second.evaluate(() => document.documentElement.lang), 'en');
    await first.reload();
    await first.getByRole('heading', { level: 1, name: 'אתרים' }).waitFor();
    await second.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('en');
    await first.reload();
    await first.getByRole('heading', { level: 1, name: 'אתרים' }).waitFor();
    await first.context().close();
  });
});

describe('console: pop-up list actions', () => {
  it('duplicates, shows the revision history and restores a revision as the draft', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await newPopupFromTemplate(page);
    await page.getByRole('textbox', { name: 'Name' }).fill('Spring sale');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    assert.equal(fake.popups.get(id)?.revision, 2);

    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Actions for Spring sale', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.getByRole('link', { name: 'Spring sale (copy)' }).waitFor();

    await page.getByRole('button', { name: 'Actions for Spring sale', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Revision history' }).click();
    const history = page.getByRole('dialog', { name: 'Revision history' });
    await history.getByRole('button', { name: 'Restore #1' }).click();
    await history.getByRole('status').filter({ hasText: 'Revision restored as the draft' }).waitFor();
    assert.equal(fake.popups.get(id)?.revision, 3);
    assert.equal(fake.popups.get(id)?.draft.poptin_name, 'Newsletter lightbox');
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Newsletter lightbox' }).first().waitFor();
    await page.context().close();
  });

  it('pauses a live pop-up and resumes it', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await newPopupFromTemplate(page);
    await page.getByRole('textbox', { name: 'Name' }).fill('Pausable');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Pausable', exact: true }) });
    await card.getByText('Live').waitFor();
    await card.getByRole('button', { name: 'Actions for Pausable' }).click();
    await page.getByRole('menuitem', { name: 'Pause' }).click();
    await card.getByText('Paused').waitFor();
    await card.getByRole('button', { name: 'Actions for Pausable' }).click();
    await page.getByRole('menuitem', { name: 'Resume' }).click();
    await card.getByText('Live').waitFor();
    await page.context().close();
  });
});

describe('console: sites, tokens and the account', () => {
  it('creates a site and an API token shown once, and revokes it after a confirmation', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.getByRole('textbox', { name: "The site's address" }).fill('shop.example/home');
    await page.getByRole('textbox', { name: /^Client id/ }).fill('shop2026');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'shop.example' }).waitFor();
    assert.deepEqual(
      fake.requests.find((request) => request.path === '/api/owner/sites' && request.method === 'POST')?.body,
      { clientId: 'shop2026', address: 'shop.example/home', language: 'en' },
    );
    await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Settings' }).click();
    assert.match(await page.locator('pre').first().innerText(), /poptin\.js\?id=shop2026/);

    // A name of spaces alone is refused, saying which field.
    await page.getByRole('textbox', { name: 'Token name' }).fill('   ');
    await page.getByRole('button', { name: 'Create token' }).click();
    const refused = page.getByRole('region', { name: 'API tokens' }).getByRole('alert');
    await refused.getByText('Please check these fields:').waitFor();
    assert.equal(await refused.getByRole('listitem').textContent(), 'Token name: is required');
    // A line of the message, not drawn as one of the tokens listed above the form.
    assert.equal(await refused.getByRole('listitem').evaluate((item) => getComputedStyle(item).borderTopStyle), 'none');

    await page.getByRole('textbox', { name: 'Token name' }).fill('CRM sync');
    const scopes = page.getByRole('group', { name: 'What the token may do' });
    assert.equal(await scopes.getByRole('checkbox', { name: /Read leads and statistics/ }).isChecked(), true);
    assert.equal(await scopes.getByRole('checkbox', { name: /Edit and publish pop-ups/ }).isChecked(), false);
    await scopes.getByRole('checkbox', { name: /Manage lead destinations/ }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Copy this token now: it is shown only once.').waitFor();
    const tokens = page.getByRole('region', { name: 'API tokens' });
    assert.match(await tokens.locator('pre').innerText(), /^pte_[0-9a-f]{32}$/);
    assert.deepEqual(
      [...fake.requests].reverse().find((request) => request.path.endsWith('/tokens') && request.method === 'POST')
        ?.body,
      {
        name: 'CRM sync',
        scopes: ['leads:read', 'destinations:write'],
      },
    );
    const listed = tokens.getByRole('listitem').filter({ hasText: 'CRM sync' });
    assert.match(
      String(await listed.textContent()),
      /Read leads and statistics, Manage lead destinations · Made by: owner@example\.com · Last used: never/,
    );
    await page.getByRole('button', { name: 'Revoke: CRM sync' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm' })
      .getByText('Revoke the token \u2068CRM sync\u2069? Scripts using it stop working.')
      .waitFor();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Revoke: CRM sync' }).waitFor({ state: 'detached' });
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it("names each embedded pop-up above its tag on the site's settings, so that an owner copies the right one", async () => {
    for (const [id, name, type] of [
      ['embedA000001', 'Footer sign-up', 'embedded'],
      ['embedB000002', 'טופס בתוכן', 'content'],
      ['popupC000003', 'Exit offer', 'lightbox'],
    ] as const)
      fake.popups.set(id, livePopup(id, name, type));
    try {
      const page = await newPage();
      await signInWithKeyboard(page);
      await page.goto(`${fake.url}/console/sites/demo/settings`);
      const embed = page.getByRole('region', { name: 'Embed on your site' });
      const tags = embed.getByRole('listitem');
      await tags.first().waitFor();
      assert.deepEqual(
        await tags.evaluateAll((items) =>
          items.map(
            (item) =>
              `${item.querySelector('.embed-tag-name')?.textContent} → ${item.querySelector('code')?.textContent}`,
          ),
        ),
        [
          'Footer sign-up → <poptin-embed poptin-id="embedA000001"></poptin-embed>',
          'טופס בתוכן → <poptin-embed poptin-id="embedB000002"></poptin-embed>',
        ],
      );
      // The name stands above its tag, not beside another's.
      const [name, code] = await Promise.all([
        tags.first().locator('.embed-tag-name').boundingBox(),
        tags.first().locator('pre').boundingBox(),
      ]);
      assert.ok(name && code && name.y + name.height <= code.y, JSON.stringify({ name, code }));
      // A Hebrew name in an English page starts where the English ones do.
      const starts = await tags
        .locator('.embed-tag-name bdi')
        .evaluateAll((names) => names.map((name) => Math.round(name.getBoundingClientRect().left)));
      assert.equal(new Set(starts).size, 1, starts.join(', '));
      await embed.getByRole('button', { name: /Footer sign-up/ }).waitFor();
      assert.deepEqual(await axeViolations(page), []);
      // On a phone a tag scrolls within its box; the page keeps to the screen's width.
      await page.setViewportSize({ width: 390, height: 844 });
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
      await page.context().close();
    } finally {
      for (const id of ['embedA000001', 'embedB000002', 'popupC000003']) fake.popups.delete(id);
    }
  });

  it("shows a site's settings whole, so that a section arriving late does not move the token form under a click", async () => {
    for (const [id, name] of [
      ['embedA000001', 'Footer sign-up'],
      ['embedB000002', 'Sidebar sign-up'],
    ] as const)
      fake.popups.set(id, livePopup(id, name, 'embedded'));
    try {
      const page = await newPage();
      await signInWithKeyboard(page);
      // On a slow connection the pop-ups, whose tags stand above the token form, answer last.
      await page.route('**/api/owner/demo/popups', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(`${fake.url}/console/sites/demo/settings`);
      // The frame in which the token form first shows: the tags above it are there already.
      const tagsAboveTheForm = await page.waitForFunction(
        () =>
          [...document.querySelectorAll('button')].some((button) => button.textContent === 'Create token') &&
          document.querySelectorAll('.embed-tags li').length + 1,
        undefined,
        { polling: 'raf' },
      );
      assert.equal(Number(await tagsAboveTheForm.jsonValue()) - 1, 2);
      await page.unrouteAll({ behavior: 'wait' });
      // The owner names a token and clicks at once: the click reaches the button.
      const tokens = page.getByRole('region', { name: 'API tokens' });
      await tokens.getByRole('textbox', { name: 'Token name' }).fill('Zapier');
      await tokens.getByRole('button', { name: 'Create token' }).click();
      await page.getByText('Copy this token now: it is shown only once.').waitFor();
      assert.deepEqual(
        [...fake.requests].reverse().find((request) => request.path.endsWith('/tokens') && request.method === 'POST')
          ?.body,
        { name: 'Zapier', scopes: ['leads:read'] },
      );
      await page.context().close();
    } finally {
      for (const id of ['embedA000001', 'embedB000002']) fake.popups.delete(id);
    }
  });

  it('keeps the origins allowed from the installation status when the settings form is saved after them', async () => {
    const [staging, preview] = ['https://staging.example', 'https://preview.example'];
    const demo = fake.sites.find((site) => site.clientId === 'demo')!;
    const allowedBefore = [...demo.allowedOrigins];
    fake.seenOrigins.push(staging, preview);
    try {
      const page = await newPage();
      await signInWithKeyboard(page);
      await page.goto(`${fake.url}/console/sites/demo/settings`);
      const origins = page.getByRole('textbox', { name: 'Addresses allowed to show pop-ups' });
      // Allowed before the form is touched, and after the owner has begun editing it.
      await page.getByRole('button', { name: `Allow ${staging}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${staging} is allowed now.` })
        .waitFor();
      assert.equal(await origins.inputValue(), [...allowedBefore, staging].join('\n'));
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Demo shop');
      await page.getByRole('button', { name: `Allow ${preview}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${preview} is allowed now.` })
        .waitFor();
      assert.equal(await origins.inputValue(), [...allowedBefore, staging, preview].join('\n'));
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
      assert.deepEqual(demo.allowedOrigins, [...allowedBefore, staging, preview]);
      assert.equal(demo.name, 'Demo shop');
      await page.context().close();
    } finally {
      fake.seenOrigins.length = 0;
      Object.assign(demo, { name: 'Demo site', allowedOrigins: allowedBefore });
    }
  });

  it('tells an owner who is not an admin that an admin adds sites, and offers no form to add one', async () => {
    fake.owner.isAdmin = false;
    try {
      const page = await newPage();
      await signInWithKeyboard(page);
      await page.getByText('An admin adds sites and grants them to owners: ask one to add yours.').waitFor();
      assert.equal(await page.getByRole('heading', { name: 'New site' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Create' }).count(), 0);
      assert.deepEqual(await axeViolations(page), []);
      await page.context().close();
    } finally {
      fake.owner.isAdmin = true;
    }
  });

  it('says why a password change was refused, and signs out everywhere', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await page.getByLabel('Current password').fill('not the password');
    await page.getByLabel(/^New password/).fill('a new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Current password: is not your current password' });
    await refused.waitFor();
    assert.doesNotMatch(await refused.innerText(), /currentPassword/, 'the field by its label, not its API name');
    assert.equal(await page.getByLabel('Current password').inputValue(), 'not the password');
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
    assert.ok(fake.requests.some((request) => request.path === '/api/auth/sign-out-everywhere'));
    await page.context().close();
  });
});

describe('console: a site in Hebrew', () => {
  it("writes the site's allowed addresses left to right, in a card like the rest of its settings", async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.goto(`${fake.url}/console/sites/demo/settings`);
    const origins = page.getByRole('textbox', { name: 'כתובות שמותר להן להציג פופאפים' });
    await origins.waitFor();
    assert.equal(await origins.evaluate((element) => getComputedStyle(element).direction), 'ltr');
    assert.equal(await page.locator('form[aria-labelledby="site-settings-heading"].card').count(), 1);
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });
});

describe('console: the editor', () => {
  it("opens the preview link of the draft on the owner's page in a new tab, saving first", async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await newPopupFromTemplate(page);
    await page.getByRole('textbox', { name: 'Name' }).fill('On my site');
    await page.getByRole('textbox', { name: 'Page address to preview on' }).fill('https://shop.example/pricing');
    await page
      .context()
      .route('https://shop.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Shop</title><p>The shop</p>' }),
      );
    // The fake site has not been seen calling: the button says what to do first.
    const previewButton = page.getByRole('button', { name: 'Preview on my site' });
    assert.match(
      (await previewButton.getAttribute('aria-describedby')) ?? '',
      /install-first/,
      'the note is tied to the button',
    );
    await page.getByText('Install the snippet on your site first').waitFor();
    const opened = page.context().waitForEvent('page');
    await previewButton.click();
    const tab = await opened;
    await tab.waitForLoadState();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    assert.equal(tab.url(), `https://shop.example/pricing?ppt-preview=${id}&ppt-draft=fake`);
    assert.equal(fake.popups.get(id)?.draft.poptin_name, 'On my site');
    await page.context().close();
  });

  it("says that someone else saved meanwhile, keeping the owner's changes", async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await newPopupFromTemplate(page);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    const stored = fake.popups.get(id)!;
    stored.revision += 1;
    await page.getByRole('textbox', { name: 'Name' }).fill('Mine');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('alert').filter({ hasText: 'Someone else saved this pop-up meanwhile.' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Name' }).inputValue(), 'Mine');
    assert.notEqual(stored.draft.poptin_name, 'Mine');
    await page.context().close();
  });

  it('is usable in Hebrew, right to left, and axe-clean, the screen switcher moved with the arrow keys', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.getByRole('heading', { level: 1, name: 'אתרים' }).waitFor();
    await page.goto(`${fake.url}/console/sites/demo`);
    await page.getByRole('button', { name: 'חלון חדש מתבנית' }).click();
    await page.getByRole('button', { name: 'שימוש בתבנית: ניוזלטר' }).click();
    await page.getByRole('heading', { level: 2, name: 'הגדרות' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await page.locator('.explain li[data-topic="trigger"]').filter({ hasText: 'הוא מוצג אחרי 3 שניות בדף.' }).waitFor();
    await page.getByRole('radio', { name: 'טופס' }).click();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getByRole('radio', { name: 'תודה' }).isChecked(), true);
    await page.locator('[data-preview-width="560"]').getByRole('heading', { name: 'Thank you!' }).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    // The pictures of kinds and places, named in Hebrew.
    await page.getByRole('tab', { name: 'עיצוב' }).click();
    await page.getByRole('group', { name: 'סוג', exact: true }).getByRole('radio', { name: 'חלון במרכז' }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'במרכז', exact: true }).isChecked(), true);
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('header').getByRole('combobox', { name: 'שפה' }).selectOption('en');
    await page.context().close();
  });
});

describe('console: owners (administrators)', () => {
  it('adds an owner with the sites they may see, changes their access in a dialog and deletes them', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.getByRole('link', { name: 'Owners' }).click();
    await page.getByRole('heading', { level: 1, name: 'Owners' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('editor@example.com');
    await page.getByRole('textbox', { name: 'Name' }).fill('Editor');
    await page.getByLabel('Password (at least 10 characters)').fill('short');
    await page.getByRole('checkbox', { name: /Demo site/ }).check();
    await page.getByRole('button', { name: 'Create' }).click();
    assert.equal(
      await page
        .getByRole('textbox', { name: 'Email' })
        .evaluate((input: HTMLInputElement) => input.form?.checkValidity()),
      false,
    );
    await page.getByLabel('Password (at least 10 characters)').fill('a long enough password');
    await page.getByRole('button', { name: 'Create' }).click();
    const row = page.getByRole('row').filter({ hasText: 'editor@example.com' });
    await row.getByRole('cell', { name: 'demo' }).waitFor();

    await row.getByRole('button', { name: 'Edit access: editor@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit access: editor@example.com' });
    await dialog.getByRole('checkbox', { name: /Demo site/ }).uncheck();
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('button', { name: 'Save access' }).click();
    await row.getByRole('cell', { name: 'demo' }).waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Delete: editor@example.com' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm' })
      .getByText(
        'Delete the owner \u2066editor@example.com\u2069? Their sessions end; the sites and their pop-ups stay.',
      )
      .waitFor();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Confirm' }).click();
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('console: owners in Hebrew', () => {
  it('reads an English site name in its own direction and keeps each site id whole, on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInWithKeyboard(page);
    const name = 'Page-builder demo (examples/page-builder.html)';
    await page.evaluate(async (name) => {
      const answer = await fetch('/api/owner/sites', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          clientId: 'page-builder-demo',
          name,
          address: 'https://builder.example',
          language: 'en',
        }),
      });
      if (!answer.ok) throw new Error(`site not added: ${answer.status}`);
    }, name);
    await page.reload();
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.goto(`${fake.url}/console/owners`);
    await page.getByRole('heading', { level: 1, name: 'בעלים' }).waitFor();
    const choice = page.getByRole('checkbox', { name: /Page-builder demo/ }).locator('xpath=..');
    // The name is isolated from the Hebrew around it: its brackets and full stops stay where English puts them.
    assert.equal(
      await choice.locator('bdi, [dir=auto]').filter({ hasText: name }).count(),
      1,
      'the site name is isolated in its own direction',
    );
    const lines = (locator: ReturnType<Page['locator']>) =>
      locator.evaluateAll((elements) =>
        elements.map((element) => `${element.textContent}: ${element.getClientRects().length}`),
      );
    assert.deepEqual(await lines(choice.locator('code')), ['page-builder-demo: 1']);
    const row = page.getByRole('row').filter({ hasText: fake.owner.email });
    const ids = await lines(row.locator('code'));
    assert.ok(ids.includes('page-builder-demo: 1'), ids.join(', '));
    assert.deepEqual(
      ids.filter((id) => !id.endsWith(': 1')),
      [],
      'every site id on one line',
    );
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
});

describe('console: a session ended elsewhere', () => {
  it('sends the owner to the sign-in page at the next action, and back in after signing in', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.getByRole('link', { name: 'Demo site' }).click();
    await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('textbox', { name: 'Token name' }).fill('After the end');
    fake.endSessions();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
    await page.getByLabel('Email').fill(fake.owner.email);
    await page.getByLabel('Password').fill(fake.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
    await page.context().close();
  });
});

describe('console: lead delivery', () => {
  it('adds a webhook from the keyboard, shows its secret once, rotates it, maps fields, sends a test lead and shows the answer', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.getByRole('link', { name: 'Demo site' }).click();
    await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Delivery' }).click();
    await page.getByRole('heading', { level: 1, name: 'Destinations of Demo site' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Leads stay in the console only' }).waitFor();
    // The button's plus is drawn in the button's own colour, not the empty state's accent (the button's background).
    const [plus, label] = await page
      .getByRole('button', { name: 'Add a destination' })
      .evaluate((button) => [getComputedStyle(button.querySelector('svg')!).color, getComputedStyle(button).color]);
    assert.equal(plus, label);

    await page.getByRole('button', { name: 'Add a destination' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a destination' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('radio', { name: /^Webhook/ }).isChecked(), true);
    await dialog.getByRole('textbox', { name: 'Name' }).focus();
    await page.keyboard.type('Zapier');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // A URL the browser takes, which the server refuses for not being https.
    await page.keyboard.type('ftp://hooks.example/lead');
    await page.keyboard.press('Enter');
    assert.equal(
      await dialog
        .getByRole('textbox', { name: 'URL (https)' })
        .evaluate((input: HTMLInputElement) => input.validity.valid),
      true,
    );
    await dialog.getByRole('alert').getByText('must be an https URL').waitFor();
    assert.equal(
      (await dialog.getByRole('alert').innerText()).replace(/\s+/g, ' ').trim(),
      'Please check these fields: URL (https): must be an https URL',
      'the field by its label on the page, not its name in the API (settings.url)',
    );
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('textbox', { name: 'URL (https)' }).fill('https://hooks.example/lead');
    await dialog.getByRole('button', { name: 'Save destination' }).click();
    await dialog.waitFor({ state: 'detached' });
    const secret = await page.getByRole('status').filter({ hasText: 'shown only now' }).locator('code').textContent();
    assert.match(secret ?? '', /^whsec_/);

    await page.getByRole('button', { name: 'Rotate the secret: Zapier' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForFunction((old) => document.querySelector('.notice code')?.textContent !== old, secret);

    await page.getByRole('button', { name: 'Edit: Zapier' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit destination' });
    const mapping = edit.getByRole('textbox', { name: 'Field mapping' });
    assert.equal(await mapping.getAttribute('placeholder'), 'email=EMAIL\nfirst_name=FNAME');
    assert.match((await edit.locator('#field-map-help').textContent()) ?? '', /email=EMAIL and first_name=FNAME/);
    await mapping.fill('email=email_address\ncompany=company');
    await edit.getByRole('textbox', { name: /Consent field/ }).fill('Newsletter OK');
    await edit.getByRole('button', { name: 'Save destination' }).click();
    await edit.waitFor({ state: 'detached' });
    const saved = [...fake.requests]
      .reverse()
      .find((request) => request.method === 'PATCH' && request.path.endsWith('/destinations/1'))?.body as {
      fieldMap: object;
      settings: { consentField: string };
    };
    assert.deepEqual(saved.fieldMap, { email: 'email_address', company: 'company' });
    assert.equal(saved.settings.consentField, 'Newsletter OK');

    await page.getByRole('button', { name: 'Add a destination' }).click();
    const mail = page.getByRole('dialog', { name: 'Add a destination' });
    await mail.getByRole('searchbox', { name: /Search tools/ }).fill('mail');
    await mail.getByRole('radio', { name: /^E-mail notification/ }).check();
    await mail.getByRole('textbox', { name: 'Name' }).fill('Daily mail');
    await mail.getByRole('textbox', { name: /Recipients/ }).fill('owner@example.com\nsales@example.com');
    await mail.getByRole('checkbox', { name: /One e-mail a day/ }).check();
    await mail.getByRole('button', { name: 'Save destination' }).click();
    await mail.waitFor({ state: 'detached' });
    const created = [...fake.requests]
      .reverse()
      .find((request) => request.method === 'POST' && request.path.endsWith('/destinations'))?.body as {
      settings: object;
    };
    assert.deepEqual(created.settings, { to: ['owner@example.com', 'sales@example.com'], digest: 'daily' });

    await page.getByRole('button', { name: 'Send a test lead: Zapier' }).click();
    const answer = page.locator('.destination').getByRole('status').filter({ hasText: 'Delivered' });
    await answer.getByText('{"received":true}').waitFor();
    await answer.getByText(/Status: 200/).waitFor();
    assert.deepEqual(await axeViolations(page), []);

    await page.getByRole('button', { name: 'Delete destination: Daily mail' }).click();
    const question = page.getByRole('dialog', { name: 'Confirm' });
    await question
      .getByText('Delete the destination \u2068Daily mail\u2069? Its waiting deliveries are dropped.')
      .waitFor();
    await question.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { level: 2, name: 'Daily mail' }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('sends a webhook its waiting leads together when the owner says so, and keeps that through an edit', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.goto(`${fake.url}/console/sites/demo/destinations`);
    await page.getByRole('button', { name: 'Add a destination' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a destination' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Batches');
    await dialog.getByRole('textbox', { name: 'URL (https)' }).fill('https://hooks.example/batches');
    const together = dialog.getByRole('checkbox', { name: /Send waiting leads together/ });
    assert.equal(await together.isChecked(), false, 'one lead a request unless the owner opts in');
    await together.check();
    await dialog.getByRole('button', { name: 'Save destination' }).click();
    await dialog.waitFor({ state: 'detached' });
    const bodyOf = (method: string) =>
      [...fake.requests]
        .reverse()
        .find((request) => request.method === method && /\/destinations(\/\d+)?$/.test(request.path))?.body as {
        settings: Record<string, unknown>;
      };
    assert.equal(bodyOf('POST').settings.batchLeads, true);

    await page.getByRole('button', { name: 'Edit: Batches' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit destination' });
    assert.equal(await edit.getByRole('checkbox', { name: /Send waiting leads together/ }).isChecked(), true);
    await edit.getByRole('textbox', { name: 'Name' }).fill('Batches (CRM)');
    await edit.getByRole('button', { name: 'Save destination' }).click();
    await edit.waitFor({ state: 'detached' });
    assert.equal(bodyOf('PATCH').settings.batchLeads, true, 'an edit keeps the opt-in');
    await page.context().close();
  });

  it("finds a tool by searching, asks for its own settings and key, and shows each destination's health", async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.getByRole('link', { name: 'Demo site' }).click();
    await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Delivery' }).click();
    await page.getByRole('button', { name: 'Add a destination' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a destination' });
    const kinds = dialog.getByRole('group', { name: 'Kind' });
    await kinds.getByText('Appends a row per lead to a Google spreadsheet').waitFor();
    assert.equal(await kinds.getByRole('radio').count(), 16, 'every tool is listed');
    await dialog.getByRole('searchbox', { name: /Search tools/ }).fill('brevo');
    assert.equal(await kinds.getByRole('radio').count(), 1);
    await kinds.getByRole('radio', { name: /^Brevo/ }).check();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Brevo list');
    await dialog.getByRole('textbox', { name: 'List ids, comma-separated' }).fill('7, 9');
    await dialog.getByLabel('API key', { exact: true }).fill('xkeysib-123');
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('button', { name: 'Save destination' }).click();
    await dialog.waitFor({ state: 'detached' });
    const created = [...fake.requests]
      .reverse()
      .find((request) => request.method === 'POST' && request.path.endsWith('/destinations'))?.body as {
      kind: string;
      settings: object;
      apiKey: string;
    };
    assert.deepEqual(
      { kind: created.kind, settings: created.settings, apiKey: created.apiKey },
      { kind: 'brevo', settings: { listIds: [7, 9] }, apiKey: 'xkeysib-123' },
    );
    const brevo = fake.delivery.destinations.find((destination) => destination.name === 'Brevo list')!;
    Object.assign(brevo, {
      lastSuccessAt: '2026-11-27T10:00:00.000Z',
      lastFailureAt: '2026-11-28T09:30:00.000Z',
      lastError: 'answered 401',
      failingSince: '2026-11-28T09:30:00.000Z',
      deliveredThisWeek: 12,
    });
    await page.reload();
    const row = page.locator('.destination').filter({ hasText: 'Brevo list' });
    await row.getByText('Failing').waitFor();
    await row.getByText(/answered 401/).waitFor();
    await row.getByText('The tool refused the key or connection: check it, or connect again').waitFor();
    assert.match(await row.locator('.destination-facts').innerText(), /Delivered this week\s+12/);
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it('warns on the site page when deliveries failed, and retries them one by one or all at once from the log, in Hebrew too', async () => {
    const created = fake.delivery.answer('POST', 'destinations', undefined, undefined, {
      kind: 'mailchimp',
      name: 'Newsletter list',
      settings: { listId: 'L1' },
      apiKey: 'key-us1',
    });
    const { destination } = created!.body as { destination: { id: number } };
    fake.delivery.deliveries.push(
      fakeDeliveryOf(destination.id, 101, 'failed', 1),
      fakeDeliveryOf(destination.id, 102, 'failed', 2),
      fakeDeliveryOf(destination.id, 103, 'delivered', 3),
    );
    const page = await newPage();
    await signInWithKeyboard(page);
    // On a slow connection the destinations answer last: the pop-ups show with the warning above them, not before it
    // (it would push them down under the owner's pointer).
    await page.route('**/api/owner/demo/destinations', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole('link', { name: 'Demo site' }).click();
    const warnedAboveThePopups = await page.waitForFunction(
      () =>
        document.querySelector('.popup-list, .empty-state')?.checkVisibility() &&
        `${document.querySelector('.error.banner')?.checkVisibility() === true}`,
      undefined,
      { polling: 'raf' },
    );
    assert.equal(await warnedAboveThePopups.jsonValue(), 'true');
    await page.unrouteAll({ behavior: 'wait' });
    const banner = page.getByRole('alert').filter({ hasText: 'Some leads could not be delivered' });
    await banner.getByText('Newsletter list: 2 failed').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await banner.getByRole('link', { name: 'open the delivery log: Newsletter list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Delivery log · Newsletter list' }).waitFor();
    await page.getByRole('row').filter({ hasText: '#103' }).waitFor();
    assert.equal(await page.getByRole('row').count(), 4);

    await page.getByRole('button', { name: 'Retry: Lead #101' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Retry: Lead #101' }).waitFor({ state: 'detached' });
    assert.equal(fake.delivery.deliveries.find((delivery) => delivery.leadId === 101)?.status, 'pending');
    let answerFailedOnly = () => {};
    const failedOnlyHeld = new Promise<void>((resolve) => {
      answerFailedOnly = resolve;
    });
    await page.route('**/deliveries?status=failed', async (route) => {
      await failedOnlyHeld;
      await route.continue();
    });
    await page.getByRole('checkbox', { name: 'Only failed deliveries' }).check();
    await page.locator('table[aria-busy="true"]').waitFor();
    assert.equal(await page.getByRole('row').count(), 4, 'the log stays while the failed ones load');
    answerFailedOnly();
    await page.getByRole('row').filter({ hasText: '#103' }).waitFor({ state: 'detached' });
    assert.equal(await page.locator('table').getAttribute('aria-busy'), 'false');
    assert.equal(await page.getByRole('row').count(), 2, 'the heading row and lead #102');
    await page.getByRole('button', { name: 'Retry all failed' }).click();
    await page.getByRole('status').filter({ hasText: 'Retrying: 1' }).waitFor();
    assert.equal(fake.delivery.deliveries.filter((delivery) => delivery.status === 'failed').length, 0);
    assert.deepEqual(await axeViolations(page), []);

    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.getByRole('heading', { level: 1, name: 'יומן מסירות · Newsletter list' }).waitFor();
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('main')!).direction), 'rtl');
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('header').getByRole('combobox', { name: 'שפה' }).selectOption('en');
    await page.context().close();
  });
});
