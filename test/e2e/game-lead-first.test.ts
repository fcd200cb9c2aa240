// A game whose pop-up has a form takes the email first, as a shop's wheel does: the game is locked until the form is
// filled in, the lead is sent with the result (carrying the prize), and the coupon never shows before it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, ownerLeads, useBrowserAndServer } from './harness.ts';

describe('a game in a pop-up with a form', () => {
  const shared = useBrowserAndServer();

  it('spin wheel: email first, then the spin, then the win screen with its coupon, the lead taken with the prize before it shows', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    // The visitor's chance, fixed: the demo's first prize, "10% off" (SPIN10). Each lead the pop-up takes is
    // recorded with whether its coupon was already on screen then.
    await page.addInitScript(() => {
      Math.random = () => 0.01;
      const leads: { couponShown: boolean }[] = ((window as unknown as { __leads: unknown[] }).__leads = []);
      // The pop-up hands its lead over (poptin-submit, which the controller sends); window's poptinSubmit follows once
      // the server has it.
      document.addEventListener(
        'poptin-submit',
        () => {
          const coupon = document.querySelector('poptin-popup')?.shadowRoot?.querySelector('[data-poptin-coupon]');
          leads.push({ couponShown: Boolean(coupon?.checkVisibility()) });
        },
        true,
      );
    });
    const leadsTaken = () =>
      page.evaluate(() => (window as unknown as { __leads: { couponShown: boolean }[] }).__leads);
    await page.goto(`${shared.server.url}/examples/spin-wheel.html`);
    await page.getByRole('button', { name: 'Play for a discount' }).click();
    const popup = page.locator('poptin-popup[poptin-id="demospinwheel"]');
    await popup.locator('dialog[open]').waitFor();
    const wheel = popup.locator('poptin-spin-wheel');
    await wheel.locator('[part~="wheel"]').waitFor();

    // Before the email the wheel does not turn, by mouse or by keyboard: locked, it is inert.
    const box = (await wheel.locator('[part~="wheel"]').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press('Enter');
    assert.equal(await wheel.evaluate((element) => (element as HTMLElement).inert), true);
    await page.waitForTimeout(500);
    assert.equal(await wheel.locator('[part~="base"]').getAttribute('data-state'), 'idle');
    const coupon = popup.locator('[data-poptin-coupon]');
    assert.equal(await coupon.isVisible(), false);

    // An empty email is refused with its message, and the wheel stays locked.
    await popup.getByRole('button', { name: 'Unlock the wheel' }).click();
    await popup.locator('[data-poptin-screen="play"]', { hasText: 'This field is required' }).waitFor();
    assert.equal(await wheel.getAttribute('locked'), '');

    await popup.getByLabel('Email address').fill('first.spinner@example.com');
    await popup.getByLabel('Email address').press('Enter');
    await eventually('the wheel unlocked', async () => (await wheel.getAttribute('locked')) === null);
    assert.deepEqual(await leadsTaken(), [], 'the lead waits for its prize');
    await popup.getByRole('button', { name: 'Spin the wheel' }).click();
    await popup.locator('[data-poptin-screen="win"]').waitFor({ state: 'visible', timeout: 12_000 });
    assert.match((await coupon.textContent()) ?? '', /^SPIN10/);
    assert.deepEqual(await leadsTaken(), [{ couponShown: false }], 'one lead, taken before the coupon showed');
    const lead = await eventually('the lead in the owner API', async () =>
      (await ownerLeads(shared.server, 'demo')).find((found) => found.email === 'first.spinner@example.com'),
    );
    assert.deepEqual([lead.fields.prize_id, lead.fields.is_winner, lead.fields.coupon], ['prize-10', '1', 'SPIN10']);
    // The win screen stays: the lead's submit did not replace it.
    await page.waitForTimeout(1_500);
    assert.equal(await coupon.isVisible(), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('scratch card: a locked card keeps its cover whole under the mouse', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/scratch-card.html`);
    await page.getByRole('button', { name: 'Play for a discount' }).click();
    const popup = page.locator('poptin-popup[poptin-id="demoscratchcd"]');
    const card = popup.locator('poptin-scratch-card[locked]');
    const cover = card.locator('[part~="cover"]');
    await cover.waitFor();
    await eventually('the cover at its real size', () =>
      cover.evaluate((canvas: HTMLCanvasElement) => canvas.width === canvas.offsetWidth && canvas.width > 100),
    );
    const box = (await cover.boundingBox())!;
    for (let row = 0.1; row < 1; row += 0.2) {
      await page.mouse.move(box.x + 2, box.y + box.height * row);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 2, box.y + box.height * row, { steps: 8 });
      await page.mouse.up();
    }
    const untouched = await cover.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha] !== 255) return false;
      return true;
    });
    assert.equal(untouched, true, 'the cover was scratched while locked');
    assert.equal(await card.locator('[part~="base"]').getAttribute('data-state'), 'idle');
    await context.close();
  });
});
