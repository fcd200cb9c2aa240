// The K3 brochure site's desktop header at the widths a visitor's window has: the page never scrolls sideways, and a
// third-level menu opened by the mouse or the keyboard shows whole, inside the window.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { useBrowserAndServer } from './harness.ts';

const HOME = '/examples/k3-site/';

/** The box of a submenu once it has faded in, with each of its links' centres hit-tested: is it the link that is there? */
async function shownWhole(page: Page, submenu: Locator) {
  await submenu.waitFor({ state: 'visible' });
  await page.waitForFunction((element) => getComputedStyle(element).opacity === '1', await submenu.elementHandle());
  return submenu.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const links = Array.from(element.querySelectorAll(':scope > li > a')).map((link) => {
      const { left, top, width, height } = link.getBoundingClientRect();
      const found = document.elementFromPoint(left + width / 2, top + height / 2);
      return { text: link.textContent, reachable: found === link || link.contains(found) };
    });
    return {
      left: box.left,
      right: box.right,
      top: box.top,
      bottom: box.bottom,
      windowWidth: document.documentElement.clientWidth,
      windowHeight: window.innerHeight,
      links,
    };
  });
}

function assertInsideWindow(shown: Awaited<ReturnType<typeof shownWhole>>, width: number): void {
  assert.ok(
    shown.left >= 0 && shown.right <= shown.windowWidth,
    `at ${width} px the third-level menu spans ${shown.left}–${shown.right} of ${shown.windowWidth}`,
  );
  assert.ok(
    shown.top >= 0 && shown.bottom <= shown.windowHeight,
    `at ${width} px the third-level menu spans ${shown.top}–${shown.bottom} down`,
  );
  assert.deepEqual(
    shown.links.filter((link) => !link.reachable),
    [],
    `at ${width} px some of its links are covered or clipped`,
  );
}

describe("the K3 site's desktop header stays inside the window", () => {
  const shared = useBrowserAndServer();

  for (const width of [921, 1280, 1920]) {
    it(`${width} px: no sideways scroll, and the third-level menu opened by the mouse is whole and inside the window`, async () => {
      const context = await shared.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${shared.server.url}${HOME}`);
      await page.locator('.site-header[data-layout="desktop"]').waitFor();
      const scroll = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        clientWidth: document.scrollingElement!.clientWidth,
      }));
      assert.equal(
        scroll.scrollWidth,
        scroll.clientWidth,
        `the page scrolls ${scroll.scrollWidth - scroll.clientWidth} px sideways`,
      );

      await page.getByRole('link', { name: 'Pelatihan', exact: true }).hover();
      await page.getByRole('link', { name: 'K3 Spesialis' }).hover();
      assertInsideWindow(await shownWhole(page, page.locator('.submenu .submenu')), width);
      await context.close();
    });
  }

  it('1280 px: the third-level menu reached with Tab is whole and inside the window', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}${HOME}`);
    await page.locator('.site-header[data-layout="desktop"]').waitFor();
    for (let presses = 0; presses < 20; presses++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'K3 Listrik') break;
    }
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      'K3 Listrik',
      'Tab reaches the third level',
    );
    assertInsideWindow(await shownWhole(page, page.locator('.submenu .submenu')), 1280);
    await context.close();
  });
});
