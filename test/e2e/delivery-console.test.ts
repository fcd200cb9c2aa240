// Lead delivery from the console, end to end on the real display server: the owner adds a webhook destination that
// points at a receiver on 127.0.0.1, sends a test lead and reads the receiver's answer, then a visitor's lead is
// delivered to it and shows as delivered in the destination's log.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { describe, it } from 'node:test';
import { eventually, useBrowserAndServer } from './harness.ts';

const PASSWORD = 'e2e delivery password 0123';
const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD, DELIVERY_ALLOW_PRIVATE: '1' } });

describe('lead delivery in the console', () => {
  it('adds a webhook, sends a test lead and shows the answer, then logs a visitor lead as delivered', async () => {
    const received: { type: string; email: string | null; signed: boolean }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const payload = JSON.parse(body) as { type: string; lead: { email: string | null } };
        received.push({
          type: payload.type,
          email: payload.lead.email,
          signed: /^v1,/.test(String(request.headers['webhook-signature'] ?? '')),
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ accepted: payload.type }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    const { browser, server } = shared;
    const owner = await browser.newContext();
    try {
      const page = await owner.newPage();
      await page.goto(`${server.url}/console/`);
      await page.getByLabel('Email').fill('owner@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
      await page.goto(`${server.url}/console/sites/demo/destinations`);
      await page.getByRole('heading', { level: 1, name: /^Destinations of / }).waitFor();

      await page.getByRole('button', { name: 'Add a destination' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a destination' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('My receiver');
      await dialog.getByRole('textbox', { name: 'URL (https)' }).fill(hookUrl);
      await dialog.getByRole('button', { name: 'Save destination' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.match((await page.locator('.notice code').textContent()) ?? '', /^whsec_/);

      await page.getByRole('button', { name: 'Send a test lead: My receiver' }).click();
      const answer = page.locator('.destination').getByRole('status').filter({ hasText: 'Delivered' });
      await answer.getByText('{"accepted":"lead.test"}').waitFor();
      assert.deepEqual(received, [{ type: 'lead.test', email: 'test.lead@example.com', signed: true }]);

      // A visitor's lead, sent as the widget sends it.
      const display = await fetch(`${server.url}/api/display/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const viewerId = ((await display.json()) as { poptins: { viewer_id: string }[] }).poptins[0]!.viewer_id;
      const lead = await fetch(`${server.url}/api/display/conversion/${viewerId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'visitor@example.org', idempotency_key: `delivery-e2e-${Date.now()}` }),
      });
      assert.equal(lead.status, 200);
      const leadId = ((await lead.json()) as { conversion_id: number }).conversion_id;
      await eventually('the webhook received the lead', async () =>
        received.some((entry) => entry.type === 'lead.created' && entry.email === 'visitor@example.org'),
      );

      await page.getByRole('link', { name: 'Delivery log: My receiver' }).click();
      await page.getByRole('heading', { level: 1, name: 'Delivery log · My receiver' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: `#${leadId}` });
      await row.getByRole('cell', { name: 'Delivered' }).waitFor();
      assert.match((await row.textContent()) ?? '', /200/);
    } finally {
      await owner.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
