// Campaign pop-ups in Chromium against the display server: a template's {{utm_campaign}} filled from the page
// address, and a pop-up only for visits from a search engine.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainPopup, FIXTURES_ENV, shownPopups, useBrowserAndServer } from './harness.ts';

describe('campaign pop-ups', () => {
  const shared = useBrowserAndServer({ env: FIXTURES_ENV });

  it('names the campaign of the address, as text, and falls back without one', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/campaign.html?utm_campaign=Spring%20sale&utm_source=%3Cb%3Eads`);
    const dialog = page.getByRole('dialog', { name: 'Spring sale' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('heading').textContent(), 'Spring sale');
    assert.equal(await dialog.getByLabel('Email').getAttribute('placeholder'), '<b>ads@example.com');
    await context.close();

    const other = await shared.browser.newContext();
    const plain = await other.newPage();
    await plain.goto(`${shared.server.url}/examples/campaign.html`);
    await plain.getByRole('dialog', { name: 'our sale' }).waitFor();
    await other.close();
  });

  it('shows a pop-up for search traffic to a visit from Google, and not to a direct visit', async () => {
    const fromSearch = await shared.browser.newContext();
    const page = await fromSearch.newPage();
    await page.goto(`${shared.server.url}/examples/search.html`, { referer: 'https://www.google.com/' });
    await page.getByRole('dialog', { name: 'Found us on a search engine?' }).waitFor();
    await fromSearch.close();

    const direct = await shared.browser.newContext();
    const typed = await direct.newPage();
    await typed.goto(`${shared.server.url}/examples/search.html`);
    const explanation = await explainPopup(typed, 'fixturesrch01');
    assert.deepEqual(
      explanation.blockedBy.map((rule) => `${rule.rule}: ${rule.reason}`),
      ['traffic_source_targeting: the visit is direct (no referrer and no campaign parameters); shown for search'],
    );
    assert.deepEqual(await shownPopups(typed), []);
    await direct.close();
  });
});
