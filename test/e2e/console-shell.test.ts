// The console's frame end to end on the real display server, as an owner uses it: the sidebar by keyboard with the
// focus on each page's heading, the pop-up list with its picture, status and the week's figures, "Test a variant"
// from a pop-up's menu, the template gallery filtered by kind, the leads on a phone (no sideways scrolling, Details
// tappable), "1 lead", and axe on each of them in English and Hebrew.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ownerGet, useBrowserAndServer } from './harness.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PASSWORD = 'e2e console shell password';
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

async function signIn(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await (
    await shared.browser.newContext({
      viewport,
      hasTouch: viewport.width < 600,
      locale: 'en-US',
      timezoneId: 'UTC',
      bypassCSP: true,
    })
  ).newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(`${shared.server.url}/console/`);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
  return page;
}

/** axe-core's WCAG 2.1 A/AA and best-practice rules over the page (the context bypasses the console's CSP for it). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
      };
    };
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
    return result.violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  });
}

const focusedHeading = (page: Page) =>
  page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null));

describe('console shell', () => {
  it('goes through a site by the sidebar with the keyboard alone, the focus on each page heading', async () => {
    const page = await signIn();
    await page.goto(`${shared.server.url}/console/sites/demo`);
    const sections = page.getByRole('navigation', { name: 'Site sections' });
    await sections.getByRole('link', { name: 'Pop-ups' }).waitFor();
    for (const [link, heading] of [
      ['Leads', 'Leads'],
      ['Stats', 'Stats'],
      ['A/B tests', 'A/B tests'],
      ['People', 'People'],
      ['Delivery', /^Destinations of /],
      ['Settings', /^Settings · /],
      ['Pop-ups', /./],
    ] as const) {
      await sections.getByRole('link', { name: link, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((name) => document.querySelector('[aria-current=page]')?.textContent === name, link);
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      const focused = await focusedHeading(page);
      if (typeof heading === 'string') assert.equal(focused, heading);
      else assert.match(focused ?? '', heading);
      assert.equal(await sections.getByRole('link', { name: link, exact: true }).getAttribute('aria-current'), 'page');
    }
    assert.deepEqual(await axeViolations(page), []);
    // The tab carries the console's own icon.
    const icon = await page.locator('link[rel=icon]').getAttribute('href');
    const served = await fetch(new URL(icon ?? '', shared.server.url));
    assert.equal(served.status, 200);
    assert.match(served.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    await page.context().close();
  });

  it('lists each pop-up with its picture, status and the last 7 days, and tests a variant from its menu', async () => {
    const { poptins } = await postJson<{ poptins: { poptin_id: string; viewer_id: string }[] }>(
      '/api/display/demo',
      {},
    );
    const shown = poptins[0]!;
    await postJson(`/api/display/viewed/${shown.poptin_id}`, {});
    await postJson(`/api/display/viewed/${shown.poptin_id}`, {});
    const { popups } = await ownerGet<{ popups: { id: string; name: string }[] }>(
      shared.server,
      '/api/owner/demo/popups',
    );
    const name = popups.find((popup) => popup.id === shown.poptin_id)!.name;

    const page = await signIn();
    await page.goto(`${shared.server.url}/console/sites/demo`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await card.locator('.popup-thumb').waitFor();
    await card.getByText('Live', { exact: true }).waitFor();
    const week = card.getByRole('definition');
    await page.waitForFunction(
      (id) =>
        [...document.querySelectorAll('.popup-card')]
          .find((item) => item.querySelector(`a[href$="/${id}"]`))
          ?.querySelector('dd')?.textContent === '2',
      shown.poptin_id,
    );
    assert.equal(await week.first().textContent(), '2');
    assert.deepEqual(await axeViolations(page), []);

    const menu = card.getByRole('button', { name: `Actions for ${name}` });
    await menu.focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menu', { name: `Actions for ${name}` });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Edit');
    assert.deepEqual(await items.getByRole('menuitem').allTextContents(), [
      'Edit',
      'Preview',
      'Duplicate',
      'Pause',
      'Test a variant',
      'Revision history',
      'Delete',
    ]);
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Actions for ${name}`);
    await page.keyboard.press('ArrowDown');
    await items.getByRole('menuitem', { name: 'Test a variant' }).click();
    await page.getByRole('status').filter({ hasText: 'Variant created' }).waitFor();
    const variant = `${name} (variant B)`;
    await page.getByRole('link', { name: variant, exact: true }).waitFor();
    const after = await ownerGet<{ popups: { id: string; name: string }[] }>(shared.server, '/api/owner/demo/popups');
    const created = after.popups.find((popup) => popup.name === variant);
    assert.ok(created, 'the variant is a pop-up of the site');
    const detail = await ownerGet<{ popup: { draft: Record<string, unknown> } }>(
      shared.server,
      `/api/owner/demo/popups/${created.id}`,
    );
    assert.equal(detail.popup.draft.ab_test_parent_id, shown.poptin_id);
    await page.context().close();
  });

  it('filters the template gallery by kind and goal and previews the chosen template before using it', async () => {
    const page = await signIn();
    await page.goto(`${shared.server.url}/console/sites/demo`);
    await page.getByRole('button', { name: 'New pop-up from a template' }).click();
    const gallery = page.getByRole('dialog', { name: 'Template gallery' });
    const cards = gallery.locator('.template-card');
    await cards.first().waitFor();
    const all = await cards.count();
    const kinds = gallery.getByRole('group', { name: 'Kind' });
    await kinds.getByRole('button', { name: 'Bar', exact: true }).click();
    assert.equal(await kinds.getByRole('button', { name: 'Bar', exact: true }).getAttribute('aria-pressed'), 'true');
    await page.waitForFunction((before) => document.querySelectorAll('.template-card').length < before, all);
    const goals = gallery.getByRole('group', { name: 'Goal' });
    if ((await goals.count()) > 0) {
      await kinds.getByRole('button', { name: 'Any kind' }).click();
      const goal = goals.getByRole('button').nth(1);
      await goal.click();
      assert.equal(await goal.getAttribute('aria-pressed'), 'true');
      await page.waitForFunction((before) => document.querySelectorAll('.template-card').length < before, all);
    }
    await cards.first().getByRole('button').click();
    await gallery.locator('.gallery-preview poptin-popup').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await gallery.getByRole('button', { name: /^Use this template: / }).click();
    await page.waitForURL(/\/popups\/[A-Za-z0-9]{13}$/);
    await page.context().close();
  });

  it("names the gallery's goals in the owner's words, in the order of an owner's aims, in English and Hebrew", async () => {
    const page = await signIn();
    await page.goto(`${shared.server.url}/console/sites/demo`);
    await page.getByRole('button', { name: 'New pop-up from a template' }).click();
    const goals = page.getByRole('dialog', { name: 'Template gallery' }).getByRole('group', { name: 'Goal' });
    await goals.getByRole('button').first().waitFor();
    assert.deepEqual(await goals.getByRole('button').allTextContents(), [
      'Any goal',
      'Grow your list',
      'First-order discount',
      'Exit offer',
      'Cart recovery',
      'Announce',
      'Lead magnet',
      'Get feedback',
      'Countdown sale',
      'Spin to win',
      'Scratch to win',
      'Gift box',
      'Chat',
    ]);
    await page.keyboard.press('Escape');
    await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
    await page.getByRole('button', { name: 'חלון חדש מתבנית' }).click();
    const hebrew = page.getByRole('dialog', { name: 'גלריית תבניות' }).getByRole('group', { name: 'מטרה' });
    await hebrew.getByRole('button').first().waitFor();
    const words = await hebrew.getByRole('button').allTextContents();
    assert.equal(words.length, 13);
    assert.deepEqual(
      words.filter((word) => /[a-z]/i.test(word)),
      [],
      'every goal in Hebrew words',
    );
    await page.context().close();
  });

  it('on a phone: the leads are cards, never wider than the screen, Details is tappable, and 1 lead is "1 lead"', async () => {
    const { poptins } = await postJson<{ poptins: { poptin_id: string; viewer_id: string }[] }>(
      '/api/display/demo',
      {},
    );
    await postJson(`/api/display/conversion/${poptins[0]!.viewer_id}`, {
      email: `phone.${RUN}@example.org`,
      name: 'Phone Person',
      idempotency_key: `shell-${RUN}`,
      since_page_load_ms: 5000,
    });
    const page = await signIn({ width: 390, height: 844 });
    await page.goto(`${shared.server.url}/console/sites/demo/leads`);
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    await page.getByText('1 lead', { exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    const details = page.getByRole('button', { name: `Details: phone.${RUN}@example.org` });
    // A tap lands on the button itself: nothing (a sticky header, a neighbour) covers it.
    await details.click({ trial: true, timeout: 5000 });
    await details.tap();
    await page.getByRole('dialog', { name: /^Lead #/ }).waitFor();

    // The menu button opens the site's navigation on a phone.
    await page.keyboard.press('Escape');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.evaluate(() => document.getElementById('sidebar')?.contains(document.activeElement)), true);
    await page.keyboard.press('Escape');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls')), 'sidebar');
    await menu.click();
    await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Stats' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stats' }).waitFor();
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    await page.context().close();
  });
});
