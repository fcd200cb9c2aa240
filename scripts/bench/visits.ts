// One fresh visit of a bench page, as `npm run bench` and `npm run bench:ab` make it.
import type { Browser, Page } from 'playwright-core';
import { measurePage, type PageOptions, type PageRun } from './page-metrics.ts';

/** How long a visit goes on after `load` (and after its act): the widget's deferred work lands in it. */
export const SETTLE_MS = 3_000;

/**
 * The wheel spun as interactions.ts spins the widget's: its spin button clicked once the entrance is over, then the
 * result screen waited for; the visit's settle time follows it.
 */
async function spinTheWheel(page: Page): Promise<void> {
  const button = page.locator('[part~="spin-button"]').first();
  await button.waitFor();
  await page.waitForTimeout(900);
  await button.click();
  await page
    .locator('[data-poptin-screen="win"]:visible, [data-poptin-screen="lose"]:visible')
    .first()
    .waitFor({ timeout: 15_000 });
}

/** One fresh visit of a case's page: the embed scrolled to, the wheels spun (landing on the first prize, as interactions.ts). */
export function visitCase(
  browser: Browser,
  url: string,
  name: string,
  cpuSlowdown: number,
  onProfile?: PageOptions['onProfile'],
): Promise<PageRun> {
  const wheel = name === 'wheel' || name === 'wheelByHand';
  return measurePage(browser, `${url}/examples/${name}.html`, {
    cpuSlowdown,
    settleMs: SETTLE_MS,
    act:
      name === 'embed'
        ? async (page) => page.locator('poptin-embed').scrollIntoViewIfNeeded()
        : wheel
          ? spinTheWheel
          : undefined,
    init: wheel ? () => (Math.random = () => 0.01) : undefined,
    onProfile,
  });
}
