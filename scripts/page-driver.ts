// Debian's Chromium driven by playwright-core, and what the benchmarks and the end-to-end tests do in its pages.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: run `apt-get install -y chromium` or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/** Answers the requests of a page or a whole context that match `url` `ms` late, as a slow connection does. */
export async function answerLate(target: Page | BrowserContext, url: string | RegExp, ms: number): Promise<void> {
  await target.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * `times` showings of a pop-up, run inside the page: `window.poptin.show(id)`, its view recorded (it was painted
 * on screen), `window.poptin.close(id)`, its element gone. Inside the page, the driver compiles nothing per showing.
 */
export function showAndCloseInPage(page: Page, id: string, times: number): Promise<void> {
  return page.evaluate(
    async ({ popupId, showings }) => {
      const poptin = (
        window as unknown as { poptin: { show(id: string): Promise<boolean>; close(id: string): Promise<boolean> } }
      ).poptin;
      const selector = `poptin-popup[poptin-id="${popupId}"]`;
      const listening = new AbortController();
      let views = 0;
      window.addEventListener('poptinView', () => void views++, { signal: listening.signal });
      for (let showing = 0; showing < showings; showing++) {
        await poptin.show(popupId);
        while (views === showing) await new Promise((resolve) => setTimeout(resolve, 10));
        await poptin.close(popupId);
        while (document.querySelector(selector)) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      listening.abort();
    },
    { popupId: id, showings: times },
  );
}
