// A visitor's own coupon code in the pop-up, through the built widget and the real display server: the owner gives the
// demo lightbox a list of codes, a visitor's lead brings back one of them, shown (and copyable) on the thank-you
// screen, and kept with the lead; once the list is empty the next visitor is told in words and their lead is kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { eventually, OWNER_TOKEN, ownerLeads, useBrowserAndServer } from './harness.ts';

const shared = useBrowserAndServer();
const owner = { authorization: `Bearer ${OWNER_TOKEN}`, 'content-type': 'application/json' };

async function submitLead(browser: Browser, url: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url);
  const popup = page.locator('poptin-popup[poptin-id="demolightbox1"]');
  await popup.locator('dialog[open]').waitFor();
  await popup.locator('input[name="Email"]').fill(email);
  await popup.locator('[type=submit]').click();
  const thankYou = popup.locator('[data-poptin-screen="thank-you"]');
  await thankYou.waitFor({ state: 'visible' });
  return { context, page, popup, thankYou, errors };
}

describe("a visitor's own coupon code in the pop-up", () => {
  it('shows the code the lead was given on the thank-you screen, then says so in words when none is left', async () => {
    const { browser, server } = shared;
    const saved = await fetch(`${server.url}/api/owner/demo/coupons`, {
      method: 'PUT',
      headers: owner,
      body: JSON.stringify({ poptinId: 'demolightbox1', kind: 'list' }),
    });
    assert.equal(saved.status, 200, await saved.clone().text());
    const { id } = ((await saved.json()) as { source: { id: number } }).source;
    const uploaded = await fetch(`${server.url}/api/owner/demo/coupons/${id}/codes`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ csv: 'code\nONLY-FOR-YOU-7\n' }),
    });
    assert.equal(uploaded.status, 200, await uploaded.clone().text());

    const first = await submitLead(browser, `${server.url}/examples/lightbox.html`, 'first.visitor@example.org');
    try {
      const code = first.thankYou.locator('button[data-poptin-coupon]');
      await code.waitFor();
      assert.equal(await code.textContent(), 'ONLY-FOR-YOU-7');
      assert.match(
        (await first.thankYou.locator('[data-poptin-coupon-answer]').textContent()) ?? '',
        /^Your code: ONLY-FOR-YOU-7$/,
      );
      const copied = first.page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            window.addEventListener('couponCopy', (event) => resolve((event as CustomEvent).detail.coupon_code), {
              once: true,
            }),
          ),
      );
      await code.click();
      assert.equal(await copied, 'ONLY-FOR-YOU-7', 'the code copies as a template coupon does');
      assert.deepEqual(first.errors, []);
    } finally {
      await first.context.close();
    }
    const lead = await eventually('the first lead', async () =>
      (await ownerLeads(server, 'demo')).find((entry) => entry.email === 'first.visitor@example.org'),
    );
    assert.equal(lead.fields.coupon_code, 'ONLY-FOR-YOU-7');

    const second = await submitLead(browser, `${server.url}/examples/lightbox.html`, 'second.visitor@example.org');
    try {
      const note = second.thankYou.locator('[data-poptin-coupon-none]');
      await note.waitFor();
      assert.equal(
        await note.textContent(),
        'Your details are saved, but there is no code left to give you right now.',
      );
      assert.equal(await note.getAttribute('role'), 'status');
      assert.deepEqual(second.errors, []);
    } finally {
      await second.context.close();
    }
    await eventually('the second lead, kept though no code was left', async () =>
      (await ownerLeads(server, 'demo')).find((entry) => entry.email === 'second.visitor@example.org'),
    );
  });
});
