// What the console's browser tests share: the fake owner API and Chromium, axe on a page, signing in with the
// keyboard alone, and a new pop-up's editor opened from the gallery.
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';
import { type FakeOwnerApi, startFakeOwnerApi } from './fake-owner-api.ts';

export async function startFakeConsole(): Promise<{ fake: FakeOwnerApi; browser: Browser }> {
  if (!existsSync('dist/console/index.html')) throw new Error('dist/console is missing: run `npm run build` first');
  const fake = await startFakeOwnerApi();
  const browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS });
  return { fake, browser };
}

export async function stopFakeConsole(fake: FakeOwnerApi | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await fake?.close();
}

export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ url: '/node_modules/axe-core/axe.min.js' });
  return page.evaluate(async () => {
    // A dialog fading in or a button changing colour is measured once it has settled, as a person reads it.
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
    return result.violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  });
}

export async function signInWithKeyboard(page: Page, fake: FakeOwnerApi): Promise<void> {
  await page.goto(`${fake.url}/console/`);
  await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
  // Sent from / to the sign-in page, the focus is on its heading: the next Tab reaches the email field.
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  await page.keyboard.press('Tab');
  await page.keyboard.type(fake.owner.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(fake.password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
}

/**
 * A new pop-up from the demo site's gallery, its editor open; returns the pop-up's id. The editor's first open in a
 * browser loads its chunks, which on a busy machine running the suite in parallel can take longer than an action's
 * usual wait.
 */
export async function openNewPopupFromTemplate(page: Page, fake: FakeOwnerApi): Promise<string> {
  await page.goto(`${fake.url}/console/sites/demo`);
  await page.getByRole('button', { name: 'New pop-up from a template' }).first().click();
  await page.getByRole('button', { name: 'Use this template: Newsletter lightbox' }).click();
  await page.getByRole('heading', { level: 2, name: 'Settings' }).waitFor({ timeout: 60_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
}

/** A fresh browser context at `width` × `height`, signed in, with a new pop-up's editor open. */
export async function newEditor(
  browser: Browser,
  fake: FakeOwnerApi,
  width = 1280,
  height = 900,
): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await signInWithKeyboard(page, fake);
  return { page, id: await openNewPopupFromTemplate(page, fake) };
}
