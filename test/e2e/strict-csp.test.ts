import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually, FIXTURES_ENV, ROOT, useBrowserAndServer } from './harness.ts';

/** Every CSP or Trusted Types violation the page reports, from before its first script. */
async function watchViolations(browser: Browser): Promise<{ page: Page; violations: string[]; errors: string[] }> {
  const page = await browser.newPage();
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      ),
    ),
  );
  page.on(
    'console',
    (message) => /Content Security Policy|Trusted Type/i.test(message.text()) && violations.push(message.text()),
  );
  page.on('pageerror', (error) => errors.push(String(error)));
  return { page, violations, errors };
}

const NONCE = 'fixtureN0nce';
const STRICT_WITH_NONCE = `script-src 'self' 'nonce-${NONCE}'; style-src 'self' 'nonce-${NONCE}'; object-src 'none'; base-uri 'none'; require-trusted-types-for 'script'; trusted-types poptin`;
const STRICT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict CSP</title>
<script type="module" src="/dist/poptin.js?id=widget" nonce="${NONCE}"></script></head>
<body><main><h1>A page with a strict CSP and a nonce</h1></main></body></html>`;

describe('a page with a strict CSP and Trusted Types (no inline script or style, a nonce)', () => {
  const shared = useBrowserAndServer({ env: FIXTURES_ENV });

  it('shows a styled pop-up and runs the conversion code with the nonce, with no violation at all', async () => {
    const { page, violations, errors } = await watchViolations(shared.browser);
    // The page's own answer, with a nonce in its CSP header (the display server's example pages carry none).
    await page.route('**/examples/strict-csp.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'content-security-policy': STRICT_WITH_NONCE },
        body: STRICT_PAGE,
      }),
    );
    await page.goto(`${shared.server.url}/examples/strict-csp.html`);
    const popup = page.locator('poptin-popup[poptin-id="fixturecsp001"]');
    await popup.locator('dialog[open]').waitFor();
    // The template's own inline styles and the frame's stylesheet both apply.
    assert.equal(await popup.locator('h2').evaluate((heading) => getComputedStyle(heading).color), 'rgb(1, 2, 3)');
    assert.equal(
      await popup.locator('[data-poptin-screen="form"]').evaluate((screen) => getComputedStyle(screen).paddingTop),
      '13px',
    );
    assert.equal(
      await popup.locator('label[for="csp-email"]').evaluate((label) => getComputedStyle(label).fontWeight),
      '700',
    );
    assert.notEqual(
      await popup.locator('[part="panel"]').evaluate((panel) => getComputedStyle(panel).borderTopLeftRadius),
      '0px',
    );
    assert.equal(
      await popup.locator('[data-poptin-style]').count(),
      0,
      'the stand-in attributes are gone once applied',
    );

    await popup.locator('input[name=Email]').fill('strict.csp@example.com');
    await popup.locator('[type=submit]').click();
    await eventually('the conversion code ran', () =>
      page.evaluate(() => (window as unknown as { __conversionCodeRan?: string }).__conversionCodeRan),
    );
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).outlineColor), 'rgb(9, 8, 7)');
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the examples under the CSP the server sends them with', { concurrency: 4 }, () => {
  const shared = useBrowserAndServer();
  // Every page of examples/, the K3 site's in its subfolders too.
  const pages = (readdirSync(path.join(ROOT, 'examples'), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.html'))
    .map((file) => file.split(path.sep).join('/'));

  for (const file of pages) {
    it(`${file}: no CSP or Trusted Types violation while it loads and shows what it shows at once`, async () => {
      const { page, violations, errors } = await watchViolations(shared.browser);
      await page.goto(`${shared.server.url}/examples/${file}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      assert.deepEqual(violations, []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it('lightbox.html with the inspector open (lit-html): the pop-up shows styled, no violation', async () => {
    const { page, violations, errors } = await watchViolations(shared.browser);
    await page.goto(`${shared.server.url}/examples/lightbox.html?poptin-debug`);
    await page.locator('poptin-popup dialog[open]').waitFor({ timeout: 20_000 });
    await page.locator('[data-poptin-inspector]').waitFor({ state: 'attached' });
    assert.notEqual(
      await page
        .locator('poptin-popup [part="panel"]')
        .evaluate((panel) => getComputedStyle(panel).borderTopLeftRadius),
      '0px',
    );
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
