// The owner console end to end, on the real display server (one process, never restarted): sign in, create a pop-up
// from a template, change its trigger and text and see the preview follow, publish, see it on an example page, submit
// a lead, pause it, and see it gone on the next page view.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, ownerLeads, useBrowserAndServer } from './harness.ts';

const PASSWORD = 'e2e console password 0123';
const HEADLINE = `Console headline ${Date.now().toString(36)}`;
const LEAD_EMAIL = 'console-e2e@example.org';

const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD } });

describe('owner console', () => {
  it('authors, publishes and pauses a pop-up that visitors see and leave a lead in, with no restart', async () => {
    const { browser, server } = shared;
    const owner = await browser.newContext();
    const console_ = await owner.newPage();
    const served = await console_.goto(`${server.url}/console/`);
    assert.equal(served?.status(), 200, 'the display server serves the console at /console/');
    await console_.getByLabel('Email').fill('owner@example.com');
    await console_.getByLabel('Password').fill(PASSWORD);
    await console_.getByRole('button', { name: 'Sign in' }).click();
    await console_.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();

    await console_.goto(`${server.url}/console/sites/demo`);
    await console_.getByRole('button', { name: 'New pop-up from a template' }).click();
    const gallery = console_.getByRole('dialog', { name: 'Template gallery' });
    await gallery.getByRole('group', { name: 'Kind' }).getByRole('button', { name: 'Lightbox', exact: true }).click();
    await gallery.locator('.template-card').first().getByRole('button').click();
    await gallery.getByRole('button', { name: /^Use this template/ }).click();
    await console_.getByRole('heading', { level: 2, name: 'Settings' }).waitFor();
    const popupId = decodeURIComponent(/\/popups\/([^/?#]+)$/.exec(new URL(console_.url()).pathname)?.[1] ?? '');
    assert.match(popupId, /^[A-Za-z0-9]{13}$/);

    // The trigger: after 1 second on the page, nothing else; on every page view.
    const triggers = console_.getByRole('group', { name: 'When it shows' });
    for (const name of [
      'After scrolling',
      'After clicks',
      'On page view number',
      'After inactivity',
      'Exit intent',
      'Click to open',
    ]) {
      await triggers.getByRole('checkbox', { name, exact: true }).uncheck();
    }
    await triggers.getByRole('checkbox', { name: 'After time on the page' }).check();
    await triggers.getByRole('spinbutton', { name: /^After time on the page/ }).fill('1');
    await console_.getByRole('combobox', { name: 'How often' }).first().selectOption('every_page');
    const pages = console_.getByRole('group', { name: 'Pages' });
    while ((await pages.getByRole('button', { name: /^Remove rule/ }).count()) > 0)
      await pages
        .getByRole('button', { name: /^Remove rule/ })
        .first()
        .click();
    await console_
      .locator('.explain li[data-topic="trigger"]')
      .filter({ hasText: 'It shows after 1 seconds on the page.' })
      .waitFor();

    // The headline, changed in the HTML tab as an expert does; the preview follows at both widths.
    await console_.getByRole('tab', { name: 'HTML' }).click();
    const code = console_.getByRole('textbox', { name: 'HTML' });
    const html = (await code.textContent()) ?? '';
    const before = /<h2[^>]*>([^<]+)<\/h2>/.exec(html)?.[1] ?? '';
    assert.ok(before, 'the template has a heading');
    await code.fill(html.replace(`>${before}</h2>`, `>${HEADLINE}</h2>`));
    // Visible: what the element rendered, not the hidden source it was given.
    await console_.locator('[data-preview-width="560"]').getByText(HEADLINE).filter({ visible: true }).waitFor();
    await console_.getByRole('radio', { name: 'Phone', exact: true }).check();
    await console_.locator('[data-preview-width="360"]').getByText(HEADLINE).filter({ visible: true }).waitFor();
    await console_.getByRole('radio', { name: 'Desktop', exact: true }).check();
    assert.equal(await console_.locator('[data-preview-width="560"]').getByText(before, { exact: true }).count(), 0);

    await console_.getByRole('button', { name: 'Publish' }).click();
    await console_.getByRole('status').filter({ hasText: 'Published' }).waitFor();

    // A visitor on an example page of the site sees it.
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const firstAnswer = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/display/demo',
    );
    await page.goto(`${server.url}/examples/embed.html`);
    const live = (await (await firstAnswer).json()) as { poptins?: { poptin_id?: string }[] };
    assert.equal(
      live.poptins?.filter((popup) => popup.poptin_id === popupId).length,
      1,
      'the published pop-up is served',
    );
    const shown = page.locator('poptin-popup').filter({ has: page.getByText(HEADLINE) });
    await shown.getByText(HEADLINE).filter({ visible: true }).waitFor({ timeout: 15_000 });
    await shown.locator('input[name="Email"]').fill(LEAD_EMAIL);
    await shown.locator('[type="submit"]').first().click();
    await eventually('the lead stored', async () =>
      JSON.stringify(await ownerLeads(server, 'demo')).includes(LEAD_EMAIL),
    );

    // Paused in the console: the next page view does not show it.
    await console_.getByRole('link', { name: 'Back' }).click();
    const row = console_.locator(`.popup-card:has(a[href$="/popups/${popupId}"])`);
    await row.getByText('Live').waitFor();
    await row.getByRole('button', { name: /^Actions for / }).click();
    await console_.getByRole('menuitem', { name: 'Pause' }).click();
    await row.getByText('Paused').waitFor();
    const next = await visitor.newPage();
    const answer = next.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/display/demo',
    );
    await next.goto(`${server.url}/examples/embed.html`);
    const displayed = (await (await answer).json()) as { poptins?: { poptin_id?: string }[] };
    assert.ok(Array.isArray(displayed.poptins), 'the display answer lists the pop-ups to show');
    assert.deepEqual(
      displayed.poptins.filter((popup) => popup.poptin_id === popupId),
      [],
      'the paused pop-up is not served',
    );
    assert.equal(await next.getByText(HEADLINE).count(), 0);
    await owner.close();
    await visitor.close();
  });
});
