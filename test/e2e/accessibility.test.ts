import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useBrowserAndServer } from './harness.ts';

// Evaluated rather than added as a script tag: the example pages forbid inline scripts (script-src 'self').
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's WCAG 2.1 A/AA and best-practice rules over one pop-up, its shadow DOM included. */
async function audit(page: Page, poptinId: string): Promise<Violation[]> {
  // Colours are judged once the entry fade and any shake have finished.
  await page.waitForFunction(
    (id) =>
      (document.querySelector(`poptin-popup[poptin-id="${id}"]`)?.shadowRoot?.getAnimations() ?? []).every(
        (animation) => animation.playState !== 'running',
      ),
    poptinId,
  );
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (id) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(
      { include: [[`poptin-popup[poptin-id="${id}"]`]] },
      { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    );
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => JSON.stringify(node.target)),
    }));
  }, poptinId);
}

const FORM_DEMOS = [
  'demoformtypos',
  'demoformbizem',
  'demoformtybiz',
  'demoformnoval',
  'demoformphone',
  'demoformintph',
  'demoformilphn',
];

describe('accessibility of the pop-ups (axe-core, WCAG 2.1 AA)', { concurrency: 3 }, () => {
  const shared = useBrowserAndServer();

  it('the lightbox demo, open and after an empty submit', async () => {
    const page = await shared.browser.newPage();
    await page.goto(`${shared.server.url}/examples/lightbox.html`);
    const popup = page.locator('poptin-popup[poptin-id="demolightbox1"]');
    await popup.locator('dialog[open]').waitFor();
    assert.deepEqual(await audit(page, 'demolightbox1'), []);
    await popup.locator('[type=submit]').click();
    await popup.locator('[aria-invalid="true"]').first().waitFor();
    assert.deepEqual(await audit(page, 'demolightbox1'), []);
    await page.close();
  });

  it("the Wix store's recommendation pop-up, with its products drawn", async () => {
    const page = await shared.browser.newPage();
    await page.goto(`${shared.server.url}/examples/wix-store/`);
    const popup = page.locator('poptin-popup[poptin-id="wixrecommends"]');
    await popup.locator('poptin-product-recommendations [part~="product"]').first().waitFor();
    assert.deepEqual(await audit(page, 'wixrecommends'), []);
    await page.close();
  });

  for (const [path, ids] of [
    ['forms.html', FORM_DEMOS],
    ['forms-he.html', ['demoformilphn', 'demoformtyphe', 'demoformphnhe']],
  ] as const) {
    for (const id of ids) {
      it(`${path}: ${id}, open and after an empty submit`, async () => {
        const page = await shared.browser.newPage();
        await page.goto(`${shared.server.url}/examples/${path}`);
        await page.locator(`[data-poptin-id="${id}"]`).click();
        const popup = page.locator(`poptin-popup[poptin-id="${id}"]`);
        await popup.locator('dialog[open]').waitFor();
        assert.deepEqual(await audit(page, id), []);
        await popup.locator('[type=submit]').first().click();
        await popup.locator('[aria-invalid="true"]').first().waitFor();
        assert.deepEqual(await audit(page, id), []);
        await page.close();
      });
    }
  }
});
