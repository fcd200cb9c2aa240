// The three game demos: a pop-up whose template plays a game, wins a coupon and stores the lead with its prize.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { describeWaves, widgetRoundTrips } from '../../scripts/bench/round-trips.ts';
import { eventually, ownerLeads, useBrowserAndServer } from './harness.ts';

/** The demos ask for the email first: the game plays once it is sent. */
async function unlockWithEmail(popup: Locator, email: string): Promise<void> {
  await popup.locator('[locked]').waitFor({ state: 'attached' });
  await popup.locator('[data-poptin-screen="play"] input[name=Email]').fill(email);
  await popup.locator('[data-poptin-screen="play"] [type=submit]').click();
  await popup.locator('[locked]').waitFor({ state: 'detached' });
}

/** The visitor's chance, fixed: 0.01 of the demo's prize weights is its first prize, "10% off" (SPIN10). */
async function luckyPage(page: Page): Promise<{ copies: () => Promise<unknown[]>; errors: string[] }> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.addInitScript(() => {
    Math.random = () => 0.01;
    const copies: unknown[] = [];
    (window as unknown as { __copies: unknown[] }).__copies = copies;
    window.addEventListener('couponCopy', (event) => copies.push((event as CustomEvent).detail));
  });
  return { copies: () => page.evaluate(() => (window as unknown as { __copies: unknown[] }).__copies), errors };
}

describe('game demos, end to end', () => {
  const shared = useBrowserAndServer();

  it('a game placed in the page arrives with its imports in the round trip after the loader', async () => {
    // Every file and call of the widget is answered 250 ms late, so each level of imports stands apart; on a busy
    // machine the page may ask for them later than four round trips after its load.
    const EXPECTED = ['define', 'use-game', 'prizes', 'surface-view', 'shared'];
    const { scriptWaves: waves } = await widgetRoundTrips(
      shared.browser,
      `${shared.server.url}/examples/spin-wheel.html`,
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

  /** A lucky visitor on a game demo page who has pressed its play button. */
  async function playDemo(slug: string, poptinId: string) {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const { errors } = await luckyPage(page);
    await page.goto(`${shared.server.url}/examples/${slug}.html`);
    await page.getByRole('button', { name: 'Play for a discount' }).click();
    return { context, page, errors, popup: page.locator(`poptin-popup[poptin-id="${poptinId}"]`) };
  }

  it('spin wheel: a spin wins a coupon, copying it tells the page, and the lead is stored with the prize', async () => {
    const context = await shared.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const { copies, errors } = await luckyPage(page);
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    await page.goto(`${shared.server.url}/examples/spin-wheel.html`);
    await page.getByRole('button', { name: 'Play for a discount' }).click();
    const popup = page.locator('poptin-popup[poptin-id="demospinwheel"]');
    await popup.locator('dialog[open]').waitFor();
    await popup.locator('[data-poptin-screen="play"]').waitFor({ state: 'visible' });
    assert.equal(await popup.locator('[data-poptin-screen="win"]').isVisible(), false);
    await popup
      .locator('[part~="background-effect"][data-effect="confetti"][data-motion="running"]')
      .waitFor({ state: 'attached' });
    // The confetti is painted once and moved by the compositor: no frame callback of the page's frame after frame.
    const frameCallbacks = await page.evaluate(async () => {
      const ask = window.requestAnimationFrame.bind(window);
      let asked = 0;
      window.requestAnimationFrame = (callback) => {
        asked += 1;
        return ask(callback);
      };
      for (let frame = 0; frame < 30; frame += 1) await new Promise((resolve) => ask(resolve));
      window.requestAnimationFrame = ask;
      return asked;
    });
    assert.equal(frameCallbacks, 0, 'frame callbacks while the confetti falls');

    await unlockWithEmail(popup, 'lucky.spinner@example.com');
    await popup.getByRole('button', { name: 'Spin the wheel' }).click();
    await popup.locator('[data-poptin-screen="win"]').waitFor({ state: 'visible', timeout: 12_000 });
    assert.equal(await popup.locator('[data-poptin-prize-label]').textContent(), '10% off');
    const coupon = popup.locator('[data-poptin-coupon]');
    assert.match((await coupon.textContent()) ?? '', /^SPIN10/);
    await coupon.click();
    await eventually('the couponCopy event', async () => (await copies()).length === 1);
    assert.deepEqual(await copies(), [{ event_name: 'couponCopy', coupon_code: 'SPIN10', prize_label: '10% off' }]);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'SPIN10');

    const lead = await eventually('the lead in the owner API', async () =>
      (await ownerLeads(shared.server, 'demo')).find((found) => found.email === 'lucky.spinner@example.com'),
    );
    assert.equal(lead.poptin_id, 'demospinwheel');
    assert.deepEqual([lead.fields.prize_id, lead.fields.is_winner, lead.fields.coupon], ['prize-10', '1', 'SPIN10']);
    const extraFields = JSON.parse(String(lead.fields.newExtraFields)) as { name: string; value: string }[];
    assert.equal(
      extraFields.find((field) => field.name === 'prize')?.value,
      '10% off',
      'the hidden prize_label field was filled',
    );

    // The wheel is a chunk of its own; the standalone wheel on the page is defined on sight and plays too.
    assert.ok(
      scripts.some((script) => script.includes('/dist/chunks/background-effects-')),
      'the effects chunk was loaded',
    );
    const standalone = page.locator('main > poptin-spin-wheel [part~="wheel"]');
    await standalone.waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('scratch card: scratching away half the cover with the mouse reveals the prize and then the win screen', async () => {
    const { context, page, errors, popup } = await playDemo('scratch-card', 'demoscratchcd');
    await unlockWithEmail(popup, 'lucky.scratcher@example.com');
    const cover = popup.locator('poptin-scratch-card [part~="cover"]');
    await cover.waitFor();
    const box = (await cover.boundingBox())!;
    // Prepared while hidden, the cover is drawn again at its real size once the pop-up shows.
    await eventually('the cover at its real size', () =>
      cover.evaluate((canvas: HTMLCanvasElement) => canvas.width === canvas.offsetWidth && canvas.width > 100),
    );
    const revealed = popup.locator('poptin-scratch-card [part~="base"][data-revealed]');
    // As a person does, the scratching stops once the prize shows: strokes made after it could outlast the win
    // screen's delay on a slow machine.
    const strokes = async (from: number, to: number) => {
      for (let row = from; row < to && (await revealed.count()) === 0; row += 0.1) {
        await page.mouse.move(box.x + 2, box.y + box.height * row);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width - 2, box.y + box.height * row, { steps: 12 });
        await page.mouse.up();
      }
    };
    await strokes(0.05, 0.3);
    assert.equal(await revealed.count(), 0, 'a quarter scratched is not enough');
    await strokes(0.35, 1);
    await revealed.waitFor();
    assert.equal(await popup.locator('poptin-scratch-card [part~="prize"]').textContent(), '10% off');
    await popup.locator('[data-poptin-screen="win"]').waitFor({ state: 'visible', timeout: 8_000 });
    assert.match((await popup.locator('[data-poptin-coupon]').textContent()) ?? '', /^SPIN10/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  /** The control that has the focus, looking inside every open shadow root, named by its part. */
  const focusedPart = (page: Page) =>
    page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.getAttribute('part') ?? active?.localName ?? null;
    });

  for (const [slug, poptinId, control, key] of [
    ['spin-wheel', 'demospinwheel', 'spin-button', 'Enter'],
    ['scratch-card', 'demoscratchcd', 'reveal-button', 'Space'],
    ['gift-box', 'demogiftboxes', 'box', 'Enter'],
  ] as const) {
    it(`${slug}: played from the keyboard alone, Tab from the opened pop-up to its ${control}, and the prize is announced`, async () => {
      const { context, page, errors, popup } = await playDemo(slug, poptinId);
      await popup.locator('dialog[open]').waitFor();
      await popup.locator(`[part~="${control}"]`).first().waitFor();
      // The game is unlocked by its email form first (the lead before the prize), all by keyboard.
      await popup.locator('[locked]').waitFor({ state: 'attached' });
      const toEmail: (string | null)[] = [await focusedPart(page)];
      for (let presses = 0; presses < 4 && toEmail.at(-1) !== 'input'; presses += 1) {
        await page.keyboard.press('Tab');
        toEmail.push(await focusedPart(page));
      }
      assert.equal(toEmail.at(-1), 'input', `Tab went through ${toEmail.join(' → ')}`);
      await page.keyboard.type(`keyboard.${slug}@example.com`);
      await page.keyboard.press('Enter');
      await popup.locator('[locked]').waitFor({ state: 'detached' });
      const visited: (string | null)[] = [await focusedPart(page)];
      for (let presses = 0; presses < 6 && visited.at(-1) !== control; presses += 1) {
        await page.keyboard.press('Tab');
        visited.push(await focusedPart(page));
      }
      assert.equal(visited.at(-1), control, `Tab went through ${visited.join(' → ')}`);
      await page.keyboard.press(key);
      await popup.locator('[data-poptin-screen="win"]').waitFor({ state: 'visible', timeout: 12_000 });
      assert.equal(
        await popup.locator('[aria-live]').filter({ hasText: 'You won' }).first().textContent(),
        'You won: 10% off',
      );
      assert.equal(await popup.locator('[data-poptin-prize-label]').textContent(), '10% off');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
