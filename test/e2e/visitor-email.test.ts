// The visitor's e-mail, end to end: the owner turns it on with double opt-in, a visitor ticks the consent box of the
// built widget in Chromium and signs up, a real SMTP server on 127.0.0.1 receives the e-mail, and its confirmation
// link, opened in the browser and its button clicked, confirms the lead, whose consent record holds the box's text as the visitor read it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { readMessage } from '../../server/test-support/mime.ts';
import { startSmtp } from '../../server/test-support/smtp.ts';
import { eventually, freePort, OWNER_TOKEN, type ServerProcess, startBrowserAndServer } from './harness.ts';

describe("the visitor's e-mail and double opt-in, end to end", () => {
  let browser: Browser;
  let server: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  before(async () => {
    smtp = await startSmtp();
    const port = await freePort();
    ({ browser, server } = await startBrowserAndServer({
      port,
      env: { SMTP_URL: smtp.url, SMTP_FROM: 'Demo <demo@poptin.example>', PUBLIC_URL: `http://127.0.0.1:${port}` },
    }));
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
    await smtp?.close();
  });

  const owner = async <Answer>(method: string, path: string, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${server.url}/api/owner/demo${path}`, {
      method,
      headers: {
        authorization: `Bearer ${OWNER_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
    return (await response.json()) as Answer;
  };

  it('mails the visitor who signed up, and their click confirms the lead with its consent record', async () => {
    const { popup } = await owner<{ popup: { revision: number; draft: Record<string, unknown> } }>(
      'GET',
      '/popups/demoformtypos',
    );
    await owner('PUT', '/popups/demoformtypos', {
      revision: popup.revision,
      draft: {
        ...popup.draft,
        visitor_email: {
          enabled: true,
          subject: 'Welcome, {{email}}',
          body: 'Thanks for signing up.\n\nYour code: {{coupon_code|WELCOME10}}',
          double_opt_in: true,
        },
      },
    });
    await owner('POST', '/popups/demoformtypos/publish');

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/examples/forms.html`);
    await page.waitForFunction(() => 'poptin' in window);
    await page.locator('[data-poptin-id="demoformtypos"]').click();
    const form = page.locator('poptin-popup[poptin-id="demoformtypos"]');
    await eventually('the pop-up', async () => {
      if ((await form.locator('dialog[open]').count()) > 0) return true;
      await page.evaluate(() =>
        (window as unknown as { poptin: { close(id: string): Promise<boolean> } }).poptin.close('demolightbox1'),
      );
      return false;
    });
    await form.locator('[name="Email"], [type=email]').first().fill('maya@gmail.com');
    await form.locator('[name="consent"]').check();
    await form.locator('[type=submit]').click();

    await eventually(
      'the e-mail reaches the SMTP server',
      async () => smtp.mails.some((mail) => mail.to.includes('maya@gmail.com')),
      20_000,
    );
    const message = readMessage(smtp.mails.find((mail) => mail.to.includes('maya@gmail.com'))!.data);
    assert.match(message.text, /Your code: WELCOME10/);
    const link = /http:\/\/127\.0\.0\.1:\d+\/email\/confirm\/\S+/.exec(message.text)![0];
    await page.goto(link);
    // Opening the link only asks (a mail's link scanner opens it too); the person's click confirms.
    await page.getByRole('heading', { name: 'Confirm your address' }).waitFor();
    await page.getByRole('button', { name: 'Confirm my address' }).click();
    await page.getByRole('heading', { name: 'Your address is confirmed' }).waitFor();
    await context.close();

    const { leads } = await owner<{ leads: { email: string; conversion_id: number }[] }>('GET', '/leads?limit=5');
    const lead = leads.find((each) => each.email === 'maya@gmail.com')!;
    const detail = await owner<{
      lead: { opt_in: string };
      consent: { text: string; given: boolean; confirmed_at: string | null };
    }>('GET', `/leads/${lead.conversion_id}`);
    assert.equal(detail.lead.opt_in, 'confirmed');
    assert.equal(detail.consent.text, 'I agree to receive the newsletter');
    assert.equal(detail.consent.given, true);
    assert.ok(detail.consent.confirmed_at);
  });
});
