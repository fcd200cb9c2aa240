// <poptin-chat-button> on a page with no controller: the loader defines it on sight, and it opens the chat.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeWaves, widgetRoundTrips } from '../../scripts/bench/round-trips.ts';
import { chatboxOpens, useBrowserAndServer } from './harness.ts';

describe('the chat button demo, with no <poptin-controller> on the page', () => {
  const shared = useBrowserAndServer();

  it('arrives with its imports in the round trip after the loader, not one round trip after that', async () => {
    // Every file of the widget is answered 250 ms late, so each level of imports stands apart; on a busy machine the
    // page may ask for them later than four round trips after its load.
    const EXPECTED = ['define', 'surface-view', 'shared'];
    const { scriptWaves: waves } = await widgetRoundTrips(
      shared.browser,
      `${shared.server.url}/examples/chat.html`,
      250,
      EXPECTED,
    );
    const described = describeWaves(waves);
    assert.equal(waves.length, 2, described);
    assert.ok(
      EXPECTED.every((file) => waves[1]?.includes(file)),
      described,
    );
  });

  for (const ask of ['#joinchat', '?joinchat']) {
    it(`${ask} in the address opens the chatbox, and it stays open (site §2)`, async () => {
      const page = await shared.browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${shared.server.url}/examples/chat.html${ask}`);
      await chatboxOpens(page);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it('the hash becoming #joinchat after the page loaded opens the chatbox (site §2)', async () => {
    const page = await shared.browser.newPage();
    await page.goto(`${shared.server.url}/examples/chat.html`);
    await page.locator('poptin-chat-button [part="button"]').waitFor();
    await page.waitForTimeout(1_000);
    assert.equal(await page.getByRole('dialog', { name: 'Chat' }).count(), 0, 'closed before');
    await page.evaluate(() => {
      location.hash = 'joinchat';
    });
    await chatboxOpens(page);
    await page.close();
  });

  it('loads only the chat button, shows it, and opens the chat link in a new window', async () => {
    const page = await shared.browser.newPage();
    const errors: string[] = [];
    const scripts: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    const displayCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/display/') && displayCalls.push(request.url()));
    await page.addInitScript(() => {
      (window as unknown as { __opened: unknown[][] }).__opened = [];
      window.open = (...args: unknown[]) => {
        (window as unknown as { __opened: unknown[][] }).__opened.push(args);
        return null;
      };
    });
    await page.goto(`${shared.server.url}/examples/chat.html`);
    const button = page.locator('poptin-chat-button [part="button"]');
    await button.waitFor();
    await page.waitForTimeout(700);
    await button.click();
    await page.locator('poptin-chat-button [part="chatbox"]').waitFor();
    await page.getByRole('checkbox', { name: 'I agree to be contacted' }).check();
    await button.click();
    const opened = await page.evaluate(() => (window as unknown as { __opened: unknown[][] }).__opened);
    assert.equal(opened.length, 1);
    assert.match(
      String(opened[0]![0]),
      /^https:\/\/(wa\.me\/6281234567890|web\.whatsapp\.com\/send\?phone=6281234567890)/,
    );
    assert.deepEqual(opened[0]!.slice(1), ['joinchat', 'noopener']);
    assert.deepEqual(displayCalls, [], 'no display server call');
    assert.equal(
      await page.evaluate(() => Boolean(customElements.get('poptin-popup'))),
      false,
      'the pop-up surfaces were not loaded',
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
