import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  eventually,
  explainPopup,
  ownerGet,
  ownerLeads,
  pressEscapeOnceShown,
  type ServerProcess,
  useBrowserAndServer,
} from './harness.ts';

const leadsOf = (server: ServerProcess) => ownerLeads(server, 'demo');

describe('lightbox demo, end to end', () => {
  const shared = useBrowserAndServer();

  it('shows the pop-up after its delay, and a submitted email becomes a lead in the owner API', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.goto(`${shared.server.url}/examples/lightbox.html`);
    const dialog = page.locator('poptin-popup[poptin-id="demolightbox1"] dialog[open]');
    await dialog.waitFor();
    assert.equal(
      await page.evaluate(() =>
        document
          .querySelector('poptin-popup[poptin-id="demolightbox1"]')
          ?.shadowRoot?.querySelector('dialog')
          ?.matches(':modal'),
      ),
      true,
    );

    await page.locator('poptin-popup[poptin-id="demolightbox1"] input[name=Email]').fill('first.visitor@example.com');
    await page.locator('poptin-popup[poptin-id="demolightbox1"] [type=submit]').click();
    await page
      .locator('poptin-popup[poptin-id="demolightbox1"] [data-poptin-screen="thank-you"]')
      .waitFor({ state: 'visible' });

    const leads = await eventually('the lead in the owner API', async () => {
      const found = (await leadsOf(shared.server)).filter((lead) => lead.email === 'first.visitor@example.com');
      return found.length > 0 ? found : undefined;
    });
    assert.equal(leads.length, 1);
    assert.equal(leads[0].poptin_id, 'demolightbox1');
    assert.match(leads[0].idempotency_key, /^[\w-]{8,128}$/);
    assert.equal(leads[0].url, `${shared.server.url}/examples/lightbox.html`);

    const stats = await ownerGet<{ popups: { poptin_id: string; views: number; conversions: number }[] }>(
      shared.server,
      '/api/owner/demo/stats',
    );
    const row = stats.popups.find((popup) => popup.poptin_id === 'demolightbox1');
    assert.equal(row?.views, 1);
    assert.equal(row?.conversions, 1);

    // The demo stops showing to converted users: the next page view gets it in left_out, and says why.
    const [answer] = await Promise.all([
      page
        .waitForResponse((response) => response.url().endsWith('/api/display/demo'))
        .then((response) => response.json()),
      page.reload(),
    ]);
    assert.ok(!answer.poptins.some((popup: { poptin_id: string }) => popup.poptin_id === 'demolightbox1'));
    assert.ok(answer.left_out.some((popup: { poptin_id: string }) => popup.poptin_id === 'demolightbox1'));
    const explained = await eventually('the explanation on the next page view', async () => {
      const explanation = await explainPopup(page, 'demolightbox1');
      return explanation.state === 'unknown' ? undefined : explanation;
    });
    assert.equal(explained.state, 'blocked');
    assert.deepEqual(
      explained.blockedBy.map(({ rule }) => rule),
      ['stop_showing_to_converted_users'],
    );
    assert.match(explained.blockedBy[0]!.reason, /^the visitor converted on this pop-up at \d{4}-\d\d-\d\dT/);
    assert.equal(await page.locator('poptin-popup[poptin-id="demolightbox1"]').count(), 0, 'not built on the page');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('a real Escape key, once the lightbox has shown 800 ms, closes it at once, records the close, and focus is back on the page', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/lightbox.html`);
    await page.locator('poptin-popup[poptin-id="demolightbox1"] dialog[open]').waitFor();
    await page.evaluate(() => {
      const seen: { requestedDuringKey?: boolean; closed?: boolean } = {};
      (window as unknown as { __escape: typeof seen }).__escape = seen;
      let requested = false;
      document
        .querySelector('poptin-popup[poptin-id="demolightbox1"]')!
        .addEventListener('poptin-request-close', () => (requested = true));
      // The window hears the key after the dialog has handled it: by then the close was asked for, or it waits on a timer.
      window.addEventListener('keydown', (event) => event.key === 'Escape' && (seen.requestedDuringKey = requested), {
        once: true,
      });
      window.addEventListener('poptinClose', () => (seen.closed = true), { once: true });
    });
    await pressEscapeOnceShown(page);
    const seen = await eventually('the close', () =>
      page.evaluate(() => {
        const found = (window as unknown as { __escape: { requestedDuringKey?: boolean; closed?: boolean } }).__escape;
        return found.closed === true && found;
      }),
    );
    assert.equal(seen.requestedDuringKey, true, 'the key press itself closes it, with no wait');
    assert.notEqual(
      await page.evaluate(() => document.activeElement?.localName),
      'poptin-popup',
      'focus is back on the page',
    );
    await eventually('the close in the owner stats', async () => {
      const stats = await ownerGet<{ popups: { poptin_id: string; closes: number }[] }>(
        shared.server,
        '/api/owner/demo/stats',
      );
      return (stats.popups.find((popup) => popup.poptin_id === 'demolightbox1')?.closes ?? 0) >= 1;
    });
    await context.close();
  });

  it('keeps a lead submitted while the server is down, and delivers it exactly once after a restart and reload', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/lightbox.html`);
    await page.locator('poptin-popup[poptin-id="demolightbox1"] dialog[open]').waitFor();

    await shared.server.stop();
    await page.locator('poptin-popup[poptin-id="demolightbox1"] input[name=Email]').fill('offline.visitor@example.com');
    await page.locator('poptin-popup[poptin-id="demolightbox1"] [type=submit]').click();
    await page
      .locator('poptin-popup[poptin-id="demolightbox1"] [data-poptin-screen="thank-you"]')
      .waitFor({ state: 'visible' });
    // The lead waits in the visitor's outbox (localStorage) while the server is unreachable.
    const pending = await eventually('the lead in the outbox', () =>
      page.evaluate(() => {
        const entries = Object.values(
          JSON.parse(localStorage.getItem('poptin_outbox') ?? '{}') as Record<
            string,
            { kind?: string; fields: { email?: string } }
          >,
        );
        return entries.filter(
          (entry) => (entry.kind ?? 'lead') === 'lead' && entry.fields.email === 'offline.visitor@example.com',
        ).length;
      }),
    );
    assert.equal(pending, 1);

    await shared.server.restart();
    await page.reload();
    const leads = await eventually('the lead after the restart', async () => {
      const found = (await leadsOf(shared.server)).filter((lead) => lead.email === 'offline.visitor@example.com');
      return found.length > 0 ? found : undefined;
    });
    // Give any second delivery (retry timer, beacon on pagehide, flush on load) the time to arrive.
    await page.waitForTimeout(1_500);
    const again = (await leadsOf(shared.server)).filter((lead) => lead.email === 'offline.visitor@example.com');
    assert.equal(leads.length, 1);
    assert.equal(again.length, 1);
    await context.close();
  });
});
