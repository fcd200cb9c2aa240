import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { ClickDisplayRequest } from '../../src/core/api/contract.ts';
import { eventually, explainPopup, FIXTURES_ENV, useBrowserAndServer } from './harness.ts';

// widget §7 click-display: a click-to-open link whose pop-up is not in this page's display answer asks for it with
// this page view's facts, and the server's rules for that pop-up decide.
describe('the click-display call, end to end', () => {
  const shared = useBrowserAndServer({ env: FIXTURES_ENV });

  /** Opens show.html, recording the click-display requests; `leaveOut` drops pop-ups from the page's display answer. */
  async function openShowPage(
    leaveOut: string[] = [],
  ): Promise<{ page: Page; asked: ClickDisplayRequest[]; warnings: string[] }> {
    const page = await shared.browser.newPage();
    const asked: ClickDisplayRequest[] = [];
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/display/click/'))
        asked.push(request.postDataJSON() as ClickDisplayRequest);
    });
    // As when the owner switched the pop-up on after this page's answer was made.
    await page.route('**/api/display/widget', async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      answer.poptins = answer.poptins.filter((poptin: { poptin_id: string }) => !leaveOut.includes(poptin.poptin_id));
      await route.fulfill({ response, json: answer });
    });
    await page.goto(`${shared.server.url}/examples/show.html`);
    // explain() answers once the page's display answer is handled.
    await explainPopup(page, 'fixtureshow01');
    return { page, asked, warnings };
  }

  it("a click on a link to a pop-up missing from this page's answer asks with the page's facts, and shows what the server allows", async () => {
    const { page, asked } = await openShowPage(['fixtureshow01']);
    await page.getByRole('button', { name: 'Open by click' }).click();
    const popup = page.locator('poptin-popup[poptin-id="fixtureshow01"]');
    await popup.locator('dialog[open]').waitFor();
    assert.equal(asked.length, 1);
    const [body] = asked;
    assert.equal(body!.client_id, 'widget');
    assert.equal(body!.poptin_display, 'fixtureshow01');
    assert.deepEqual(body!.triggers, ['click']);
    assert.equal(new URL(body!.poptin_viewed_url).pathname, '/examples/show.html');
    for (const fact of [
      'domain',
      'referrer',
      'cookies',
      'if_mobile',
      'page_title',
      'all_visited_pages',
      'lang',
    ] as const)
      assert.ok(fact in body!, fact);
    assert.equal((await explainPopup(page, 'fixtureshow01')).trigger, 'click');
    await page.close();
  });

  it('a pop-up whose rules leave this page view out stays closed, and explain() and the console say which rule', async () => {
    const { page, asked, warnings } = await openShowPage();
    // fixturemobil1 shows only on variant.html (page_targeting): the server left it out of this page's answer.
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), {
        href: '/click/fixturemobil1',
        textContent: 'Our offer',
      });
      document.querySelector('main')!.append(link);
    });
    await page.getByRole('link', { name: 'Our offer' }).click();
    await eventually('the answer to be read', async () =>
      warnings.some((text) => text.includes('pop-up fixturemobil1 is not shown on this page view')),
    );
    const explanation = await explainPopup(page, 'fixturemobil1');
    assert.deepEqual(
      asked.map((body) => body.poptin_display),
      ['fixturemobil1'],
    );
    assert.equal(await page.locator('poptin-popup[poptin-id="fixturemobil1"]').count(), 0);
    assert.equal(explanation.state, 'blocked');
    assert.ok(explanation.blockedBy.length > 0, JSON.stringify(explanation));
    assert.equal(page.url().endsWith('/examples/show.html'), true, 'the link did not navigate');
    await page.close();
  });
});
