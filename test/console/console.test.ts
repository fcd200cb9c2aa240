// The console in Chromium against an in-memory owner API (test/console/fake-owner-api.ts): what an owner does with the
// keyboard and the mouse, the live preview in our own <poptin-popup>, Hebrew right to left, and axe.
// Needs `npm run build` (the console and the widget from dist/).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';
import { startFakeOwnerApi, type FakeOwnerApi } from './fake-owner-api.ts';

let fake: FakeOwnerApi;
let browser: Browser;

before(async () => {
  if (!existsSync('dist/console/index.html')) throw new Error('dist/console is missing: run `npm run build` first');
  fake = await startFakeOwnerApi();
  browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser?.close();
  await fake?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  return page;
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: '/node_modules/axe-core/axe.min.js' });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
    return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
}

async function signInWithKeyboard(page: Page): Promise<void> {
  await page.goto(`${fake.url}/console/`);
  await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
  // Sent from / to the sign-in page, the focus is on its heading: the next Tab reaches the email field.
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  await page.keyboard.press('Tab');
  await page.keyboard.type(fake.owner.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(fake.password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
}

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

describe('console: sites, pop-ups and the editor', () => {
  it('creates a pop-up from the gallery, edits its trigger and text with the preview following, saves and publishes', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.getByRole('link', { name: 'Demo site' }).click();
    await page.getByRole('heading', { level: 1, name: 'Demo site' }).waitFor();
    assert.match(await page.locator('pre').first().innerText(), /<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/dist\/poptin\.js\?id=demo"><\/script>/);
    await page.getByRole('button', { name: 'New pop-up from a template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Template gallery' });
    await dialog.waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('button', { name: 'Use this template: Newsletter lightbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Newsletter lightbox' }).waitFor();

    // Roles only find what the element rendered (its shadow root), not its hidden light-DOM source.
    const desktop = page.locator('[data-preview-width="560"]');
    await desktop.getByRole('heading', { name: 'Join our newsletter' }).waitFor();
    await page.getByLabel('h2 1').fill('Hello from the console');
    await desktop.getByRole('heading', { name: 'Hello from the console' }).waitFor();
    await page.locator('[data-preview-width="360"]').getByRole('heading', { name: 'Hello from the console' }).waitFor();

    await page.getByRole('radio', { name: 'Thank you' }).check();
    await desktop.getByRole('heading', { name: 'Thank you!' }).waitFor();
    assert.equal(await desktop.getByRole('heading', { name: 'Hello from the console' }).count(), 0);

    // The trigger: 3 seconds off, 40 % scroll on; the explanation follows.
    await page.getByRole('checkbox', { name: 'After time on the page' }).uncheck();
    await page.getByRole('checkbox', { name: 'After scrolling' }).check();
    await page.getByRole('spinbutton', { name: 'After scrolling (%)' }).fill('40');
    await page.locator('.explain li[data-topic="trigger"]').filter({ hasText: 'It shows when the visitor has scrolled 40 % of the page.' }).waitFor();
    await page.getByRole('combobox', { name: 'How often' }).selectOption('every_page');
    await page.getByText('every page', { exact: true }).waitFor();

    // The HTML mode: CodeMirror loads on demand; a handler typed into the template is named by the sanitiser's verdict.
    await page.getByRole('radio', { name: 'Form' }).check();
    const verdict = page.getByRole('region', { name: 'Sanitiser' });
    await verdict.getByText('The sanitiser keeps all of this HTML.').waitFor();
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    const code = page.getByRole('textbox', { name: 'HTML' });
    await code.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('<img src="x.png" alt="" onerror="alert(1)">');
    await verdict.getByText('<img> onerror').waitFor();
    await desktop.getByRole('heading', { name: 'Hello from the console' }).waitFor();
    await page.keyboard.press('Control+z');
    await verdict.getByText('The sanitiser keeps all of this HTML.').waitFor();

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    const [stored] = [...fake.popups.values()];
    assert.equal(stored.status, 'live');
    assert.equal(stored.published?.display_after_scroll_active, '40');
    assert.equal(stored.published?.display_after_sec_active, 'no');
    assert.equal(stored.published?.d_f_r, 'all@display_everytime_everypage');
    assert.match(String(stored.published?.poptin), /<h2>Hello from the console<\/h2>/);
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });

  it('refuses to save game prizes whose chances do not sum to 100 %', async () => {
    const page = await newPage();
    await signInWithKeyboard(page);
    await page.goto(`${fake.url}/console/sites/demo`);
    await page.getByRole('button', { name: 'New pop-up from a template' }).click();
    await page.getByRole('button', { name: 'Use this template: Newsletter lightbox' }).click();
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('gamified');
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
    const remove = page.getByRole('button', { name: /^Delete: / }).first();
    await remove.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Confirm' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.match(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''), /^Delete: /);
    const before = fake.popups.size;
    await remove.click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForFunction((count) => document.querySelectorAll('tbody tr').length === count - 1, before);
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
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['he', 'rtl']);
    assert.equal(fake.owner.language, 'he');
    assert.deepEqual(await axeViolations(page), []);
    await page.context().close();
  });
});
