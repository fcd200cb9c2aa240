// The kinds demo: every kind of widget §1 opens in each of its positions, with no server decision.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeWaves, widgetRoundTrips } from '../../scripts/bench/round-trips.ts';
import { useBrowserAndServer } from './harness.ts';

const KINDS = [
  'lightbox',
  'gamified',
  'fullpage',
  'bar',
  'sside',
  'bside',
  'browsing',
  'mobile',
  'social',
  'embedded',
  'content',
];

describe('the kinds demo pages', () => {
  const shared = useBrowserAndServer();

  it('pop-ups placed in the page have their code and its imports in the round trip after the loader', async () => {
    // Every file of the widget is answered 250 ms late, so each level of imports stands apart; on a busy machine the
    // page may ask for them later than four round trips after its load.
    const EXPECTED = ['surfaces', 'surface-view', 'session-shared', 'shared'];
    const { scriptWaves: waves } = await widgetRoundTrips(
      shared.browser,
      `${shared.server.url}/examples/kinds.html`,
      250,
      EXPECTED,
    );
    const described = describeWaves(waves);
    assert.deepEqual(waves[0], ['poptin.js'], described);
    assert.ok(
      EXPECTED.every((file) => waves[1]?.includes(file)),
      described,
    );
  });

  it('each kind opens in each of its positions, where that position says', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    for (const kind of KINDS) {
      await page.goto(`${shared.server.url}/examples/kinds.html?kind=${kind}`);
      await page.waitForFunction(() => customElements.get('poptin-popup') !== undefined);
      const buttons = await page.locator('#position-buttons button').allTextContents();
      if (kind === 'embedded' || kind === 'content') {
        await page.locator(`#in-place poptin-popup [part~="base"][data-open]`).waitFor();
        continue;
      }
      assert.ok(buttons.length > 0, `${kind} has positions`);
      for (const [index, position] of buttons.entries()) {
        const popup = page.locator(`poptin-popup[position="${position}"]`);
        await page.locator(`#open-${index}`).click();
        await popup.locator('[part~="base"]:is([open], :popover-open, [data-open])').waitFor();
        const where = await popup.evaluate((element) => {
          const box = element.shadowRoot!.querySelector('[part~="base"]')!.getBoundingClientRect();
          return { top: box.top, bottom: innerHeight - box.bottom, left: box.left, right: innerWidth - box.right };
        });
        if (kind !== 'fullpage' && kind !== 'bar' && kind !== 'mobile') {
          if (position.includes('top')) assert.ok(where.top <= 13, `${kind} ${position}: top ${where.top}`);
          if (position.includes('bottom')) assert.ok(where.bottom <= 13, `${kind} ${position}: bottom ${where.bottom}`);
          if (position.includes('left')) assert.ok(where.left <= 13, `${kind} ${position}: left ${where.left}`);
          if (position.includes('right')) assert.ok(where.right <= 13, `${kind} ${position}: right ${where.right}`);
        }
        await popup.evaluate((element) =>
          (element as HTMLElement & { requestClose(source: string): boolean }).requestClose('x-button'),
        );
        await popup.locator('[part~="base"]:is([open], :popover-open, [data-open])').waitFor({ state: 'detached' });
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a bar at the top pushes the page down by its height', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/kinds.html?kind=bar`);
    await page.waitForFunction(() => customElements.get('poptin-popup') !== undefined);
    const title = page.locator('#kind-title');
    const before = await title.evaluate((element) => element.getBoundingClientRect().top);
    await page.getByRole('button', { name: 'center-top' }).click();
    const bar = page.locator('poptin-popup[position="center-top"]');
    await bar.locator('[part~="base"][data-open]').waitFor();
    const height = await bar.evaluate((element) => element.getBoundingClientRect().height);
    const after = await title.evaluate((element) => element.getBoundingClientRect().top);
    assert.ok(height > 20);
    assert.equal(after - before, height);
    await context.close();
  });
});
