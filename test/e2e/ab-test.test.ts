// An A/B test end to end on the real display server: two published variants of one pop-up share a site's visitors
// (each visitor keeps the variant the server picks for them), the visitors view them and leave leads, the owner's
// A/B page in the console shows each variant's probability to beat the other and the verdict, the owner declares the
// winner with the keyboard, and a visitor who had been given the loser is shown only the winner afterwards.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { callJson, publishedOffer as publishOffer } from './ab-variants.ts';
import { ownerGet, useBrowserAndServer } from './harness.ts';

const PASSWORD = 'e2e a/b test password';
const RUN = Date.now().toString(36);
const SITE = `ab${RUN}`;
// Several thousand display calls, views and leads come from this one address.
const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD, RATE_LIMIT_MAX: '1000000' } });

const call = <T>(method: 'POST' | 'PUT', pathname: string, body: object, owner = false) =>
  callJson<T>(shared.server, method, pathname, body, owner);
/** A lightbox with an e-mail field that shows a second after each page view, published; a variant of the parent when given. */
const publishedOffer = (name: string, parentId?: string) =>
  publishOffer(shared.server, SITE, name, { parentId, showsAfterASecond: true });

type DisplayAnswer = { poptins: { poptin_id: string; viewer_id: string }[] };
const shownTo = async (visitorId: string) =>
  (await call<DisplayAnswer>('POST', `/api/display/${SITE}`, { visitor_id: visitorId })).poptins;

/** A page of the site, as its owner would embed the loader; served by the test at the display server's origin. */
async function visitSite(context: BrowserContext, visitorId: string) {
  // The widget's own visitor cookie: it sends this id with the display call, which picks the variant by it.
  await context.addCookies([{ name: 'poptin_visitor_id', value: visitorId, url: `${shared.server.url}/` }]);
  const page = await context.newPage();
  const address = `${shared.server.url}/ab-${RUN}.html`;
  await page.route(address, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Shop</title><script type="module" src="/dist/poptin.js?id=${SITE}"></script><main><h1>Shop</h1></main></html>`,
    }),
  );
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/display/${SITE}`);
  await page.goto(address);
  const response = await answer;
  assert.equal(response.request().postDataJSON().visitor_id, visitorId, 'the display call names the visitor');
  return { page, answer: (await response.json()) as DisplayAnswer };
}

const percent = (value: number) =>
  new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

describe('A/B test', () => {
  it('splits real visitors, shows who beats whom and the verdict, and after the winner is declared by keyboard shows only it', async () => {
    const { browser, server } = shared;
    await call(
      'POST',
      '/api/owner/sites',
      { clientId: SITE, name: 'A/B shop', allowedOrigins: [], language: 'en' },
      true,
    );
    const a = await publishedOffer(`Offer A ${RUN}`);
    const b = await publishedOffer(`Offer B ${RUN}`, a);

    // Visitors: each is given one variant, views it, and leaves a lead at that variant's own rate (1 in 25 for A,
    // 1 in 10 for B), until each variant has the 1,000 views a verdict needs.
    const views = new Map([
      [a, 0],
      [b, 0],
    ]);
    const visitorsOf = new Map<string, string[]>([
      [a, []],
      [b, []],
    ]);
    let next = 0;
    const visit = async () => {
      const visitorId = `visitor-${RUN}-${next++}`;
      const shown = await shownTo(visitorId);
      assert.equal(shown.length, 1, 'one variant a visitor');
      const { poptin_id: variant, viewer_id: viewerId } = shown[0]!;
      const count = views.get(variant)! + 1;
      views.set(variant, count);
      visitorsOf.get(variant)!.push(visitorId);
      await call('POST', `/api/display/viewed/${variant}`, {
        visitor_id: visitorId,
        url: `https://shop.example/p/${count % 7}`,
      });
      if (count % (variant === a ? 25 : 10) === 0)
        await call('POST', `/api/display/conversion/${viewerId}`, {
          email: `lead-${count}-${variant}@shop.example`,
          visitor_id: visitorId,
          idempotency_key: `${visitorId}-lead`,
          since_page_load_ms: 6000,
        });
    };
    while (Math.min(...views.values()) < 1_000 && next < 4_000)
      await Promise.all(Array.from({ length: 8 }, () => visit()));
    assert.ok(Math.min(...views.values()) >= 1_000, `views: ${[...views.values()]}`);

    // A real browser of a visitor the server gives A sees A.
    const loserVisitor = visitorsOf.get(a)![0]!;
    const before = await visitSite(await browser.newContext(), loserVisitor);
    assert.deepEqual(
      before.answer.poptins.map((popup) => popup.poptin_id),
      [a],
    );
    await before.page.getByRole('heading', { name: `Offer A ${RUN}` }).waitFor();
    await before.page.context().close();

    const [test] = (
      await ownerGet<{
        tests: {
          test_id: string;
          winner: string | null;
          variants: { poptin_id: string; probability_best: number }[];
        }[];
      }>(server, `/api/owner/${SITE}/ab-tests`)
    ).tests;
    assert.equal(test?.test_id, a);
    assert.equal(test.winner, b, 'B converts at 10 % against 4 %: past 95 % with over 1,000 views each');
    const probability = new Map(test.variants.map((variant) => [variant.poptin_id, variant.probability_best]));

    // The owner's A/B page.
    const owner = await browser.newContext();
    const console_ = await owner.newPage();
    await console_.goto(`${server.url}/console/`);
    await console_.getByLabel('Email').fill('owner@example.com');
    await console_.getByLabel('Password').fill(PASSWORD);
    await console_.getByRole('button', { name: 'Sign in' }).click();
    await console_.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
    await console_.goto(`${server.url}/console/sites/${SITE}/ab-tests`);
    const card = console_.getByRole('region', { name: `Offer A ${RUN}` });
    const table = card.getByRole('table', { name: `Variants of Offer A ${RUN}` });
    await table.waitFor();
    const columns = await table.getByRole('columnheader').allInnerTexts();
    const beats = columns.indexOf('Probability to beat the others');
    assert.ok(beats > 0, `columns: ${columns}`);
    for (const [id, name] of [
      [a, `Offer A ${RUN}`],
      [b, `Offer B ${RUN}`],
    ] as const) {
      const cells = await table
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .getByRole('cell')
        .allInnerTexts();
      // The row's header is its first column; the cells are the rest.
      assert.equal(cells[beats - 1], percent(probability.get(id)!), `${name}: ${cells}`);
    }
    assert.equal(
      await card.locator('.verdict').textContent(),
      `Verdict: Offer B ${RUN} wins: best with ${percent(probability.get(b)!)} probability.`,
    );

    // Declared with the keyboard: Tab to B's button, Enter, then Tab from Cancel to Confirm and Enter.
    const declareB = card.getByRole('button', { name: `Declare winner: Offer B ${RUN}` });
    let presses = 0;
    while (!(await declareB.evaluate((button) => button === document.activeElement))) {
      assert.ok(presses++ < 60, 'the button is reached by Tab');
      await console_.keyboard.press('Tab');
    }
    await console_.keyboard.press('Enter');
    const dialog = console_.getByRole('dialog', { name: 'Confirm' });
    await dialog.getByText(`Declare Offer B ${RUN} the winner?`).waitFor();
    await console_.keyboard.press('Tab');
    assert.ok(
      await dialog.getByRole('button', { name: 'Confirm' }).evaluate((button) => button === document.activeElement),
    );
    await console_.keyboard.press('Enter');
    await card
      .getByRole('status')
      .filter({ hasText: `Offer B ${RUN} now gets all the traffic.` })
      .waitFor();
    await table
      .getByRole('row', { name: new RegExp(`^Offer A ${RUN}`) })
      .getByText('Paused')
      .waitFor();
    await table
      .getByRole('row', { name: new RegExp(`^Offer B ${RUN}`) })
      .getByText('Live')
      .waitFor();
    await owner.close();

    // The visitor who had A, in a new browser, sees only B; so do A's other visitors and new ones.
    const after = await visitSite(await browser.newContext(), loserVisitor);
    assert.deepEqual(
      after.answer.poptins.map((popup) => popup.poptin_id),
      [b],
    );
    await after.page.getByRole('heading', { name: `Offer B ${RUN}` }).waitFor();
    assert.equal(await after.page.getByRole('heading', { name: `Offer A ${RUN}` }).count(), 0);
    await after.page.context().close();
    for (const visitorId of [...visitorsOf.get(a)!.slice(1, 11), `new-${RUN}-1`, `new-${RUN}-2`]) {
      assert.deepEqual(
        (await shownTo(visitorId)).map((popup) => popup.poptin_id),
        [b],
        visitorId,
      );
    }
  });
});
