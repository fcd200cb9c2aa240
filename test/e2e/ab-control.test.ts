// An A/B test's control group and its settings end to end on the real display server: the owner sets a control
// group and the winner to apply by itself in the console, a held-out visitor's page shows no pop-up and explain()
// says why, leads come in, and the console reports the site's conversion uplift against the control with its interval.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { callJson, publishedOffer as publishOffer } from './ab-variants.ts';
import { explainPopup, ownerGet, useBrowserAndServer } from './harness.ts';

const PASSWORD = 'e2e a/b control password';
const RUN = Date.now().toString(36);
const SITE = `abc${RUN}`;
const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD, RATE_LIMIT_MAX: '1000000' } });

const call = <T>(method: 'POST' | 'PATCH', pathname: string, body: object, owner = false) =>
  callJson<T>(shared.server, method, pathname, body, owner);
/** A lightbox with an e-mail field, published; a variant of the parent when given. */
const publishedOffer = (name: string, parentId?: string) => publishOffer(shared.server, SITE, name, { parentId });

type DisplayAnswer = {
  poptins: { poptin_id: string; viewer_id: string }[];
  left_out: { poptin_id: string; blocked_by: { rule: string }[] }[];
};
const displayTo = (visitorId: string) => call<DisplayAnswer>('POST', `/api/display/${SITE}`, { visitor_id: visitorId });

async function signIn(browser: Browser, width = 1280, locale = 'en-US') {
  const page = await (await browser.newContext({ viewport: { width, height: 900 }, locale })).newPage();
  await page.goto(`${shared.server.url}/console/`);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
  return page;
}

describe('A/B test control group', () => {
  it('is set in the console, keeps a share of visitors from every variant with a reason, and reports the uplift', async () => {
    const { browser, server } = shared;
    await call(
      'POST',
      '/api/owner/sites',
      { clientId: SITE, name: 'Control shop', allowedOrigins: [], language: 'en' },
      true,
    );
    const a = await publishedOffer(`Offer A ${RUN}`);
    await publishedOffer(`Offer B ${RUN}`, a);

    const console_ = await signIn(browser);
    await console_.goto(`${server.url}/console/sites/${SITE}/ab-tests`);
    const card = console_.getByRole('region', { name: `Offer A ${RUN}` });
    await card.getByText('No control group: every visitor may see a variant.').waitFor();
    const settings = card.getByRole('form', { name: 'Test settings' });
    await settings.getByLabel('Apply the winner by itself once the verdict is in').check();
    await settings.getByLabel('Control group (% of visitors)').fill('30');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    const [saved] = (
      await ownerGet<{ tests: { auto_apply: boolean; control: { percent: number } }[] }>(
        server,
        `/api/owner/${SITE}/ab-tests`,
      )
    ).tests;
    assert.deepEqual([saved?.auto_apply, saved?.control.percent], [true, 30]);

    // Visitors: the held out get no pop-up and a reason; every third of the others leaves a lead.
    const heldOut: string[] = [];
    let shown = 0;
    for (let index = 0; index < 90; index += 1) {
      const visitorId = `visitor-${RUN}-${index}`;
      const answer = await displayTo(visitorId);
      if (answer.poptins.length === 0) {
        assert.equal(answer.left_out[0]?.blocked_by[0]?.rule, 'ab-control-group', visitorId);
        heldOut.push(visitorId);
        continue;
      }
      shown += 1;
      if (shown % 3 === 0)
        await call('POST', `/api/display/conversion/${answer.poptins[0]!.viewer_id}`, {
          email: `lead-${index}@shop.example`,
          visitor_id: visitorId,
          idempotency_key: `${visitorId}-lead`,
          since_page_load_ms: 6000,
        });
    }
    assert.ok(heldOut.length > 10 && heldOut.length < 45, `held out: ${heldOut.length} of 90`);

    // A held-out visitor's own browser: no pop-up, and explain() names the control group.
    const context = await browser.newContext();
    await context.addCookies([{ name: 'poptin_visitor_id', value: heldOut[0]!, url: `${server.url}/` }]);
    const page = await context.newPage();
    const address = `${server.url}/abc-${RUN}.html`;
    await page.route(address, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Shop</title><script type="module" src="/dist/poptin.js?id=${SITE}"></script><main><h1>Shop</h1></main></html>`,
      }),
    );
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/display/${SITE}`);
    await page.goto(address);
    const answer = (await (await answered).json()) as DisplayAnswer;
    assert.deepEqual(answer.poptins, []);
    const explanation = await explainPopup(page, answer.left_out[0]!.poptin_id);
    assert.equal(explanation.allowed, false);
    assert.match(JSON.stringify(explanation.blockedBy), /control group of its A\/B test \(30 % of visitors/);
    assert.equal(await page.locator('poptin-popup').count(), 0);
    await context.close();

    // The console reads the uplift: every third shown visitor converted, none held out.
    await console_.reload();
    const uplift = card.locator('.uplift');
    await uplift.waitFor();
    const rate = Math.floor(shown / 3) / shown;
    assert.match(
      (await uplift.textContent()) ?? '',
      new RegExp(
        `^The test changes the site's conversion by \\u2066?\\+${(Math.round(rate * 10_000) / 100).toString().replace('.', '\\.')}\\u2069? points \\(95 % interval `,
      ),
    );
    await card.getByText(`Control: 0 of ${heldOut.length} visitors converted (0.00%).`, { exact: false }).waitFor();
    await console_.context().close();
  });
});
