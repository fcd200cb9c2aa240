import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Route } from 'playwright-core';
import { backoffDelay } from '../../src/core/api/outbox.ts';
import { eventually, explainPopup, FIXTURES_ENV, ownerLeads, useBrowserAndServer } from './harness.ts';
import { visitorRecordOf } from './visitor-cookie.ts';

// The network between the visitor and the server is the edge we do not own: playwright's routing plays
// a failing or hanging connection in front of the real server.
describe('the lead outbox when the server fails or hangs, end to end', () => {
  const shared = useBrowserAndServer({ env: FIXTURES_ENV });

  const leadsFor = async (email: string) =>
    (await ownerLeads(shared.server, 'widget')).filter((lead) => lead.email === email);

  async function submitOnDemandPopup(email: string, onConversion: (route: Route, attempt: number) => Promise<void>) {
    const page = await shared.browser.newPage();
    let attempts = 0;
    await page.route('**/api/display/conversion/**', (route) => onConversion(route, ++attempts));
    await page.goto(`${shared.server.url}/examples/show.html`);
    await page.getByRole('button', { name: 'Open on demand' }).click();
    const popup = page.locator('poptin-popup[poptin-id="fixtureshow01"]');
    await popup.locator('input[name=Email]').fill(email);
    await popup.locator('[type=submit]').click();
    return { page, popup, attempts: () => attempts };
  }

  /** The visitor is thanked once the server has the lead, or once it is safe in the outbox for a retry. */
  async function submitAndThank(email: string, onConversion: (route: Route, attempt: number) => Promise<void>) {
    const submitted = await submitOnDemandPopup(email, onConversion);
    await submitted.popup.locator('[data-poptin-screen="thank-you"]').waitFor({ state: 'visible' });
    return submitted;
  }

  it('a lead the server refuses is never thanked: the visitor reads that it was not sent, and it stays in the dead-letter list', async () => {
    const email = 'refused.lead@example.com';
    const { page, popup, attempts } = await submitOnDemandPopup(email, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'body/message is refused here' }),
      }),
    );
    await popup
      .getByRole('alert')
      .filter({ hasText: 'Your details could not be sent. Please try again later.' })
      .waitFor();
    assert.equal(await popup.locator('[data-poptin-screen="thank-you"]').isVisible(), false, 'no thank-you screen');
    assert.equal(await popup.locator('[data-poptin-screen="form"]').isVisible(), true, 'the form is still there');
    const [refused] = (await explainPopup(page, 'fixtureshow01')).refusedLeads;
    assert.equal(refused?.status, 400);
    assert.match(refused!.reason, /body\/message is refused here/);
    // Kept on the device: the next page still lists it, and nothing sends it again by itself.
    await page.reload();
    assert.deepEqual(
      (await explainPopup(page, 'fixtureshow01')).refusedLeads.map((lead) => lead.key),
      [refused!.key],
    );
    assert.equal(attempts(), 1, 'the same body would be refused again: not resent');
    assert.deepEqual(await leadsFor(email), []);
    await page.close();
  });

  it('retries a 503 (honouring Retry-After) until the server takes the lead, which is stored once', async () => {
    const email = 'retry.503@example.com';
    const { page, attempts } = await submitAndThank(email, async (route, attempt) => {
      if (attempt <= 2) await route.fulfill({ status: 503, headers: { 'retry-after': '1' }, body: 'busy' });
      else await route.continue();
    });
    const leads = await eventually(
      'the lead after two 503 answers',
      async () => ((await leadsFor(email)).length ? leadsFor(email) : undefined),
      20_000,
    );
    assert.equal(leads.length, 1);
    // Every field of the conversion call of widget §7 travels with the lead.
    const widgetFields = [
      'url',
      'p_target',
      'checkbox_checked',
      'referrer',
      'previous_url',
      'trigger',
      'poptin_id',
      'title',
      'client_id',
      'visitor',
      'facebook_messanger_data_ref',
      'origin_landing_page',
      'previous_visited_pages',
      'previous_visited_pages_with_current',
      'previous_visited_pages_with_timestamps',
      'all_visited_pages',
      'store_integration',
      'store_integration_customer_id',
      'browser_language',
      'operating_system',
      'last_converted_email',
      'email',
      'phone',
      'name',
      'message',
      'checkbox',
      'newExtraFields',
      'leader_request_cookie',
      'extra_button',
      'coupon',
      'poptin_view_id',
      'visitor_id',
      'idempotency_key',
    ];
    const stored = leads[0].fields;
    assert.deepEqual(
      widgetFields.filter((name) => !(name in stored)),
      [],
    );
    assert.equal(stored.coupon, 'WELCOME10');
    assert.equal(stored.trigger, 'manual');
    assert.equal(stored.visitor, 'desktop');
    // The visitor id the display request sent: the server ties "stop showing to converted users" to it.
    const visitorId = visitorRecordOf(await page.context().cookies()).get('v')?.values[0];
    assert.ok(visitorId);
    assert.equal(stored.visitor_id, visitorId);
    assert.match(String(stored.poptin_view_id), /^\d+$/);
    assert.match(String(stored.all_visited_pages), /show\.html/);
    assert.equal(attempts(), 3);
    await page.close();
  });

  it('gives up on a request that hangs, keeps the lead, and delivers it on the next try', async () => {
    const email = 'retry.hang@example.com';
    const hanging: Route[] = [];
    const { page, attempts } = await submitAndThank(email, async (route, attempt) => {
      if (attempt === 1) hanging.push(route);
      else await route.continue();
    });
    const leads = await eventually(
      'the lead after a timed-out request',
      async () => ((await leadsFor(email)).length ? leadsFor(email) : undefined),
      30_000,
    );
    assert.equal(leads.length, 1);
    assert.equal(attempts(), 2);
    await page.close();
  });

  it('sends a lead kept while the visitor was offline as soon as the browser is back online', async () => {
    const email = 'back.online@example.com';
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    // When each conversion attempt left the page, and how many of them failed.
    await page.addInitScript(() => {
      const record = { attempts: [] as number[], failures: 0 };
      (window as unknown as { conversions: typeof record }).conversions = record;
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (!String(input instanceof Request ? input.url : input).includes('/api/display/conversion/'))
          return send(input, init);
        record.attempts.push(performance.now());
        return send(input, init).catch((error: unknown) => {
          record.failures += 1;
          throw error;
        });
      };
    });
    const conversions = () =>
      page.evaluate(() => (window as unknown as { conversions: { attempts: number[]; failures: number } }).conversions);
    await page.goto(`${shared.server.url}/examples/show.html`);
    await page.getByRole('button', { name: 'Open on demand' }).click();
    const popup = page.locator('poptin-popup[poptin-id="fixtureshow01"]');
    await popup.locator('input[name=Email]').fill(email);
    await context.setOffline(true);
    await popup.locator('[type=submit]').click();
    await popup.locator('[data-poptin-screen="thank-you"]').waitFor({ state: 'visible' });
    // Back online right after the fourth failed attempt: the retry timer now waits at least
    // backoffDelay(4) (4 s), so a sooner delivery can only come from the online event.
    const FAILURES = 4;
    await eventually(
      `${FAILURES} failed attempts while offline`,
      async () => (await conversions()).failures >= FAILURES,
      20_000,
    );
    assert.deepEqual(await leadsFor(email), [], 'nothing reached the server while offline');
    await context.setOffline(false);
    await eventually('the lead after going back online', async () => (await leadsFor(email)).length === 1, 10_000);
    const { attempts, failures } = await conversions();
    assert.equal(failures, FAILURES);
    assert.equal(attempts.length, FAILURES + 1);
    const gap = attempts[FAILURES] - attempts[FAILURES - 1];
    const shortestBackoff = backoffDelay(FAILURES, () => 0);
    assert.ok(
      gap < shortestBackoff,
      `delivered ${gap.toFixed(0)} ms after the last failed attempt; the timer waits at least ${shortestBackoff} ms`,
    );
    await context.close();
  });
});
