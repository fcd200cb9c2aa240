// Unique coupon codes and lead retention in a site's settings, in the console on the real display server: the owner
// gives the demo lightbox a list, uploads a CSV file and sees the codes left (and a file that is not a list refused,
// each line's problem in the owner's language) and deletes it after the console's question, and chooses how long
// leads are kept, told when the next deletion runs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useBrowserAndServer } from './harness.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PASSWORD = 'e2e coupons password 0123';
const shared = useBrowserAndServer({ env: { CONSOLE_PASSWORD: PASSWORD } });

/** axe-core's WCAG 2.1 A/AA and best-practice rules over the two settings sections (the context bypasses the CSP for it). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(context: object, options: object): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
      };
    };
    const result = await axe.run(
      { include: [['.lead-retention'], ['.coupon-codes']] },
      { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    );
    return result.violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  });
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${shared.server.url}/console/`);
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor();
}

describe("a site's coupon codes and lead retention in the console", () => {
  it('uploads a list of codes and sets how long leads are kept', async () => {
    const { browser, server } = shared;
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const page = await context.newPage();
      await signIn(page);
      await page.goto(`${server.url}/console/sites/demo/settings`);
      await page.getByRole('heading', { name: 'How long leads are kept' }).waitFor();

      const retention = page.locator('form.lead-retention');
      await retention.getByText('Leads are kept until you delete them.').waitFor();
      await retention.getByLabel('Keep leads for').selectOption('1');
      await retention.getByRole('button', { name: 'Save how long leads are kept' }).click();
      await retention.getByText(/^Next deletion: .+\. No lead is older than 1 month yet\.$/).waitFor();

      const coupons = page.locator('section.coupon-codes');
      await coupons.getByText('No pop-up gives unique codes yet.').waitFor();
      await coupons.getByRole('button', { name: 'Add a source of codes' }).click();
      const form = coupons.getByRole('form', { name: 'Add a source of codes' });
      await form.getByLabel('Pop-up').selectOption('demolightbox1');
      await form.getByLabel('Codes come from').selectOption('list');
      await form.getByLabel('Email the owners when this many codes are left').fill('2');
      await form.getByRole('button', { name: 'Save the source' }).click();
      const source = coupons.locator('.coupon-source');
      await source.getByText('None left').waitFor();

      const picker = source.getByLabel('Upload codes for Demo newsletter lightbox');
      await picker.setInputFiles({
        name: 'codes.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('code\nWELCOME-1\nWELCOME-2\nWELCOME-3\n'),
      });
      await source.getByText('3 codes added; 0 were already on the list or given.').waitFor();
      await source.getByText('3 left').waitFor();

      await picker.setInputFiles({
        name: 'bad.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('GOOD-1\nnot a code\n'),
      });
      // Told beside the list it was meant for, each line's problem on its own, the last upload's news gone.
      const refused = source.getByRole('alert');
      await refused.getByText('This list of codes cannot be used:').waitFor();
      assert.deepEqual(await refused.getByRole('listitem').allTextContents(), [
        'Line 2: "not a code" is not a code: use letters, digits, "-" and "_" only.',
      ]);
      assert.equal(await source.getByText('3 codes added; 0 were already on the list or given.').count(), 0);
      await source.getByText('3 left').waitFor();
      assert.deepEqual(await axeViolations(page), []);

      await page.locator('header').getByRole('combobox', { name: 'Language' }).selectOption('he');
      await source.getByLabel('העלאת קודים עבור Demo newsletter lightbox').setInputFiles({
        name: 'bad.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('GOOD-1\nGOOD-2\ngood-1\n'),
      });
      await refused.getByText('אי אפשר להשתמש ברשימת הקודים הזאת:').waitFor();
      assert.deepEqual(await refused.getByRole('listitem').allTextContents(), [
        'שורה 3: \u2066good-1\u2069 כבר מופיע בשורה 1.',
      ]);
      await source.getByText('נותרו 3').waitFor();

      // Deleted after the console's own question, which names the pop-up, in the owner's language.
      await source.getByRole('button', { name: 'מחיקת המקור של Demo newsletter lightbox' }).click();
      const question = page.getByRole('dialog', { name: 'אישור' });
      await question
        .getByText(
          'למחוק את הקודים של \u2068Demo newsletter lightbox\u2069 (את המקור ואת כל הקודים שעוד לא ניתנו)? קודים שכבר ניתנו נשארים עם הלידים שלהם.',
        )
        .waitFor();
      await question.getByRole('button', { name: 'מחיקה', exact: true }).click();
      await coupons.getByText('עדיין אין פופאפ שנותן קודים ייחודיים.').waitFor();
    } finally {
      await context.close();
    }
  });
});
