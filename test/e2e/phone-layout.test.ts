// Games and recommendation pop-ups on a 390 × 844 phone, and a scratch card scratched with a mouse.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { eventually, useBrowserAndServer } from './harness.ts';

const PHONE = { width: 390, height: 844 };

/** Left and right edges of an element's box, and of the content box of the screen it sits in. */
function edgesInItsScreen(game: Locator) {
  return game.evaluate((element) => {
    const screen = element.closest('[data-poptin-screen]')!;
    const style = getComputedStyle(screen);
    const box = screen.getBoundingClientRect();
    const inner = element.shadowRoot!.querySelector('[part~="card"], [part~="base"]')!.getBoundingClientRect();
    const own = element.getBoundingClientRect();
    return {
      screen: [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)],
      element: [own.left, own.right],
      drawn: [inner.left, inner.right],
    };
  });
}

/**
 * The pop-up's panel and what is inside it: the panel within the window; the recommendations' box holding their
 * whole list; the template's own buttons below the last product, not over it.
 */
function recommendationLayout(popup: Locator) {
  return popup.evaluate((host) => {
    const root = host.shadowRoot!;
    const panel = root.querySelector('[part~="panel"]')!;
    const recommendations = root.querySelector('poptin-product-recommendations')!;
    const list = recommendations.shadowRoot!.querySelector('[part~="list"]')!;
    const after = Array.from(root.querySelectorAll('.content button')).filter(
      (button) => recommendations.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    return {
      panel: panel.getBoundingClientRect().toJSON() as DOMRect,
      scrolls: panel.scrollHeight > panel.clientHeight && getComputedStyle(panel).overflowY === 'auto',
      element: recommendations.getBoundingClientRect().toJSON() as DOMRect,
      list: list.getBoundingClientRect().toJSON() as DOMRect,
      followingTops: after.map((button) => button.getBoundingClientRect().top),
    };
  });
}

async function assertScrollsInsideTheWindow(page: Page, popup: Locator): Promise<void> {
  const layout = await recommendationLayout(popup);
  assert.ok(
    layout.panel.top >= 0 && layout.panel.bottom <= PHONE.height,
    `the panel spans ${layout.panel.top}–${layout.panel.bottom} of ${PHONE.height} px`,
  );
  assert.ok(
    layout.list.bottom <= layout.element.bottom + 0.5,
    `the products run ${layout.list.bottom - layout.element.bottom} px past their element`,
  );
  for (const top of layout.followingTops)
    assert.ok(
      top >= layout.list.bottom,
      `a button of the template (at ${top}) lies over the products (down to ${layout.list.bottom})`,
    );
  if (!layout.scrolls) return;
  // Scrolled with the mouse wheel over the panel: the panel moves, not the page, down to the template's last button.
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  for (let turn = 0; turn < 12; turn++) await page.mouse.wheel(0, 300);
  const scrolled = await eventually('the panel scrolled to its end', () =>
    popup.evaluate((host) => {
      const panel = host.shadowRoot!.querySelector('[part~="panel"]')!;
      return (
        panel.scrollTop > 0 &&
        Math.abs(panel.scrollHeight - panel.clientHeight - panel.scrollTop) < 2 && { page: window.scrollY }
      );
    }),
  );
  assert.equal(scrolled.page, 0, 'the page behind did not scroll');
}

describe('games and recommendations on a 390 px phone; a scratch card under a mouse', () => {
  const shared = useBrowserAndServer();

  for (const [slug, id, tag] of [
    ['scratch-card', 'demoscratchcd', 'poptin-scratch-card'],
    ['spin-wheel', 'demospinwheel', 'poptin-spin-wheel'],
  ] as const) {
    it(`the ${slug.replace('-', ' ')} fits inside its screen of the pop-up`, async () => {
      const context = await shared.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(`${shared.server.url}/examples/${slug}.html`);
      await page.getByRole('button', { name: 'Play for a discount' }).tap();
      const popup = page.locator(`poptin-popup[poptin-id="${id}"]`);
      await popup.locator('dialog[open]').waitFor();
      const game = popup.locator(tag);
      await game.locator('[part~="base"]').waitFor();
      const edges = await edgesInItsScreen(game);
      for (const [what, [left, right]] of [
        ['element', edges.element],
        ['drawn card', edges.drawn],
      ] as const) {
        assert.ok(
          left! >= edges.screen[0]! - 0.5 && right! <= edges.screen[1]! + 0.5,
          `the ${what} spans ${left}–${right}, its screen ${edges.screen.join('–')}`,
        );
      }
      await context.close();
    });
  }

  it('the Wix recommendation pop-up scrolls inside the window, and nothing lies over its products', async () => {
    const context = await shared.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/wix-store/`);
    const popup = page.locator('poptin-popup[poptin-id="wixrecommends"]');
    await popup.locator('dialog[open]').waitFor({ timeout: 15_000 });
    await popup.locator('poptin-product-recommendations [part~="product"]').first().waitFor();
    await assertScrollsInsideTheWindow(page, popup);
    await context.close();
  });

  it('the Shopify cart pop-up with its recommendations scrolls inside the window, and nothing lies over its products', async () => {
    const context = await shared.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/shopify-store/`);
    await page.getByRole('button', { name: 'Add to cart' }).first().click(); // the backpack, $49
    await page.locator('[data-cart-count]', { hasText: '1' }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).nth(2).click(); // the socks: $68.50, over $50
    const popup = page.locator('poptin-popup[poptin-id="shopcartvalue"]');
    await popup.locator('dialog[open]').waitFor({ timeout: 15_000 });
    await popup.locator('poptin-product-recommendations [part~="product"]').first().waitFor();
    await assertScrollsInsideTheWindow(page, popup);
    await context.close();
  });

  it('scratching with a mouse selects no text, not even the prize once it shows', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}/examples/scratch-card.html`);
    const card = page.locator('main > poptin-scratch-card');
    const cover = card.locator('[part~="cover"]');
    await cover.scrollIntoViewIfNeeded();
    await eventually('the cover drawn', () =>
      cover.evaluate((canvas: HTMLCanvasElement) => canvas.width === canvas.offsetWidth && canvas.width > 100),
    );
    const box = (await cover.boundingBox())!;
    const stroke = async (row: number, pastTheCard = 0) => {
      await page.mouse.move(box.x + 4, box.y + box.height * row);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 4 + pastTheCard, box.y + box.height * row, { steps: 12 });
      await page.mouse.up();
    };
    for (let row = 0.05; row < 1; row += 0.1) await stroke(row);
    await card.locator('[part~="base"][data-revealed]').waitFor();
    // Strokes go on over the prize now showing, and past the card onto the page.
    await stroke(0.5);
    await stroke(0.45, 200);
    const selected = await page.evaluate(() => ({
      page: document.getSelection()?.toString() ?? '',
      card:
        (
          document.querySelector('main > poptin-scratch-card')!.shadowRoot as ShadowRoot & {
            getSelection(): Selection | null;
          }
        )
          .getSelection()
          ?.toString() ?? '',
    }));
    assert.deepEqual(selected, { page: '', card: '' });
    await context.close();
  });
});
