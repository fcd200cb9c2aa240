// The XSS corpus as lead values: stored by the real server, read back by the owner in Chromium.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { OWNER_TOKEN, ROOT, useBrowserAndServer } from './harness.ts';

const PAYLOADS = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/xss-payloads.json'), 'utf8')) as string[];

describe('sanitising proven: the XSS corpus as lead values', () => {
  const shared = useBrowserAndServer({ env: { RATE_LIMIT_MAX: '10000' } });

  it('every payload is stored verbatim and the owner reads it in Chromium without any of it running', async () => {
    const display = await fetch(`${shared.server.url}/api/display/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const viewerId = ((await display.json()) as { poptins: { poptin_id: string; viewer_id: string }[] }).poptins.find(
      (p) => p.poptin_id === 'demolightbox1',
    )!.viewer_id;
    for (const [index, payload] of PAYLOADS.entries()) {
      const response = await fetch(`${shared.server.url}/api/display/conversion/${viewerId}`, {
        method: 'POST',
        body: new URLSearchParams({
          email: `xss${index}@example.com`,
          name: payload.slice(0, 256),
          message: payload,
          note: payload,
          idempotency_key: `xss-lead-${index}`,
        }),
      });
      assert.equal(response.status, 200, `payload #${index}: ${await response.text()}`);
    }

    const context = await shared.browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${OWNER_TOKEN}` } });
    const page = await context.newPage();
    const ran: string[] = [];
    await page.exposeFunction('__xssHit', (id: number) => ran.push(String(id)));
    await page.addInitScript(() => {
      (window as unknown as { __xss(id: number): void }).__xss = (id) =>
        (window as unknown as { __xssHit(id: number): void }).__xssHit(id);
    });
    page.on('dialog', (dialog) => {
      ran.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const listing = await page.goto(`${shared.server.url}/api/owner/demo/leads?limit=500`);
    assert.match(String(listing?.headers()['content-type']), /^application\/json/);
    assert.equal(listing?.headers()['x-content-type-options'], 'nosniff');
    await page.waitForTimeout(500);
    const { leads } = JSON.parse(await page.locator('body').innerText()) as {
      leads: { email: string; fields: Record<string, string> }[];
    };
    assert.equal(leads.length, PAYLOADS.length);
    for (const [index, payload] of PAYLOADS.entries()) {
      const lead = leads.find((candidate) => candidate.email === `xss${index}@example.com`);
      assert.equal(lead?.fields.message, payload, `payload #${index} stored verbatim`);
      assert.equal(lead?.fields.note, payload);
    }
    assert.equal(await page.locator('img, script, svg, iframe').count(), 0, 'the listing is shown as text');

    const csv = await page.request.get(`${shared.server.url}/api/owner/demo/leads.csv`);
    assert.match(csv.headers()['content-type']!, /^text\/csv/);
    assert.match(csv.headers()['content-disposition']!, /^attachment/);
    assert.equal(csv.headers()['x-content-type-options'], 'nosniff');
    assert.deepEqual(ran, []);
    await context.close();
  });
});
